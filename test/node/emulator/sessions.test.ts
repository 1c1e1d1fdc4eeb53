import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningEmulator, startEmulator } from '../../../src/emulator/index.js';
import { callEmulator, openPage } from './support/callEmulator.js';

// The rules of spec-decisions.md "Embed sessions": a session is single-use and valid for five minutes; the
// iframe exchanges it for a token that lives about 24 hours. One emulator whose clock only these tests move.
let emu: RunningEmulator;
let now = Date.UTC(2026, 6, 1);

beforeAll(async () => {
  emu = await startEmulator({ port: 0, quiet: true, now: () => now });
});
afterAll(() => emu.close());

const call = (method: string, path: string, options?: Parameters<typeof callEmulator>[3]) => callEmulator(emu.url, method, path, options);
const FIVE_MINUTES = 5 * 60 * 1000;
const ONE_HOUR = 60 * 60 * 1000;
const ONE_DAY = 24 * ONE_HOUR;
/** The default lifetime: minted for 24 hours, trusted until one hour before that, announced ten minutes ahead. */
const TRUSTED = 23 * ONE_HOUR;
const LEAD = 10 * 60 * 1000;

async function mint(deploymentId = 42): Promise<string> {
  const answer = await call('POST', '/api/v1/embed/generate-session', { auth: `Bearer ${emu.credentials.apiToken}`, body: { deploymentId, externalId: 'dana' } });
  expect(answer.status).toBe(200);
  return answer.json.sessionId as string;
}

const page = (query: string) => openPage(emu.url, `/embed/dashboard/sales-overview?${query}`);
const grants = (token: string) => call('GET', '/embed/token-grants', { headers: { 'x-embed-token': token } });
const tokenStatus = (token: string) => call('GET', '/embed/token-status', { headers: { 'x-embed-token': token } });

describe('an embed session', () => {
  it('is refused at exactly five minutes, as expired rather than unknown, and is not spent by the refusal', async () => {
    const session = await mint();
    now += FIVE_MINUTES;
    expect((await page(`session=${session}`)).error).toEqual({
      name: 'SessionExpiredError',
      message: 'The embed session has expired (sessions live five minutes).',
    });
    // Still expired, not "already used": an expired session opened nothing.
    expect((await page(`session=${session}`)).error.name).toBe('SessionExpiredError');
  });

  it('is refused a second time as already used, with its own reason', async () => {
    const session = await mint();
    expect((await page(`session=${session}`)).error).toBeUndefined();
    expect((await page(`session=${session}`)).error).toEqual({ name: 'SessionError', message: 'The embed session was already used: sessions are single-use.' });
  });

  it('that the platform never issued is refused as not valid', async () => {
    expect((await page('session=ses_never_issued')).error).toEqual({ name: 'SessionError', message: 'The embed session is not valid.' });
  });

  it('cannot be minted for a deployment that does not exist', async () => {
    const answer = await call('POST', '/api/v1/embed/generate-session', { auth: `Bearer ${emu.credentials.apiToken}`, body: { deploymentId: 99, externalId: 'dana' } });
    expect(answer.status).toBe(404);
    expect(answer.json.error.message).toBe('deployment 99 does not exist');
  });
});

describe('the embed token a session is exchanged for', () => {
  it('is trusted 23 hours from the exchange (24 hours minus the trust margin): its check gives that instant, and it is refused at it', async () => {
    const session = await mint();
    now += 60_000;
    const exchangedAt = now;
    const { embedToken } = await page(`session=${session}`);
    const status = await tokenStatus(embedToken);
    expect(status.status).toBe(200);
    expect(status.json).toEqual({ valid: true, expiresAt: exchangedAt + TRUSTED, expiringAt: exchangedAt + TRUSTED - LEAD, now: exchangedAt });
    now = exchangedAt + TRUSTED - 1;
    expect((await grants(embedToken)).status).toBe(200);
    now = exchangedAt + TRUSTED;
    const refused = await tokenStatus(embedToken);
    expect(refused.status).toBe(401);
    expect(refused.json.error).toEqual({
      status: 401,
      name: 'SessionExpiredError',
      message: 'The session expired: the embed token is no longer valid; mint a new session.',
    });
  });

  it('is never read from an address: a page given one is in private mode', async () => {
    const { embedToken } = await page(`session=${await mint()}`);
    expect(embedToken).toMatch(/^emt_/);
    expect(await page(`embedToken=${embedToken}`)).toMatchObject({ mode: 'private', params: {} });
    expect((await grants(embedToken)).json.grants).toMatchObject({ deploymentId: 42, viewer: { name: 'dana' } });
  });

  it('is refused as not valid when it was never issued', async () => {
    const refused = await tokenStatus('emt_never_issued');
    expect(refused.status).toBe(401);
    expect(refused.json.error).toEqual({ status: 401, name: 'SessionError', message: 'The embed token is not valid.' });
  });

  it('serves its page again for the spent session (the page finds the token it kept) and keeps its expiry', async () => {
    const session = await mint();
    const exchangedAt = now;
    const { embedToken } = await page(`session=${session}`);
    now += 1000;
    const reloaded = await call('GET', `/embed/dashboard/sales-overview?session=${session}`);
    expect(reloaded.text).not.toContain(embedToken);
    expect((await grants(embedToken)).json).toMatchObject({ expiresAt: exchangedAt + TRUSTED });
    expect((await tokenStatus(embedToken)).json.expiresAt).toBe(exchangedAt + TRUSTED);
  });
});

describe('expiring embed tokens on demand', () => {
  it('expires only the tokens still valid, counts them, and leaves sessions not yet exchanged usable', async () => {
    // Tokens of the earlier tests are already past their day: start from a clean count.
    now += 2 * ONE_DAY;
    emu.expireEmbedTokens();
    const first = (await page(`session=${await mint()}`)).embedToken as string;
    const second = (await page(`session=${await mint()}`)).embedToken as string;
    const waiting = await mint();
    expect(emu.expireEmbedTokens()).toBe(2);
    expect(emu.expireEmbedTokens()).toBe(0);
    for (const token of [first, second]) expect((await tokenStatus(token)).json.error.name).toBe('SessionExpiredError');
    const later = await page(`session=${waiting}`);
    expect(later.error).toBeUndefined();
    expect((await tokenStatus(later.embedToken)).json.valid).toBe(true);
  });

  it('does not count a token that has already run out on its own', async () => {
    now += 2 * ONE_DAY;
    emu.expireEmbedTokens();
    const token = (await page(`session=${await mint()}`)).embedToken as string;
    now += ONE_DAY;
    expect(emu.expireEmbedTokens()).toBe(0);
    expect((await tokenStatus(token)).json.error.name).toBe('SessionExpiredError');
  });
});
