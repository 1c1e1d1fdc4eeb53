import { describe, expect, it } from 'vitest';
import { type RunningEmulator, startEmulator } from '../../../src/emulator/index.js';
import { callEmulator } from './support/callEmulator.js';

// The development credentials an emulator prints: each is its own secret, recognisable by its prefix, and
// the data token is a standard HS256 JWT valid for 30 days on the emulator's clock. Each test starts its own
// emulator, as a developer does, so a start-up that fails is that test's failure.
const START = Date.UTC(2026, 2, 1, 12);
const THIRTY_DAYS = 30 * 24 * 3600 * 1000;

/** Runs `test` against a fresh emulator whose clock starts at START and moves only when `setNow` is called. */
async function withEmulator(test: (emu: RunningEmulator, setNow: (ms: number) => void) => Promise<void>): Promise<void> {
  let now = START;
  const emu = await startEmulator({ port: 0, quiet: true, now: () => now });
  try {
    await test(emu, (ms) => {
      now = ms;
    });
  } finally {
    await emu.close();
  }
}

const decode = (part: string | undefined): unknown => JSON.parse(Buffer.from(part ?? '', 'base64url').toString('utf8'));

describe('the printed development credentials', () => {
  it('are distinct secrets, each named by a prefix that says what it is', () =>
    withEmulator(async (emu) => {
      const c = emu.credentials;
      const keys = [c.apiToken, c.scopedApiToken, c.expiredApiToken, c.scimToken, c.aiApiKey];
      expect(new Set(keys).size).toBe(keys.length);
      expect(c.apiToken).toMatch(/^svc_dev_[\w-]{24}$/);
      expect(c.scopedApiToken).toMatch(/^svc_dev_scoped_[\w-]{24}$/);
      expect(c.expiredApiToken).toMatch(/^svc_dev_expired_[\w-]{24}$/);
      expect(c.scimToken).toMatch(/^svc_scim_[\w-]{24}$/);
      expect(c.aiApiKey).toMatch(/^svc_ai_[\w-]{24}$/);
    }));

  it('name the seeded deployments and the workbook ready to publish', () =>
    withEmulator(async (emu) => {
      const c = emu.credentials;
      expect(c).toMatchObject({ scopedDeploymentId: 42, otherDeploymentId: 43, seed: { deploymentId: 42 } });
      const published = await callEmulator(emu.url, 'POST', `/api/v1/deployments/${c.seed.deploymentId}/workbooks/${c.seed.workbookId}/publish`, { auth: `Bearer ${c.apiToken}` });
      expect(published.status).toBe(200);
      expect(published.json).toMatchObject({ deploymentId: 42, workbookId: c.seed.workbookId, versionNumber: 1 });
    }));

  it('include a data token any JWT library reads: HS256, subject "emulator", expiring 30 days after the start', () =>
    withEmulator(async (emu) => {
      const [head, body, signature] = emu.credentials.dataToken.split('.');
      expect(decode(head)).toEqual({ alg: 'HS256', typ: 'JWT' });
      expect(decode(body)).toEqual({ sub: 'emulator', exp: (START + THIRTY_DAYS) / 1000 });
      // An HMAC-SHA256 is 32 bytes.
      expect(Buffer.from(signature ?? '', 'base64url')).toHaveLength(32);
    }));

  it('keep the data token valid until its 30 days are over', () =>
    withEmulator(async (emu, setNow) => {
      const meta = () => callEmulator(emu.url, 'GET', '/data/v1/meta', { auth: emu.credentials.dataToken });
      setNow(START + THIRTY_DAYS - 1);
      expect((await meta()).status).toBe(200);
      setNow(START + THIRTY_DAYS);
      const refused = await meta();
      expect(refused.status).toBe(401);
      expect(refused.json.error.message).toBe('the token has expired');
    }));
});
