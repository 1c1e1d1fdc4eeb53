import { afterEach, describe, expect, it } from 'vitest';
import { createRedactor } from '../../../src/credentials/createRedactor.js';
import { forgetSecrets, knownSecrets, MAX_REMEMBERED_SECRETS, rememberSecret } from '../../../src/credentials/rememberSecret.js';
import { redactShownText } from '../../../src/credentials/redactShownText.js';

// The scrubber's cost is linear in its text, whatever the text holds and however many secrets the page
// remembered (up to its bound). The bounds below tell linear from quadratic, not fast from slow: on a 2-core
// machine at rest each 1 MB text takes tens of milliseconds, and the shapes that once made a pattern
// backtrack took seconds for 160 KB (`eyJ-` repeated) and minutes for 1 MB with 256 secrets; 3 s stays
// clear of both even when the machine is shared.

const MB = 1024 * 1024;
const BOUND_MS = 3_000;

/** `unit` repeated to exactly 1 MB. */
const megabyteOf = (unit: string): string => unit.repeat(Math.ceil(MB / unit.length)).slice(0, MB);

/** The texts that made one pattern or another backtrack, and ordinary ones. */
const SHAPES: Readonly<Record<string, string>> = {
  'a JSON Web Token prefix, repeated': megabyteOf('eyJ-'),
  'base64 characters without a break': megabyteOf('QUJDZGVm'),
  'one long run of encoded percent signs': `%${megabyteOf('25')}`,
  'backslashes': megabyteOf('\\'),
  'quotes behind backslashes': megabyteOf('\\\\\\"'),
  'authorization headers without an end': megabyteOf('Authorization: x '),
  'authorities without an @': megabyteOf('%2F%2Fa%3Ab'),
  'raw authorities without an @': megabyteOf('//a:b'),
  'credential parameters': megabyteOf('token=a&'),
  'credential keys whose value never closes': megabyteOf('"token":"'),
  'encoded credential parameters': megabyteOf('%26session%253D%2525'),
  'escaped credential parameters': megabyteOf('\\u0026token\\u003d'),
  'header tuples written as JSON': megabyteOf('["x-api-key","'),
  'the start of remembered secrets, never finished': megabyteOf('secret-12-xxxxxxxxxxxxxx'),
  'the hex of a remembered secret, cut short': megabyteOf(Buffer.from('secret-12-xxxxxxxx').toString('hex')),
  'ordinary text': megabyteOf('Revenue by region, sales up 4% (EU) & note: see above. '),
};

/** Milliseconds `run` takes. */
function time(run: () => void): number {
  const started = performance.now();
  run();
  return performance.now() - started;
}

afterEach(() => forgetSecrets());

describe('the cost of scrubbing', () => {
  it(`is linear: 1 MB of any of ${Object.keys(SHAPES).length} shapes with ${MAX_REMEMBERED_SECRETS} remembered secrets in under ${BOUND_MS} ms`, () => {
    for (let i = 0; i < MAX_REMEMBERED_SECRETS + 10; i++) rememberSecret(`secret-${i}-${'x'.repeat(20)}`);
    // Remembering more than the bound forgets the oldest.
    expect(knownSecrets.size).toBe(MAX_REMEMBERED_SECRETS);
    // Building the matcher of every secret is paid once, at the first scrub after a change.
    expect(time(() => redactShownText('warm up'))).toBeLessThan(BOUND_MS);
    const slow: string[] = [];
    for (const [shape, text] of Object.entries(SHAPES)) {
      const elapsed = time(() => redactShownText(text));
      if (elapsed >= BOUND_MS) slow.push(`${shape}: ${Math.round(elapsed)} ms`);
    }
    expect(slow).toEqual([]);
  }, 120_000);

  it("is linear for the server client's redactor too, whatever its secrets", () => {
    const redact = createRedactor(Array.from({ length: 64 }, (_, i) => `sk_live_${i}_${'y'.repeat(24)}`));
    const slow: string[] = [];
    for (const [shape, text] of Object.entries(SHAPES)) {
      const elapsed = time(() => redact(text));
      if (elapsed >= BOUND_MS) slow.push(`${shape}: ${Math.round(elapsed)} ms`);
    }
    expect(slow).toEqual([]);
  }, 120_000);

  it('still finds a remembered secret at the end of a megabyte of look-alikes', () => {
    for (let i = 0; i < MAX_REMEMBERED_SECRETS; i++) rememberSecret(`secret-${i}-${'x'.repeat(20)}`);
    const last = `secret-${MAX_REMEMBERED_SECRETS - 1}-${'x'.repeat(20)}`;
    const text = `${SHAPES['the start of remembered secrets, never finished']} ${encodeURIComponent(last)}`;
    expect(redactShownText(text).endsWith(' [redacted]')).toBe(true);
  });
});
