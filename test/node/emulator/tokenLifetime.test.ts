import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningEmulator, startEmulator } from '../../../src/emulator/index.js';
import { callEmulator, openPage as openAddress } from './support/callEmulator.js';

// The embed token lifetime model on a clock only these tests move: a token minted at the exchange lives
// ttl, the embed trusts it until minted + ttl - trust margin (expiresAt), and the page announces the end
// lead ms before that (expiringAt).
const TTL = 60_000;
const MARGIN = 10_000;
const LEAD = 5_000;
let now = Date.UTC(2026, 10, 25, 9);
let emu: RunningEmulator;

beforeAll(async () => {
  emu = await startEmulator({ port: 0, quiet: true, now: () => now, embedTokenTtlMs: TTL, embedTokenTrustMarginMs: MARGIN, sessionExpiringLeadMs: LEAD });
});
afterAll(() => emu.close());

const call = (method: string, path: string, options?: Parameters<typeof callEmulator>[3]) => callEmulator(emu.url, method, path, options);

async function mint(body: Record<string, unknown> = {}): Promise<string> {
  const answer = await call('POST', '/api/v1/embed/generate-session', { auth: `Bearer ${emu.credentials.apiToken}`, body: { deploymentId: 42, externalId: 'dana', ...body } });
  expect(answer.status).toBe(200);
  return answer.json.sessionId as string;
}

/** Opens a signed dashboard page, exchanging its session as the page does, and returns its boot config and token. */
const openPage = (session: string) => openAddress(emu.url, `/embed/dashboard/sales-overview?session=${session}`);
const tokenStatus = (token: string) => call('GET', '/embed/token-status', { headers: { 'x-embed-token': token } });
const exchange = (token: string, sessionId: unknown, headers: Record<string, string> = {}) =>
  call('POST', '/embed/exchange-session', { headers: { 'x-embed-token': token, ...headers }, body: { sessionId } });

describe('the embed token lifetime', () => {
  it('gives the page its schedule: trusted until minted + ttl - margin, announced lead before that', async () => {
    const mintedAt = now;
    const boot = await openPage(await mint());
    expect(boot).toMatchObject({ tokenExpiresAt: mintedAt + TTL - MARGIN, tokenExpiringAt: mintedAt + TTL - MARGIN - LEAD, serverNow: mintedAt, inPlaceRenewal: true });
    now = mintedAt + TTL - MARGIN - 1;
    expect((await tokenStatus(boot.embedToken)).json).toEqual({ valid: true, expiresAt: mintedAt + TTL - MARGIN, expiringAt: mintedAt + TTL - MARGIN - LEAD, now });
    now = mintedAt + TTL - MARGIN;
    expect((await tokenStatus(boot.embedToken)).json.error.name).toBe('SessionExpiredError');
    // A reload with the token is refused from then on, though the token's whole life is not over.
    expect((await call('GET', '/embed/token-grants', { headers: { 'x-embed-token': boot.embedToken } })).json.error.name).toBe('SessionExpiredError');
  });

  it('refuses a trust margin that leaves no trusted life, and durations that are not whole milliseconds', async () => {
    await expect(startEmulator({ port: 0, embedTokenTtlMs: 1000, embedTokenTrustMarginMs: 1000 })).rejects.toThrow(/must be shorter than its life/);
    await expect(startEmulator({ port: 0, embedTokenTtlMs: 1.5 })).rejects.toThrow(/embedTokenTtlMs must be a whole number of milliseconds/);
    await expect(startEmulator({ port: 0, sessionExpiringLeadMs: -1 })).rejects.toThrow(/sessionExpiringLeadMs/);
  });

  it('takes the platform proportion as the default margin of a short ttl, and the platform defaults otherwise', async () => {
    // On the frozen test clock: the exchange and the page's serving share one instant.
    const short = await startEmulator({ port: 0, quiet: true, now: () => now, embedTokenTtlMs: 1000 });
    const plain = await startEmulator({ port: 0, quiet: true, now: () => now });
    try {
      for (const [emulator, trusted, lead] of [
        // A twenty-fourth of the ttl, as the platform's 1 hour of 24.
        [short, 1000 - Math.floor(1000 / 24), 600_000],
        [plain, 23 * 3600_000, 600_000],
      ] as const) {
        const sessionId = (
          await callEmulator(emulator.url, 'POST', '/api/v1/embed/generate-session', { auth: `Bearer ${emulator.credentials.apiToken}`, body: { deploymentId: 42, externalId: 'dana' } })
        ).json.sessionId as string;
        const boot = await openAddress(emulator.url, `/embed/chat?sessionId=${sessionId}`);
        expect(boot.tokenExpiresAt - boot.serverNow).toBe(trusted);
        expect(boot.tokenExpiresAt - boot.tokenExpiringAt).toBe(lead);
      }
    } finally {
      await short.close();
      await plain.close();
    }
  });
});

describe('warning and expiring tokens on demand', () => {
  it('warn-embed-tokens moves live tokens into their window now, once; expire-embed-tokens ends them', async () => {
    const boot = await openPage(await mint());
    const warnedAt = now;
    const warned = await call('POST', '/_emulator/warn-embed-tokens');
    expect(warned.status).toBe(200);
    expect(warned.json.warned).toBeGreaterThanOrEqual(1);
    expect((await call('POST', '/_emulator/warn-embed-tokens')).json).toEqual({ warned: 0 });
    expect((await tokenStatus(boot.embedToken)).json).toMatchObject({ valid: true, expiringAt: warnedAt, expiresAt: boot.tokenExpiresAt });
    expect(emu.warnEmbedTokens()).toBe(0);
    expect((await call('POST', '/_emulator/expire-embed-tokens')).json.expired).toBeGreaterThanOrEqual(1);
    expect((await tokenStatus(boot.embedToken)).json.error.name).toBe('SessionExpiredError');
    // An expired token is in no window any more.
    expect(emu.warnEmbedTokens()).toBe(0);
  });

  it('answers the control routes to loopback clients of its own origin only', async () => {
    const refused = await call('POST', '/_emulator/warn-embed-tokens', { headers: { origin: 'http://evil.example' } });
    expect(refused.status).toBe(403);
  });
});

describe('exchanging a session in place', () => {
  it('gives a new token with its own schedule for a fresh session of the same viewer, and spends the session', async () => {
    const boot = await openPage(await mint());
    now += 20_000;
    const sessionId = await mint();
    const renewed = await exchange(boot.embedToken, sessionId);
    expect(renewed.status).toBe(200);
    expect(renewed.json).toEqual({ embedToken: expect.stringMatching(/^emt_/), expiresAt: now + TTL - MARGIN, expiringAt: now + TTL - MARGIN - LEAD, now });
    expect(renewed.json.embedToken).not.toBe(boot.embedToken);
    expect((await tokenStatus(renewed.json.embedToken)).json.valid).toBe(true);
    const again = await exchange(renewed.json.embedToken, sessionId);
    expect(again.json.error).toEqual({ status: 400, name: 'SessionError', message: 'The embed session was already used: sessions are single-use.' });
  });

  it('renews a token the embed no longer trusts: that is when pages renew', async () => {
    const boot = await openPage(await mint());
    now += TTL;
    expect((await exchange(boot.embedToken, await mint())).status).toBe(200);
  });

  it('refuses, without spending it, a session of another viewer or deployment, an unknown, expired or missing one, and never echoes it', async () => {
    const stale = await mint();
    now += 5 * 60_000;
    const boot = await openPage(await mint());
    const otherViewer = await mint({ externalId: 'eve' });
    const internal = await mint({ externalId: undefined, internalId: 7 });
    const otherDeployment = await mint({ deploymentId: 43 });
    const fresh = await mint();
    for (const [sessionId, message] of [
      [otherViewer, /another viewer/],
      [internal, /another viewer/],
      [otherDeployment, /deployment 43, not the embed's deployment 42/],
      ['ses_never_issued', /not valid/],
      [stale, /expired/],
    ] as const) {
      const refused = await exchange(boot.embedToken, sessionId);
      expect(refused.status).toBe(400);
      expect(refused.json.error).toMatchObject({ name: 'SessionError', message: expect.stringMatching(message) });
      expect(refused.text).not.toContain(sessionId);
    }
    expect((await exchange(boot.embedToken, '')).json.error.message).toMatch(/sessionId/);
    expect((await exchange('emt_never_issued', fresh)).json.error.message).toMatch(/not one this emulator issued/);
    // Refused above for the token, not spent: it still renews the real page.
    expect((await exchange(boot.embedToken, fresh)).status).toBe(200);
    const elsewhere = await call('POST', '/embed/exchange-session', { headers: { 'x-embed-token': boot.embedToken, origin: 'http://evil.example' }, body: { sessionId: fresh } });
    expect(elsewhere.status).toBe(403);
  });

  it('is refused by an emulator of the older protocol', async () => {
    const older = await startEmulator({ port: 0, quiet: true, inPlaceRenewal: false });
    try {
      const minted = await callEmulator(older.url, 'POST', '/api/v1/embed/generate-session', { auth: `Bearer ${older.credentials.apiToken}`, body: { deploymentId: 42, externalId: 'dana' } });
      const boot = await openAddress(older.url, `/embed/chat?sessionId=${minted.json.sessionId}`);
      expect(boot.inPlaceRenewal).toBe(false);
      const refused = await callEmulator(older.url, 'POST', '/embed/exchange-session', { headers: { 'x-embed-token': boot.embedToken }, body: { sessionId: 'ses_x' } });
      expect(refused.json.error.message).toMatch(/without in-place renewal/);
    } finally {
      await older.close();
    }
  });
});
