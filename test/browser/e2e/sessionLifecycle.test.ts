import { createServer } from 'node:net';
import type { Browser, Frame, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import type { RunningEmulator } from '../../../src/emulator/index.js';
import { mintSession, readBoot } from '../emulator/support/emulatorClient.js';
import { connectChromium } from '../support/connectChromium.js';
import { startBuiltEmulator } from '../support/startBuiltEmulator.js';
import type { HostWindow, SessionCall } from './sessionHost/hostWindow.js';
import { startSessionHostApp } from './support/sessionHostApp.js';

// The proofs below use pages (and tenants) of their own: they run side by side, each with its test's `expect`.

/** How long the failing embeds wait for their first `ready` (the app's `readyTimeoutMs`). */
const READY_TIMEOUT_MS = 1500;
/** The code of an embed whose first `ready` did not come within `readyTimeoutMs`. */
const READY_TIMED_OUT = 'SVC309';
/** One handover (the library's limit on a `set-session` answer) plus a load, the most a viewer switch may take. */
const SWITCH_LIMIT_MS = 10_000 + 5_000;
/** How long the machine sleeps in the waking proof: a night. */
const NIGHT_MS = 12 * 3_600_000;
/** The window over which embeds waking together spread their overdue renewals. */
const WAKE_SPREAD_MS = 2_000;

let browser: Browser;
/** Tokens of the platform's life; the viewer-switch test ends them. */
let tenant: RunningEmulator;
/**
 * Tokens of the platform's life (24 hours, trusted for 23), each announced as ending right after its page's
 * first `ready` (the lead is longer than the life): every embed plans its renewal at its own moment in the first
 * half of the 23 hours left, all of them due within the night the page then sleeps.
 */
let sleepy: RunningEmulator;
/** A tenant whose embed pages refuse to be framed by anyone (`frame-ancestors 'none'`). */
let blocked: RunningEmulator;
let host: Awaited<ReturnType<typeof startSessionHostApp>>;

beforeAll(async () => {
  const quiet = { port: 0, host: 'localhost', quiet: true } as const;
  [browser, tenant, sleepy, blocked, host] = await Promise.all([
    connectChromium(),
    startBuiltEmulator({ ...quiet, tokenCheckIntervalMs: 500 }),
    startBuiltEmulator({ ...quiet, sessionExpiringLeadMs: 2 * NIGHT_MS + 3_600_000 }),
    startBuiltEmulator({ ...quiet, frameAncestors: 'none' }),
    startSessionHostApp(),
  ]);
});

afterAll(async () => {
  await browser?.close();
  await Promise.all([tenant?.close(), sleepy?.close(), blocked?.close(), host?.close()]);
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

/** The host page's window as the test reads it (its `__setSession` is set once the page rendered). */
type Win = HostWindow & { __setSession: NonNullable<HostWindow['__setSession']> };

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

// The library side of this proof, with a development host page driving props, is in renewal.test.ts ("another
// viewer's session passed while a renewal's getSession is held"). This one is an app as it ships (a production
// build, StrictMode, getSession on the provider minting for whoever is signed in) and also checks the in-place
// exchanges and the abort signal of the renewal that was called off.
describe.concurrent('the latest viewer wins, in a production app in Chromium against the emulator', () => {
  it("a viewer switch while a renewal's getSession is held: its signal is aborted, the embed ends on the new viewer, the old viewer's late session is never used", async ({ expect }) => {
    const { page, seen, pageErrors } = await open({ scenario: 'switch', viewer: 'viewer-a' });
    try {
      await expect.poll(() => readyCount(page, 'main'), { timeout: 15_000 }).toBe(1);
      expect(await viewerShown(page, 'main')).toBe('viewer-a');

      // Viewer A's token ends; the page says so as it comes back to the foreground, and the renewal's
      // getSession (minting for A) is held by the app's backend.
      await page.evaluate(() => (window as unknown as Win).__hold());
      // (Tokens of other pages of this tenant end too: they count, and change nothing.)
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
        w.__setSession(session);
      }, sessionB);
      await expect.poll(() => viewerShown(page, 'main'), { timeout: SWITCH_LIMIT_MS, interval: 100 }).toBe('viewer-b');
      const switchMs = Date.now() - switchedAt;

      // A's renewal answers now, with a session for A: the library must throw it away.
      await page.evaluate(() => (window as unknown as Win).__release());
      await expect
        .poll(async () => (await calls(page)).find((call) => call.viewer === 'viewer-a' && call.reason === 'renewal')?.settledAt !== undefined, {
          timeout: 10_000,
          interval: 50,
        })
        .toBe(true);
      // A late session would be handed over or loaded at once: a second is ample time to see it.
      await sleep(1_000);
      const all = await calls(page);
      const late = all.find((call) => call.viewer === 'viewer-a' && call.reason === 'renewal') as SessionCall;
      console.log(`[session lifecycle] viewer switch: on viewer B ${switchMs} ms after the switch`);
      expect(late.session).toBeTypeOf('string');
      // The library stopped wanting it when B's session came (the app's backend may stop minting then).
      expect(late.aborted).toBe(true);
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
  });

  it(`20 embeds whose planned renewals fall due while the machine sleeps: on waking each renews once, in place, with its own session, spread over ${WAKE_SPREAD_MS} ms rather than in one tick`, async ({ expect }) => {
    const count = 20;
    const ids = Array.from({ length: count }, (_, index) => `d${index}`);
    // Once the last embed has heard that its token ends (and planned its renewal), the machine sleeps a night.
    const sleepOn = { type: 'svc:event:session-expiring', count, ms: NIGHT_MS };
    const { page, seen, pageErrors } = await open({ scenario: 'wake', count: String(count), sleepOn: JSON.stringify(sleepOn) }, sleepy);
    const readyCounts = () => Promise.all(ids.map((id) => readyCount(page, id)));
    try {
      await expect.poll(readyCounts, { timeout: 30_000, interval: 100 }).toEqual(ids.map(() => 1));
      await expect.poll(() => page.evaluate(() => (window as unknown as Win).__slept !== undefined), { timeout: 10_000, interval: 50 }).toBe(true);
      const slept = (await page.evaluate(() => (window as unknown as Win).__slept)) as { calls: number };

      // The machine wakes: the tab is shown again (the browser's event bubbles to the window). Every planned
      // renewal is overdue.
      const wokeAt = await page.evaluate(() => {
        document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
        return performance.now();
      });
      await expect.poll(readyCounts, { timeout: 15_000, interval: 100 }).toEqual(ids.map(() => 2));

      const wave = (await calls(page)).slice(slept.calls);
      const starts = wave.map((call) => call.startedAt - wokeAt).sort((a, b) => a - b);
      const spanMs = (starts.at(-1) ?? 0) - (starts[0] ?? 0);
      /** The most renewals that started within 100 ms of each other. */
      const crowd = Math.max(...starts.map((start) => starts.filter((other) => other >= start && other - start < 100).length));
      const maxInFlight = await page.evaluate(() => (window as unknown as Win).__maxInFlight);
      console.log(
        `[session lifecycle] wake of ${count} after a night: ${wave.length} getSession calls from +${Math.round(starts[0] ?? 0)} to ` +
          `+${Math.round(starts.at(-1) ?? 0)} ms after the wake, at most ${crowd} within 100 ms, at most ${maxInFlight} in flight on the page`,
      );

      // Nothing renewed while the page slept (its timers were hours out); on waking, each embed renewed once.
      expect(wave.map((call) => call.reason)).toEqual(ids.map(() => 'renewal'));
      expect(new Set(wave.map((call) => call.embedId)).size).toBe(count);
      // Each with a session of its own, taken in place: no embed document was loaded again.
      expect(new Set(wave.map((call) => call.session)).size).toBe(count);
      expect([...seen.exchanged].sort()).toEqual(wave.map((call) => call.session).sort());
      expect(seen.documents).toHaveLength(count);
      // Spread over the window, not in one tick: at least half of it between the first and the last, and never
      // half of them within 100 ms (released together, all 20 start within a few milliseconds).
      expect(starts[0]).toBeGreaterThanOrEqual(0);
      expect(starts.at(-1)).toBeLessThan(WAKE_SPREAD_MS + 2_000);
      expect(spanMs).toBeGreaterThanOrEqual(WAKE_SPREAD_MS / 2);
      expect(crowd).toBeLessThan(count / 2);
      expect(await page.locator('[data-testid^="fallback-"]').count()).toBe(0);
      expect(pageErrors).toEqual([]);
    } finally {
      await page.close();
    }
  });
});

describe.concurrent('offline, in a production app in Chromium against the emulator', () => {
  it('a renewal while the browser is offline spends no try until the network is back, then renews in place, and nothing reaches onError', async ({ expect }) => {
    // Once the embed has heard that its token ends (and planned its renewal), the machine sleeps a night.
    const sleepOn = { type: 'svc:event:session-expiring', count: 1, ms: NIGHT_MS };
    const { page, seen, pageErrors } = await open({ scenario: 'wake', count: '1', backend: 'fetch', sleepOn: JSON.stringify(sleepOn) }, sleepy);
    try {
      await expect.poll(() => readyCount(page, 'd0'), { timeout: 30_000, interval: 100 }).toBe(1);
      await expect.poll(() => page.evaluate(() => (window as unknown as Win).__slept !== undefined), { timeout: 10_000, interval: 50 }).toBe(true);
      const slept = (await page.evaluate(() => (window as unknown as Win).__slept)) as { calls: number };
      const wave = async () => (await calls(page)).slice(slept.calls);

      // The machine wakes without a network: the planned renewal is overdue, and the app's backend unreachable.
      await page.context().setOffline(true);
      await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange', { bubbles: true })));
      await expect.poll(async () => (await wave()).filter((call) => call.settledAt !== undefined).length, { timeout: 10_000, interval: 50 }).toBe(1);
      // Backoff alone would try again 1 s after the failure, then 2 s after that: offline, nothing is tried.
      await sleep(4_000);
      expect((await wave()).map((call) => call.reason)).toEqual(['renewal']);
      expect(await page.locator('[data-testid^="fallback-"]').count()).toBe(0);
      const iframe = page.locator('iframe[data-svc-embed-id="d0"]');
      expect(await iframe.evaluate((element) => getComputedStyle(element).opacity)).toBe('1');

      // The network is back: the renewal tries at once, and the document takes the new session in place.
      const backAt = Date.now();
      await page.context().setOffline(false);
      await expect.poll(() => readyCount(page, 'd0'), { timeout: 10_000, interval: 50 }).toBe(2);
      const [failed, renewed] = await wave();
      console.log(`[session lifecycle] offline renewal: renewed ${Date.now() - backAt} ms after the network came back`);
      expect(renewed).toMatchObject({ reason: 'renewal' });
      expect(failed?.session).toBeUndefined();
      expect(seen.exchanged).toEqual([renewed?.session]);
      expect(seen.documents).toHaveLength(1);
      expect(await errorsOf(page, 'd0')).toEqual([]);
      expect(pageErrors).toEqual([]);
    } finally {
      await page.close();
    }
  });
});

describe.concurrent('a failure stays inside its embed, in a production build', () => {
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

  it('a tenant origin without a scheme: that embed shows its fallback with SVC102; the rest of the app stays on screen and working', async ({ expect }) => {
    expect(await page.evaluate(() => (window as unknown as Win).__production)).toBe(true);
    await expect.poll(() => page.locator('[data-testid="code-badprop"]').textContent({ timeout: 10_000 }).catch(() => null), { timeout: 10_000 }).toBe('SVC102');
    expect((await errorsOf(page, 'badprop')).map((error) => error.code)).toEqual(['SVC102']);
    // The app itself: still rendered, still answering its viewer, and its working embed loads.
    await page.click('[data-testid="counter"]');
    // Given the time a loaded machine takes to render (the poll's default is one second), not a fixed delay.
    await expect.poll(() => page.textContent('[data-testid="counter"]'), { timeout: 10_000 }).toBe('Clicked 1 times');
    await expect.poll(() => readyCount(page, 'good'), { timeout: 15_000 }).toBe(1);
    expect(await page.locator('[data-testid="fallback-good"]').count()).toBe(0);
    expect(pageErrors).toEqual([]);
  });

  it('an unreachable tenant: after readyTimeoutMs a coded error reaches onError and the fallback, whose retry loads once the tenant answers', async ({ expect }) => {
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
    await expect.poll(() => fallback.count(), { timeout: 10_000 }).toBe(0);
    expect(pageErrors).toEqual([]);
  });

  it("a frame the tenant's CSP forbids (frame-ancestors 'none'): the same coded error, the same fallback", async ({ expect }) => {
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
