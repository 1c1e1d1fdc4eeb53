import { createServer } from 'node:net';
import type { Browser, Frame, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../../src/emulator/index.js';
import { mintSession, readBoot } from '../emulator/support/emulatorClient.js';
import { connectChromium } from '../support/connectChromium.js';
import { startBuiltEmulator } from '../support/startBuiltEmulator.js';
import { startSessionHostApp } from './support/sessionHostApp.js';

/** How long the failing embeds wait for their first `ready` (the app's `readyTimeoutMs`). */
const READY_TIMEOUT_MS = 1500;
/** The code of an embed whose first `ready` did not come within `readyTimeoutMs`. */
const READY_TIMED_OUT = 'SVC309';
/** One handover (the library's limit on a `set-session` answer) plus a load, the most a viewer switch may take. */
const SWITCH_LIMIT_MS = 10_000 + 5_000;

let browser: Browser;
/** Tokens of the default life, ended by the test; pages look at their token every half second. */
let tenant: RunningEmulator;
/** How far the short-lived tenant's clock is behind the machine's (see `shortLived`). */
let tenantBehindMs = 0;
/**
 * Tokens trusted for 570 s, on a clock the test can set back: a token it hands out while its clock is
 * `570 s - 8 s` behind ends, by the clock of the app's page (which is what the app's page plans with), 8 s
 * after it was handed out, while its own page (which keeps the tenant's time) has minutes left and stays quiet.
 */
let shortLived: RunningEmulator;
/** A tenant whose embed pages refuse to be framed by anyone (`frame-ancestors 'none'`). */
let blocked: RunningEmulator;
let host: Awaited<ReturnType<typeof startSessionHostApp>>;

beforeAll(async () => {
  const quiet = { port: 0, host: 'localhost', quiet: true } as const;
  [browser, tenant, shortLived, blocked, host] = await Promise.all([
    connectChromium(),
    startBuiltEmulator({ ...quiet, tokenCheckIntervalMs: 500 }),
    startBuiltEmulator({
      ...quiet,
      tokenCheckIntervalMs: 500,
      embedTokenTtlMs: 600_000,
      embedTokenTrustMarginMs: 30_000,
      sessionExpiringLeadMs: 300_000,
      now: () => Date.now() - tenantBehindMs,
    }),
    startBuiltEmulator({ ...quiet, frameAncestors: 'none' }),
    startSessionHostApp(),
  ]);
});

afterAll(async () => {
  await browser?.close();
  await Promise.all([tenant?.close(), shortLived?.close(), blocked?.close(), host?.close()]);
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A port nobody listens on: the system picks a free one, which is closed again at once. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

interface SessionCall {
  embedId: string;
  reason: string;
  viewer: string;
  startedAt: number;
  settledAt?: number;
  session?: string;
  aborted: boolean;
}
interface Win {
  __calls: SessionCall[];
  __maxInFlight: number;
  __holdMs: number;
  __viewer: string;
  __errors: { embedId: string; code: string | null; message: string }[];
  __events: { embedId: string; type: string }[];
  __setSession: (session: string | undefined) => void;
  __production: boolean;
  __sleepOn?: { type: string; count: number; ms: number };
  __slept?: { calls: number; endedAt: number };
}

/** What the tenant was given, as the browser sent it: sessions in embed addresses and in in-place exchanges. */
interface TenantSide {
  /** The session of each embed document requested, in order (null: a document without one). */
  documents: (string | null)[];
  /** Every session an embed page exchanged in place (`set-session`), in order. */
  exchanged: string[];
  /** Both of the above together, in the order the browser sent them. */
  presented: string[];
  /** The `Content-Security-Policy` of each embed document answered, with its address. */
  policies: { url: string; policy: string }[];
}

/** Opens the host app on a new page, its embeds on `emulator`. */
async function open(query: Record<string, string>, emulator = tenant): Promise<{ page: Page; seen: TenantSide; pageErrors: string[] }> {
  const page = await browser.newPage({ viewport: { width: 1300, height: 1000 } });
  const seen: TenantSide = { documents: [], exchanged: [], presented: [], policies: [] };
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (request.resourceType() === 'document' && url.pathname.startsWith('/embed/')) {
      const session = url.searchParams.get('session');
      seen.documents.push(session);
      if (session !== null) seen.presented.push(session);
    }
    if (url.pathname === '/embed/exchange-session') {
      const { sessionId } = JSON.parse(request.postData() ?? '{}') as { sessionId: string };
      seen.exchanged.push(sessionId);
      seen.presented.push(sessionId);
    }
  });
  page.on('response', (response) => {
    if (new URL(response.url()).pathname.startsWith('/embed/')) {
      seen.policies.push({ url: response.url(), policy: response.headers()['content-security-policy'] ?? '' });
    }
  });
  await page.exposeFunction('mintSession', (_surface: string, viewer: string) => mintSession(emulator, { externalId: viewer }));
  await page.goto(`${host.url}/?${new URLSearchParams({ tenant: emulator.url, ...query })}`);
  return { page, seen, pageErrors };
}

const calls = (page: Page) => page.evaluate(() => (window as unknown as Win).__calls);
const readyCount = (page: Page, embedId: string) =>
  page.evaluate((id) => (window as unknown as Win).__events.filter((e) => e.embedId === id && e.type === 'svc:event:ready').length, embedId);
const errorsOf = (page: Page, embedId: string) =>
  page.evaluate((id) => (window as unknown as Win).__errors.filter((e) => e.embedId === id), embedId);

async function frameOf(page: Page, embedId: string): Promise<Frame> {
  const handle = await page.waitForSelector(`iframe[data-svc-embed-id="${embedId}"]`, { state: 'attached' });
  const frame = await handle.contentFrame();
  if (!frame) throw new Error(`no frame for ${embedId}`);
  return frame;
}

/**
 * The viewer the embed's current document shows as signed in (null while a document is on its way). A signed
 * page learns its viewer when it exchanges its session, after it was served, so its badge says who it is; a
 * private page names its stand-in account in the config it was served with.
 */
async function viewerShown(page: Page, embedId: string): Promise<string | null> {
  try {
    const frame = await frameOf(page, embedId);
    const boot = await readBoot(frame);
    if (boot?.mode === 'private') return boot.viewer.name;
    return await frame.evaluate(() => document.querySelector('[data-testid="viewer-name"]')?.textContent ?? null);
  } catch {
    return null;
  }
}

describe('the latest viewer wins, in Chromium against the emulator', () => {
  it("a viewer switch while a renewal's getSession is held: the embed ends on the new viewer, the old viewer's late session is never used", async () => {
    const { page, seen, pageErrors } = await open({ scenario: 'switch', viewer: 'viewer-a' });
    try {
      await expect.poll(() => readyCount(page, 'main'), { timeout: 15_000 }).toBe(1);
      expect(await viewerShown(page, 'main')).toBe('viewer-a');

      // Viewer A's token ends; the page says so as it comes back to the foreground, and the renewal's
      // getSession (minting for A) is held 2 s by the app's backend.
      await page.evaluate(() => {
        (window as unknown as Win).__holdMs = 2000;
      });
      // (Tokens of pages closed earlier in this file end too: they count, and change nothing.)
      expect(tenant.expireEmbedTokens()).toBeGreaterThanOrEqual(1);
      await (await frameOf(page, 'main')).evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
      await expect
        .poll(async () => (await calls(page)).filter((call) => call.reason === 'renewal' && call.viewer === 'viewer-a').length, { timeout: 5_000, interval: 50 })
        .toBe(1);

      // Meanwhile the app signs in viewer B: its loader mints B's session and passes it as the prop.
      const sessionB = await mintSession(tenant, { externalId: 'viewer-b' });
      const switchedAt = Date.now();
      await page.evaluate((session) => {
        const w = window as unknown as Win;
        w.__viewer = 'viewer-b';
        w.__holdMs = 0;
        w.__setSession(session);
      }, sessionB);
      await expect.poll(() => viewerShown(page, 'main'), { timeout: SWITCH_LIMIT_MS, interval: 100 }).toBe('viewer-b');
      const switchMs = Date.now() - switchedAt;

      // A's renewal answers about 2 s after it started, with a session for A: the library must throw it away.
      await expect
        .poll(async () => (await calls(page)).find((call) => call.viewer === 'viewer-a' && call.reason === 'renewal')?.settledAt !== undefined, {
          timeout: 10_000,
        })
        .toBe(true);
      // A late session would be handed over or loaded at once: a second is ample time to see it.
      await sleep(1_000);
      const all = await calls(page);
      const late = all.find((call) => call.viewer === 'viewer-a' && call.reason === 'renewal') as SessionCall;
      console.log(
        `[session lifecycle] viewer switch: on viewer B ${switchMs} ms after the switch; A's renewal settled ` +
          `${Math.round((late.settledAt ?? 0) - late.startedAt)} ms after it started (signal aborted: ${late.aborted})`,
      );
      expect(late.session).toBeTypeOf('string');
      expect(seen.presented).not.toContain(late.session);
      // Still viewer B, on B's session (the prop's, or one the library asked for since, which mints for B).
      expect(await viewerShown(page, 'main')).toBe('viewer-b');
      const sessionsOfB = [sessionB, ...all.filter((call) => call.viewer === 'viewer-b').map((call) => call.session)];
      expect(sessionsOfB).toContain(seen.presented.at(-1));
      // Every document the embed loaded was signed: none fell back to the tenant's own sign-in.
      expect(seen.documents).not.toContain(null);
      expect(await page.locator('[data-testid="fallback-main"]').count()).toBe(0);
      expect(pageErrors).toEqual([]);
    } finally {
      await page.close();
    }
  }, 60_000);

  it('20 embeds whose planned renewals fall due while the page sleeps: each renews with its own session, at most 4 getSession calls in flight, spread over time', async () => {
    const count = 20;
    const ids = Array.from({ length: count }, (_, index) => `d${index}`);
    const { page, seen, pageErrors } = await open({ scenario: 'wake', count: String(count) }, shortLived);
    const readyCounts = () => Promise.all(ids.map((id) => readyCount(page, id)));
    /** The getSession calls from index `from` on, and how their starts (from `since` on) fell in time. */
    const stats = async (from: number, since = 0) => {
      const wave = (await calls(page)).slice(from);
      const starts = wave
        .map((call) => call.startedAt)
        .filter((start) => start >= since)
        .sort((a, b) => a - b);
      return {
        wave,
        maxInFlight: await page.evaluate(() => (window as unknown as Win).__maxInFlight),
        spanMs: Math.round((starts.at(-1) ?? 0) - (starts[0] ?? 0)),
        // The most calls that began within 2 ms of each other: a wave released in one tick shows up here.
        burst: Math.max(...starts.map((start) => starts.filter((other) => other >= start && other - start < 2).length)),
        started: starts.length,
        firstStarts: starts.slice(0, 6).map((start) => Math.round(start - (since || (starts[0] ?? 0)))),
      };
    };
    /** Waits for every embed to have said `ready` `times` times; if one does not, says what each of those went through. */
    const allReady = async (times: number) => {
      try {
        await expect.poll(readyCounts, { timeout: 30_000, interval: 100 }).toEqual(ids.map(() => times));
      } catch (error) {
        const counts = await readyCounts();
        const stuck = ids.filter((_, index) => counts[index] !== times);
        const story = await page.evaluate((names) => {
          const w = window as unknown as Win;
          return names.map((id) => ({
            id,
            events: w.__events.filter((e) => e.embedId === id).map((e) => e.type.slice(10)),
            calls: w.__calls.filter((c) => c.embedId === id).map((c) => `${c.reason}${c.settledAt === undefined ? ' (pending)' : ''}${c.aborted ? ' (aborted)' : ''}`),
            errors: w.__errors.filter((e) => e.embedId === id).map((e) => e.message),
          }));
        }, stuck);
        console.log(`[session lifecycle] embeds not ready ${times} times: ${JSON.stringify(story)}`);
        throw error;
      }
    };
    try {
      await expect.poll(readyCounts, { timeout: 40_000, interval: 250 }).toEqual(ids.map(() => 1));

      // Round 1: every token ends at once (the embed pages say so within half a second), and the tokens that
      // replace them end 8 s later by the app's clock (see `shortLived`).
      tenantBehindMs = 570_000 - 8_000;
      const first = (await calls(page)).length;
      expect(shortLived.expireEmbedTokens()).toBe(count);
      await allReady(2);
      const ended = await stats(first);

      // Round 2: the new tokens enter their expiring window; each embed plans its renewal at its own moment in
      // the first half of the (at most) 8 s left. Right after the last of them heard it, the page sleeps for 4 s:
      // its event loop is held, so no timer runs while every planned renewal falls due, and when it runs again
      // all of them are overdue, as after a machine's sleep. (Chromium does not freeze a page that is shown, so
      // the page holds itself.) From here the backend takes 300 ms a session, so calls started together overlap.
      await page.evaluate((total) => {
        const w = window as unknown as Win;
        w.__holdMs = 300;
        w.__maxInFlight = 0;
        w.__sleepOn = { type: 'svc:event:session-expiring', count: total, ms: 4_000 };
      }, count);
      const second = (await calls(page)).length;
      expect(shortLived.warnEmbedTokens()).toBe(count);
      await expect.poll(() => page.evaluate(() => (window as unknown as Win).__slept !== undefined), { timeout: 15_000, interval: 100 }).toBe(true);
      const slept = (await page.evaluate(() => (window as unknown as Win).__slept)) as { calls: number; endedAt: number };
      const wokeAt = Date.now();
      // The tab says it is back, after what was overdue had its turn.
      await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
      await allReady(3);
      const renewedMs = Date.now() - wokeAt;
      const woke = await stats(second, slept.endedAt);
      console.log(
        `[session lifecycle] ${count} tokens ending together: ${ended.wave.length} getSession calls, at most ${ended.maxInFlight} in flight, ` +
          `starts over ${ended.spanMs} ms, at most ${ended.burst} within 2 ms (first at +${ended.firstStarts.join(', +')} ms)`,
      );
      console.log(
        `[session lifecycle] wake of ${count} after a 4 s sleep: all ready again within ${renewedMs} ms; ${woke.wave.length} getSession calls, ` +
          `${slept.calls - second} before the sleep; the ${woke.started} after it at most ${woke.maxInFlight} in flight, over ${woke.spanMs} ms, ` +
          `at most ${woke.burst} within 2 ms (the first at +${woke.firstStarts.join(', +')} ms after the wake)`,
      );

      for (const round of [ended, woke]) {
        expect(round.wave.map((call) => call.reason)).toEqual(ids.map(() => 'renewal'));
        expect(new Set(round.wave.map((call) => call.embedId)).size).toBe(count);
        // Each embed took its own session, in place.
        expect(new Set(round.wave.map((call) => call.session)).size).toBe(count);
        expect(round.maxInFlight).toBeLessThanOrEqual(4);
      }
      // Most renewals fell due during the sleep (the others were planned early enough to start before it), and
      // they did not start in one tick.
      expect(woke.started).toBeGreaterThanOrEqual(8);
      expect(woke.burst).toBeLessThan(4);
      const sessions = [...ended.wave, ...woke.wave].map((call) => call.session);
      expect([...seen.exchanged].sort()).toEqual([...sessions].sort());
      expect(seen.documents).toHaveLength(count);
      expect(await page.locator('[data-testid^="fallback-"]').count()).toBe(0);
      expect(pageErrors).toEqual([]);
    } finally {
      tenantBehindMs = 0;
      await page.close();
    }
  }, 120_000);
});

describe('a failure stays inside its embed, in a production build', () => {
  let page: Page;
  let pageErrors: string[];
  let seen: TenantSide;
  let unreachablePort: number;
  let openedAt: number;
  let lateTenant: RunningEmulator | undefined;

  beforeAll(async () => {
    unreachablePort = await freePort();
    const opened = await open({
      scenario: 'failures',
      unreachable: `http://127.0.0.1:${unreachablePort}`,
      blocked: blocked.url,
      readyTimeoutMs: String(READY_TIMEOUT_MS),
    });
    ({ page, pageErrors, seen } = opened);
    openedAt = Date.now();
  });

  afterAll(async () => {
    await page?.close();
    await lateTenant?.close();
  });

  it('a tenant origin without a scheme: that embed shows its fallback with SVC102; the rest of the app stays on screen and working', async () => {
    expect(await page.evaluate(() => (window as unknown as Win).__production)).toBe(true);
    await expect.poll(() => page.locator('[data-testid="code-badprop"]').textContent({ timeout: 10_000 }).catch(() => null), { timeout: 10_000 }).toBe('SVC102');
    expect((await errorsOf(page, 'badprop')).map((error) => error.code)).toEqual(['SVC102']);
    // The app itself: still rendered, still answering its viewer, and its working embed loads.
    await page.click('[data-testid="counter"]');
    await expect.poll(() => page.textContent('[data-testid="counter"]')).toBe('Clicked 1 times');
    await expect.poll(() => readyCount(page, 'good'), { timeout: 15_000 }).toBe(1);
    expect(await page.locator('[data-testid="fallback-good"]').count()).toBe(0);
    expect(pageErrors).toEqual([]);
  });

  it('an unreachable tenant: after readyTimeoutMs a coded error reaches onError and the fallback, whose retry loads once the tenant answers', async () => {
    const fallback = page.locator('[data-testid="fallback-unreachable"]');
    await fallback.waitFor({ timeout: READY_TIMEOUT_MS + 10_000 });
    const failedMs = Date.now() - openedAt;
    const code = await page.textContent('[data-testid="code-unreachable"]');
    expect(code).toBe(READY_TIMED_OUT);
    const errors = await errorsOf(page, 'unreachable');
    expect(errors.map((error) => error.code)).toEqual([code]);
    expect(errors[0]?.message.startsWith(code as string)).toBe(true);
    console.log(`[session lifecycle] unreachable tenant: fallback with ${code} ${failedMs} ms after the page opened`);

    // The tenant comes up on that port; the viewer presses the fallback's retry: a new load, and it is ready.
    lateTenant = await startBuiltEmulator({ port: unreachablePort, host: '127.0.0.1', quiet: true });
    await page.click('[data-testid="retry-unreachable"]');
    await expect.poll(() => readyCount(page, 'unreachable'), { timeout: 15_000 }).toBe(1);
    await expect.poll(() => fallback.count()).toBe(0);
    expect(pageErrors).toEqual([]);
  });

  it("a frame the tenant's CSP forbids (frame-ancestors 'none'): the same coded error, the same fallback", async () => {
    await page.locator('[data-testid="fallback-blocked"]').waitFor({ timeout: READY_TIMEOUT_MS + 10_000 });
    // The premise: the tenant did answer, and refused to be framed.
    const policies = seen.policies.filter((answer) => answer.url.startsWith(`${blocked.url}/`));
    expect(policies.length).toBeGreaterThan(0);
    expect(policies.every((answer) => /frame-ancestors 'none'/.test(answer.policy))).toBe(true);
    const code = await page.textContent('[data-testid="code-blocked"]');
    // The same failure as a tenant nobody answers at: the browser tells the app neither, only the silence.
    expect(code).toBe(READY_TIMED_OUT);
    expect((await errorsOf(page, 'blocked')).map((error) => error.code)).toEqual([code]);
    expect(await readyCount(page, 'blocked')).toBe(0);
    expect(pageErrors).toEqual([]);
  });
});
