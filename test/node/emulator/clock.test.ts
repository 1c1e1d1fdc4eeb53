import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningEmulator, startEmulator } from '../../../src/emulator/index.js';
import { openPage } from './support/callEmulator.js';

// One emulator whose clock only these tests move.
let emu: RunningEmulator;
let now = Date.UTC(2026, 5, 1);

beforeAll(async () => {
  emu = await startEmulator({ port: 0, now: () => now });
});
afterAll(() => emu.close());

const boot = (path: string) => openPage(emu.url, path);
const tokenStatus = async (token: string) => (await fetch(`${emu.url}/embed/token-status`, { headers: { 'x-embed-token': token } })).json();

async function mintSession(): Promise<string> {
  const response = await fetch(`${emu.url}/api/v1/embed/generate-session`, {
    method: 'POST',
    headers: { authorization: `Bearer ${emu.credentials.apiToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ deploymentId: 42, externalId: 'dana' }),
  });
  return ((await response.json()) as { sessionId: string }).sessionId;
}

describe('expiry on the emulator clock', () => {
  it('accepts a session used just inside its five minutes', async () => {
    const sessionId = await mintSession();
    now += 5 * 60 * 1000 - 1;
    const config = await boot(`/embed/chat?sessionId=${sessionId}`);
    expect(config).toMatchObject({ mode: 'signed', grants: { viewer: { name: 'dana' } } });
    expect(config.error).toBeUndefined();
  });

  it('keeps an embed token working for its trusted 23 hours (a day minus the trust margin), then refuses it', async () => {
    const sessionId = await mintSession();
    const { embedToken } = await boot(`/embed/dashboard/sales-overview?session=${sessionId}`);
    expect(embedToken).toEqual(expect.any(String));
    now += 23 * 60 * 60 * 1000 - 1;
    expect(await tokenStatus(embedToken)).toMatchObject({ valid: true });
    now += 1;
    const expired = await tokenStatus(embedToken);
    expect(expired.error.message).toMatch(/expired/);
  });

  it('refuses the data API token once its exp has passed', async () => {
    const meta = () => fetch(`${emu.url}/data/v1/meta`, { headers: { authorization: emu.credentials.dataToken } });
    expect((await meta()).status).toBe(200);
    const exp = JSON.parse(Buffer.from(emu.credentials.dataToken.split('.')[1] ?? '', 'base64url').toString()).exp as number;
    now = exp * 1000;
    const response = await meta();
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: { status: 401, message: 'the token has expired' } });
  });
});
