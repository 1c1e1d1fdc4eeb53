import type { Browser, CDPSession, Frame, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../../src/emulator/index.js';
import { connectChromium } from '../support/connectChromium.js';
import { startBuiltEmulator } from '../support/startBuiltEmulator.js';
import { startHostApp } from './support/hostApp.js';
import { mintForSurface as mint, openHostPage } from './support/hostPage.js';

/**
 * Token lives each embed stays open for. The suite keeps it short; `SVC_RENEWAL_LIVES=20` runs the long
 * version (about 70 s), whose figures the Sessions and renewal docs page quotes.
 */
const LIVES = Number(process.env.SVC_RENEWAL_LIVES ?? 3);
/** A token lives 6 s, is trusted for 5 s and announced 2 s before: an expiring event 3 s after each mint. */
const LIFETIME = { embedTokenTtlMs: 6000, embedTokenTrustMarginMs: 1000, sessionExpiringLeadMs: 2000 } as const;

let browser: Browser;
/** Tokens that end every few seconds (the lifetime above). */
let emulator: RunningEmulator;
/** The same, as the older platform: no renewal events, `set-session` unknown. */
let olderPlatform: RunningEmulator;
/** A token trusted for 9 s, announced 2 s ahead: room for a tab to sleep through one expiry, and 7 s of calm after. */
let slower: RunningEmulator;
/** Tokens of the default life (a day): they end only when the test says so. */
let steady: RunningEmulator;
let host: Awaited<ReturnType<typeof startHostApp>>;

beforeAll(async () => {
  const quiet = { port: 0, host: 'localhost', quiet: true } as const;
  [browser, emulator, olderPlatform, slower, steady, host] = await Promise.all([
    connectChromium(),
    startBuiltEmulator({ ...quiet, ...LIFETIME }),
    startBuiltEmulator({ ...quiet, ...LIFETIME, inPlaceRenewal: false }),
    startBuiltEmulator({ ...quiet, embedTokenTtlMs: 10_000, embedTokenTrustMarginMs: 1000, sessionExpiringLeadMs: 2000 }),
    startBuiltEmulator(quiet),
    startHostApp(),
  ]);
});

afterAll(async () => {
  await browser?.close();
  await Promise.all([emulator?.close(), olderPlatform?.close(), slower?.close(), steady?.close(), host?.close()]);
});

/** Opens the host app on `tenant`, with `scenario` and `query` in its address. */
const open = (tenant: RunningEmulator, scenario: string, query: Record<string, string> = {}) =>
  openHostPage({ browser, host, emulator: tenant }, { scenario, ...query });

type Recorded = { embedId: string; type: string; payload: Record<string, unknown> };
type Win = { __events: Recorded[]; __sessionRequests: { embedId: string; reason: string }[] };
const eventsOf = (page: Page, embedId: string, type: string) =>
  page.evaluate(([id, t]) => (window as unknown as Win).__events.filter((e) => e.embedId === id && e.type === t), [embedId, type] as const);
const countOf = async (page: Page, embedId: string, type: string) => (await eventsOf(page, embedId, type)).length;
const requestsOf = (page: Page, embedId: string) =>
  page.evaluate((id) => (window as unknown as Win).__sessionRequests.filter((r) => r.embedId === id).map((r) => r.reason), embedId);

async function frameOf(page: Page, embedId: string): Promise<Frame> {
  const handle = await page.waitForSelector(`iframe[data-svc-embed-id="${embedId}"]`, { state: 'attached' });
  const frame = await handle.contentFrame();
  if (!frame) throw new Error(`no frame for ${embedId}`);
  return frame;
}

/**
 * The debugger sessions that together run every script of the page: the page's own, which holds its frames
 * in the same process, and one for each frame Chromium put in a process of its own (site isolation).
 */
async function scriptSessions(page: Page): Promise<CDPSession[]> {
  const sessions = [await page.context().newCDPSession(page)];
  for (const frame of page.frames()) {
    if (frame === page.mainFrame()) continue;
    const own = await page
      .context()
      .newCDPSession(frame)
      .catch((error: Error) => {
        if (/does not have a separate CDP session/.test(error.message)) return null;
        throw error;
      });
    if (own) sessions.push(own);
  }
  return sessions;
}

describe('sessions that never interrupt the viewer, in Chromium against the emulator', () => {
  it(`renews a signed dashboard and app in place for ${LIVES} token lives: one document each, state kept, no error`, async () => {
    const { page, documents } = await open(emulator, 'renewal');
    const ids = ['dash', 'app'] as const;
    for (const id of ids) await expect.poll(() => countOf(page, id, 'svc:event:ready'), { timeout: 15_000 }).toBe(1);
    // The viewer's own state: the app opened on a workbook (an in-embed path no prop controls), text typed.
    const workbook = '/embed/d/42/app/workbook/130';
    await page.evaluate((path) => (window as unknown as { __navigateApp: (path: string) => void }).__navigateApp(path), workbook);
    await expect.poll(async () => (await eventsOf(page, 'app', 'svc:event:view')).at(-1)?.payload.path, { timeout: 10_000 }).toBe(workbook);
    const frames = await Promise.all(ids.map((id) => frameOf(page, id)));
    const origins = await Promise.all(frames.map((frame) => frame.evaluate(() => performance.timeOrigin)));
    const addresses = frames.map((frame) => frame.url());
    for (const frame of frames) await frame.fill('[data-testid="agent-input"]', 'typed before the first renewal');
    const paths = await Promise.all(ids.map(async (id) => (await eventsOf(page, id, 'svc:event:view')).at(-1)?.payload.path));

    // Sample what the viewer sees while the tokens come and go: the expired state must never show.
    let samples = 0;
    let expiredSeen = 0;
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        for (const frame of frames) if ((await frame.$('[data-testid="session-expired"]').catch(() => null)) !== null) expiredSeen += 1;
        samples += 1;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    })();
    try {
      for (const id of ids) {
        await expect.poll(() => countOf(page, id, 'svc:event:ready'), { timeout: LIVES * 6_000 + 10_000, interval: 250 }).toBe(LIVES + 1);
      }
    } finally {
      sampling = false;
      await sampler;
    }

    expect(documents).toHaveLength(2);
    expect(samples).toBeGreaterThan(LIVES * 5);
    expect(expiredSeen).toBe(0);
    for (const [index, id] of ids.entries()) {
      const frame = frames[index] as Frame;
      expect(await countOf(page, id, 'svc:event:error')).toBe(0);
      expect(await countOf(page, id, 'svc:event:session-expired')).toBe(0);
      expect(await countOf(page, id, 'svc:event:session-expiring')).toBe(LIVES);
      // One getSession per renewal, and the first load's.
      expect(await requestsOf(page, id)).toEqual(['initial', ...Array.from({ length: LIVES }, () => 'renewal')]);
      expect(await frame.evaluate(() => performance.timeOrigin)).toBe(origins[index]);
      expect(new URL(frame.url()).pathname).toBe(new URL(addresses[index] as string).pathname);
      expect(await frame.inputValue('[data-testid="agent-input"]')).toBe('typed before the first renewal');
      expect((await eventsOf(page, id, 'svc:event:view')).at(-1)?.payload.path).toBe(paths[index]);
    }
    await page.close();
  }, LIVES * 7_000 + 40_000);

  it('asleep through an expiry, then shown: exactly one renewal, in place', async () => {
    const { page, documents } = await open(slower, 'renewal');
    await expect.poll(() => countOf(page, 'dash', 'svc:event:ready'), { timeout: 15_000 }).toBe(1);
    const frame = await frameOf(page, 'dash');
    const origin = await frame.evaluate(() => performance.timeOrigin);
    // A clock in each document, to see afterwards that neither ran while the page slept.
    const startClock = () => {
      const ticks: number[] = [];
      (window as unknown as { __ticks: number[] }).__ticks = ticks;
      setInterval(() => ticks.push(Date.now()), 100);
    };
    const longestPause = () => {
      const ticks = (window as unknown as { __ticks: number[] }).__ticks;
      return Math.max(...ticks.slice(1).map((tick, index) => tick - (ticks[index] as number)));
    };
    await page.evaluate(startClock);
    await frame.evaluate(startClock);

    // The page sleeps through the token's expiring window and its end, as a machine does: no timer, no message
    // handler, no token check runs in the app or in the embed until it wakes. (Chromium freezes only a hidden
    // page, and a headless page is never hidden, so the debugger holds every script of the page instead.)
    const sessions = await scriptSessions(page);
    await Promise.all(sessions.map((session) => session.send('Debugger.enable')));
    await Promise.all(sessions.map((session) => session.send('Debugger.pause')));
    await new Promise((resolve) => setTimeout(resolve, 9_500));
    await Promise.all(sessions.map((session) => session.send('Debugger.resume')));
    await Promise.all(sessions.map((session) => session.send('Debugger.disable')));
    // The tab is shown again: both documents hear it.
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    await frame.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    await expect.poll(() => countOf(page, 'dash', 'svc:event:ready'), { timeout: 3_000, interval: 100 }).toBe(2);
    // Every trigger that caught up (the expired event, the embed's fatal error, the tab's return) joined.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(await page.evaluate(longestPause)).toBeGreaterThan(9_000);
    expect(await frame.evaluate(longestPause)).toBeGreaterThan(9_000);
    // The embed woke past its token's end, and said so.
    expect(await countOf(page, 'dash', 'svc:event:session-expired')).toBe(1);
    expect(await countOf(page, 'dash', 'svc:event:ready')).toBe(2);
    expect((await requestsOf(page, 'dash')).filter((reason) => reason === 'renewal')).toHaveLength(1);
    expect(documents.filter((url) => url.includes('/embed/dashboard/'))).toHaveLength(1);
    expect(await frame.evaluate(() => performance.timeOrigin)).toBe(origin);
    expect(await frame.$('[data-testid="session-expired"]')).toBeNull();
    await page.close();
  }, 60_000);

  it('20 embeds whose tokens end together: 20 getSession calls, no reload, no long task in the host page', async () => {
    const { page, documents } = await open(steady, 'renewal-many', { count: '20' });
    await page.evaluate(() => {
      const longTasks: number[] = [];
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) longTasks.push(entry.duration);
      }).observe({ type: 'longtask' });
      (window as unknown as { __longTasks: number[] }).__longTasks = longTasks;
    });
    const ids = Array.from({ length: 20 }, (_, index) => `d${index}`);
    const readyCounts = () => Promise.all(ids.map((id) => countOf(page, id, 'svc:event:ready')));
    await expect.poll(readyCounts, { timeout: 30_000 }).toEqual(ids.map(() => 1));
    // From here on, only the renewals count.
    await page.evaluate(() => {
      (window as unknown as { __longTasks: number[] }).__longTasks.length = 0;
    });
    steady.expireEmbedTokens();
    // Each page looks at its token when it comes back to the foreground, as all do when the tab is shown.
    const frames = await Promise.all(ids.map((id) => frameOf(page, id)));
    await Promise.all(frames.map((frame) => frame.evaluate(() => document.dispatchEvent(new Event('visibilitychange')))));
    await expect.poll(readyCounts, { timeout: 30_000, interval: 250 }).toEqual(ids.map(() => 2));
    const renewals = await page.evaluate(() => (window as unknown as Win).__sessionRequests.filter((r) => r.reason === 'renewal').length);
    expect(renewals).toBe(20);
    expect(documents).toHaveLength(20);
    const longTasks = await page.evaluate(() => (window as unknown as { __longTasks: number[] }).__longTasks);
    expect(longTasks.filter((duration) => duration > 50)).toEqual([]);
    await page.close();
  }, 90_000);

  it('on an older platform (no renewal events, set-session unknown) still renews by reloading', async () => {
    const { page, documents } = await open(olderPlatform, 'renewal');
    await expect.poll(() => countOf(page, 'dash', 'svc:event:ready'), { timeout: 15_000 }).toBe(1);
    await expect.poll(() => countOf(page, 'dash', 'svc:event:ready'), { timeout: 20_000 }).toBe(2);
    expect(await countOf(page, 'dash', 'svc:event:session-expiring')).toBe(0);
    expect((await requestsOf(page, 'dash')).slice(0, 2)).toEqual(['initial', 'renewal']);
    expect(documents.filter((url) => url.includes('/embed/dashboard/')).length).toBeGreaterThanOrEqual(2);
    await page.close();
  }, 60_000);
});

describe('a new session prop for a live embed (a loader ran again)', () => {
  it("is handed over in place for the same viewer, and another viewer's refused session is loaded: never the old viewer", async () => {
    const first = await mint(steady, 'dashboard');
    const { page, documents } = await open(steady, 'signed-dashboard', { props: JSON.stringify({ session: first }) });
    await expect.poll(() => countOf(page, 'main', 'svc:event:ready'), { timeout: 15_000 }).toBe(1);
    const setProps = (props: Record<string, unknown>) =>
      page.evaluate((p) => (window as unknown as { __setProps: (p: Record<string, unknown>) => void }).__setProps(p), props);
    // Five revalidations, each with a fresh session for the same viewer: no embed document is loaded.
    for (let round = 1; round <= 5; round++) {
      await setProps({ session: await mint(steady, 'dashboard') });
      await expect.poll(() => countOf(page, 'main', 'svc:event:ready'), { timeout: 15_000 }).toBe(1 + round);
    }
    expect(documents).toHaveLength(1);
    // Another viewer: the embed refuses the handover, and the new viewer's session is loaded.
    const other = await mint(steady, 'dashboard', 'viewer-2');
    await setProps({ session: other });
    await expect.poll(() => documents.length, { timeout: 15_000 }).toBe(2);
    expect(new URL(documents[1] as string).searchParams.get('session')).toBe(other);
    await expect.poll(() => countOf(page, 'main', 'svc:event:ready'), { timeout: 15_000 }).toBe(7);
    await page.close();
  }, 90_000);

  it("another viewer's session passed while a renewal's getSession is held: the embed ends on the new viewer, the late session is never used", async () => {
    const first = await mint(steady, 'dashboard');
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const late: string[] = [];
    const { page, documents } = await openHostPage(
      { browser, host, emulator: steady },
      { scenario: 'signed-dashboard', props: JSON.stringify({ session: first }) },
      {
        // The renewal's getSession (still for viewer-1) takes as long as the test says.
        mintFor: async (surface) => {
          await held;
          const session = await mint(steady, surface);
          late.push(session);
          return session;
        },
      },
    );
    const viewerShown = async () => {
      const frame = await frameOf(page, 'main');
      return frame.textContent('[data-testid="viewer-name"]').catch(() => null);
    };
    await expect.poll(() => countOf(page, 'main', 'svc:event:ready'), { timeout: 15_000 }).toBe(1);
    expect(await viewerShown()).toBe('viewer-1');
    // The token ends: the embed announces it, and the renewal's getSession is on its way (held).
    steady.expireEmbedTokens();
    await (await frameOf(page, 'main')).evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    await expect.poll(() => requestsOf(page, 'main'), { timeout: 10_000 }).toEqual(['renewal']);
    // Meanwhile the app signs in viewer-2: its loader passes viewer-2's session.
    const other = await mint(steady, 'dashboard', 'viewer-2');
    await page.evaluate((p) => (window as unknown as { __setProps: (p: Record<string, unknown>) => void }).__setProps(p), { session: other });
    await expect.poll(() => documents.length, { timeout: 15_000 }).toBe(2);
    expect(new URL(documents[1] as string).searchParams.get('session')).toBe(other);
    await expect.poll(viewerShown, { timeout: 15_000, interval: 100 }).toBe('viewer-2');
    // The renewal's getSession answers now, with viewer-1's session: it goes nowhere.
    release();
    await expect.poll(() => late.length, { timeout: 10_000 }).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(documents).toHaveLength(2);
    expect(documents.some((url) => url.includes(late[0] as string))).toBe(false);
    expect(await viewerShown()).toBe('viewer-2');
    // No error but the old document's own: the report of its expired token, before the switch, and its refusal
    // of the new viewer's session handed to it in place (not fatal: the library loads that session instead).
    const oldDocumentsOwn = (event: Recorded) =>
      event.payload.name === 'SessionExpiredError' || (event.payload.name === 'SessionError' && event.payload.fatal === false);
    expect((await eventsOf(page, 'main', 'svc:event:error')).filter((event) => !oldDocumentsOwn(event))).toEqual([]);
    await page.close();
  }, 60_000);
});
