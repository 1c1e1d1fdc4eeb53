import { describe, expect, it } from 'vitest';
import { isWellFormedTimezone, resolveTimezone } from '../../../../src/protocol/resolveTimezone.js';

describe('time zone values', () => {
  it.each(['America/New_York', 'America/Argentina/Buenos_Aires', 'Asia/Kolkata', 'Etc/GMT+5', 'UTC'])('uses the IANA zone %s as given', (zone) => {
    expect(isWellFormedTimezone(zone)).toBe(true);
    expect(resolveTimezone(zone)).toBe(zone);
  });

  it.each(['+05:30', '-0800', '+05', 'Mars/Olympus_Mons', 'Europe/Atlantis'])('says the platform ignores the well-formed %s', (zone) => {
    expect(isWellFormedTimezone(zone)).toBe(true);
    expect(resolveTimezone(zone)).toBeNull();
  });

  it.each(['', 'New York', 'Europe/Berlin\n', 'x'.repeat(65), 42, null, undefined])('refuses the malformed %j', (zone) => {
    expect(isWellFormedTimezone(zone)).toBe(false);
    if (typeof zone === 'string') expect(resolveTimezone(zone)).toBeNull();
  });
});
