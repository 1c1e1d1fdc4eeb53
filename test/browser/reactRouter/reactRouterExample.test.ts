import type { Browser, BrowserContext, Frame, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../../src/emulator/index.js';
import { type EmbedObservation, openObservedPage, pageRecord, waitForShownEmbed } from '../next/support/observeEmbeds.js';
import { connectChromium } from '../support/connectChromium.js';
import { startBuiltEmulator } from '../support/startBuiltEmulator.js';
import { type DelayingProxy, startDelayingProxy } from './support/delayingProxy.js';
import type { RunningApp } from '../support/appServer.js';
import { buildExample, ensureExampleInstalled, startApp } from './support/reactRouterApp.js';

/**
 * examples/react-router, built with `react-router build` against the package as packed and served by
 * `react-router-serve` (both on the example's own Node 22), driven in Chromium against the emulator. The
 * app runs on 127.0.0.1 and the tenant on localhost: two origins, as in production. One build and one
 * server serve every load; each page of the app gets one browser tab, loaded again and again.
 */

const LOADS = 10;
const REVALIDATIONS = 5;
/** After the embed is shown, how long a page keeps being watched for a second, late embed document. */
const SETTLE_MS = 250;
const DASHBOARD_PATH = '/embed/dashboard/sales-overview';
/** How often a signed embed page asks the emulator whether its token still holds: how soon it learns of an expiry. */
const TOKEN_CHECK_MS = 1_000;

let browser: Browser;
let emulator: RunningEmulator;
let app: RunningApp;
let context: BrowserContext;
/**
 * A desktop Chrome's user agent. React Router's server entry holds a page back until everything has resolved
 * for crawlers, and `isbot` counts headless Chromium ("HeadlessChrome") and Node's fetch as crawlers: with
 * their own user agents the streamed page would never stream.
 */
let userAgent: string;
/** Between the app's server and the emulator's management API: lets one test make minting slow. */
let api: DelayingProxy;

/** A browser tab that records its embeds' events and documents, and its calls to the app's resource route. */
interface Tab {
  readonly page: Page;
  readonly seen: EmbedObservation;
  /** Statuses of the tab's calls to `/api/embed-session` (the embed's `getSession`), in order. */
  readonly routeCalls: number[];
}

async function openTab(): Promise<Tab> {
  const { page, seen } = await openObservedPage(context, emulator.url);
  const routeCalls: number[] = [];
  page.on('response', (response) => {
    if (new URL(response.url()).pathname === '/api/embed-session') routeCalls.push(response.status());
  });
  return { page, seen, routeCalls };
}

beforeAll(async () => {
  ensureExampleInstalled();
  [browser, emulator] = await Promise.all([connectChromium(), startBuiltEmulator({ port: 0, host: 'localhost', quiet: true, tokenCheckIntervalMs: TOKEN_CHECK_MS })]);
  const buildMs = await buildExample();
  const started = Date.now();
  api = await startDelayingProxy(emulator.url);
  // What the loaders and the resource route read at request time: the tenant, its management API (here through
  // the proxy) and the API token (never the browser).
  app = await startApp({
    SVC_TENANT_ORIGIN: emulator.url,
    SVC_API_BASE_URL: `${api.url}/api`,
    SVC_API_TOKEN: emulator.credentials.apiToken,
  });
  const build = buildMs === null ? 'reused (same inputs)' : `${(buildMs / 1000).toFixed(1)} s`;
  console.log(`[react-router example] react-router build: ${build}; server up in ${Date.now() - started} ms`);
  userAgent = `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${browser.version().split('.')[0]}.0.0.0 Safari/537.36`;
  context = await browser.newContext({ viewport: { width: 1100, height: 900 }, userAgent });
}, 180_000);

afterAll(async () => {
  await context?.close();
  await app?.stop();
  await api?.close();
  await browser?.close();
  await emulator?.close();
});

/** The emulator's log after sequence number `since`: requests the browser and the app server made to the tenant. */
const tenantRequests = (since: number) => emulator.requests.filter((r) => r.seq > since);
const latestSeq = (): number => emulator.requests.at(-1)?.seq ?? 0;
const count = (since: number, method: string, path: string): number =>
  tenantRequests(since).filter((r) => r.method === method && r.path === path && r.status === 200).length;
/** Embed documents the tenant served (each one is a load of the embed: a new document, its state lost). */
const servedDocuments = (since: number): number => count(since, 'GET', DASHBOARD_PATH);
const mintedSessions = (since: number): number => count(since, 'POST', '/api/v1/embed/generate-session');
const exchangedSessions = (since: number): number => count(since, 'POST', '/embed/exchange-session');

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

interface PageCase {
  readonly path: string;
  /** Calls to the resource route one load makes: only the page without a loader-minted session asks it. */
  readonly routeCalls: number;
}

const PAGES: readonly PageCase[] = [
  { path: '/loader', routeCalls: 0 },
  { path: '/client', routeCalls: 1 },
  { path: '/streamed', routeCalls: 0 },
];

interface LoadRow {
  readonly ready: number;
  readonly documents: number;
  readonly routeCalls: number;
  readonly status: string | null;
  readonly errors: string[];
}

/** `LOADS` hard loads of one page in its own tab, each watched until ready and shown, then a little longer. */
async function loadRepeatedly(tab: Tab, path: string): Promise<{ rows: LoadRow[]; times: number[] }> {
  const { page, seen } = tab;
  const rows: LoadRow[] = [];
  const times: number[] = [];
  for (let i = 0; i < LOADS; i += 1) {
    const documentsBefore = seen.documents.length;
    const errorsBefore = seen.errors.length;
    const callsBefore = tab.routeCalls.length;
    const started = Date.now();
    try {
      await page.goto(`${app.url}${path}`);
      await waitForShownEmbed(page, 1);
    } catch (error) {
      throw new Error(`${path} load ${i + 1}: ${error instanceof Error ? error.message : String(error)}; seen ${JSON.stringify(seen)}`);
    }
    times.push(Date.now() - started);
    await page.waitForTimeout(SETTLE_MS);
    const record = await pageRecord(page);
    rows.push({
      ready: record.ready.length,
      documents: seen.documents.length - documentsBefore,
      routeCalls: tab.routeCalls.length - callsBefore,
      status: await page.textContent('[data-embed-status]'),
      errors: [...seen.errors.slice(errorsBefore), ...record.embedErrors.map((e) => `embed error: ${JSON.stringify(e)}`)],
    });
  }
  return { rows, times };
}

/** The embed's frame in the tab (there is exactly one once `waitForShownEmbed` has passed). */
function embedFrame(page: Page): Frame {
  const frame = page.frames().find((f) => f.url().startsWith(`${emulator.url}${DASHBOARD_PATH}`));
  if (frame === undefined) throw new Error(`no embed frame among ${page.frames().map((f) => f.url()).join(', ')}`);
  return frame;
}

describe('examples/react-router, production build (react-router-serve)', () => {
  it('server-renders the placeholder, never the iframe nor the API token', async () => {
    for (const { path } of PAGES) {
      const response = await fetch(`${app.url}${path}`, { headers: { 'user-agent': userAgent } });
      const html = await response.text();
      expect(response.status, path).toBe(200);
      expect(html, path).toContain('data-svc-embed=');
      expect(html, path).not.toContain('<iframe');
      expect(html, path).not.toContain(emulator.credentials.apiToken);
    }
  });

  it(`${LOADS} hard loads of each page: each reaches ready once, with one embed document and one session`, async () => {
    const since = latestSeq();
    // The three pages side by side, one tab each: the loads of a page follow one another.
    const tabs = await Promise.all(PAGES.map(() => openTab()));
    try {
      const results = await Promise.all(PAGES.map(({ path }, i) => loadRepeatedly(tabs[i] as Tab, path)));
      PAGES.forEach(({ path, routeCalls }, i) => {
        const { rows, times } = results[i] as { rows: LoadRow[]; times: number[] };
        const expected: LoadRow = { ready: 1, documents: 1, routeCalls, status: 'ready', errors: [] };
        const good = rows.filter((row) => JSON.stringify(row) === JSON.stringify(expected)).length;
        console.log(
          `[react-router example] ${path}: ${good}/${LOADS} hard loads ready once with one embed document; ` +
            `goto->shown median ${median(times)} ms, max ${Math.max(...times)} ms`,
        );
        expect(rows, path).toEqual(Array(LOADS).fill(expected));
      });
      // The tenant's side of the same loads: one embed document and one minted session for each, no more.
      const tenant = { served: servedDocuments(since), minted: mintedSessions(since) };
      console.log(`[react-router example] the tenant, over ${PAGES.length * LOADS} loads: ${JSON.stringify(tenant)}`);
      expect(tenant).toEqual({ served: PAGES.length * LOADS, minted: PAGES.length * LOADS });
    } finally {
      await Promise.all(tabs.map((tab) => tab.page.close()));
    }
  }, 180_000);

  it('the streamed page sends its shell before the session is minted, and the embed follows in the same response', async () => {
    const MINT_DELAY_MS = 500;
    api.delayMs = MINT_DELAY_MS;
    const tab = await openTab();
    try {
      const started = Date.now();
      const passedOnBefore = api.passedOn.length;
      const response = await fetch(`${app.url}/streamed`, { headers: { 'user-agent': userAgent } });
      const reader = (response.body as ReadableStream<Uint8Array>).getReader();
      const decoder = new TextDecoder();
      const chunks: { at: number; text: string }[] = [];
      for (let read = await reader.read(); !read.done; read = await reader.read()) {
        chunks.push({ at: Date.now() - started, text: decoder.decode(read.value, { stream: true }) });
      }
      const withEmbed = chunks.findIndex((chunk) => chunk.text.includes('data-svc-embed='));
      const shell = chunks.slice(0, Math.max(withEmbed, 0)).map((chunk) => chunk.text).join('');
      console.log(`[react-router example] /streamed with a ${MINT_DELAY_MS} ms mint: chunks at ${chunks.map((c) => c.at).join(', ')} ms; the embed in chunk ${withEmbed + 1}`);
      // The shell (with the Suspense fallback) went out first; the embed came later in the same response.
      expect(withEmbed).toBeGreaterThan(0);
      expect(shell).toContain('Minting a session…');
      expect(shell).toContain('<h1>Streamed page</h1>');
      // The shell arrived before the mint request even reached the platform: it did not wait for the session.
      const mintPassedOn = api.passedOn.slice(passedOnBefore);
      expect(mintPassedOn).toHaveLength(1);
      expect(started + (chunks[0]?.at ?? Number.POSITIVE_INFINITY)).toBeLessThan(mintPassedOn[0] ?? 0);

      // In the browser: the fallback is shown while the session is minted, then one embed document, ready once.
      await tab.page.addInitScript(() => {
        const seen = { fallback: false };
        (window as unknown as { __fallback: typeof seen }).__fallback = seen;
        new MutationObserver(() => {
          if (document.body?.textContent?.includes('Minting a session…')) seen.fallback = true;
        }).observe(document, { childList: true, subtree: true, characterData: true });
      });
      await tab.page.goto(`${app.url}/streamed`);
      await waitForShownEmbed(tab.page, 1);
      await tab.page.waitForTimeout(SETTLE_MS);
      const record = await pageRecord(tab.page);
      expect(await tab.page.evaluate(() => (window as unknown as { __fallback: { fallback: boolean } }).__fallback.fallback)).toBe(true);
      expect(tab.seen.documents).toHaveLength(1);
      expect(record.ready).toHaveLength(1);
      expect([...tab.seen.errors, ...record.embedErrors.map((e) => JSON.stringify(e))]).toEqual([]);
    } finally {
      api.delayMs = 0;
      await tab.page.close();
    }
  });

  // Both ways React Router runs a page's loaders again: after a fetcher's action, and on a link to the same URL.
  const REVALIDATE_BY = {
    'a fetcher submit': (page: Page) => page.click('button:has-text("Save and revalidate")'),
    'a link to the same URL': (page: Page) => page.click('a[data-same-url]'),
  } as const;

  for (const [how, revalidate] of Object.entries(REVALIDATE_BY)) {
    it(`${REVALIDATIONS} revalidations by ${how} hand the loader's new session over in place: no embed document, state kept`, async () => {
      const tab = await openTab();
      const { page, seen } = tab;
      try {
        await page.goto(`${app.url}/loader`);
        await waitForShownEmbed(page, 1);
        // In-page state of the embed's document: its clock origin and a value the test leaves in it.
        const marker = Math.random();
        const before = await embedFrame(page).evaluate((value: number) => {
          (window as unknown as { __kept: number }).__kept = value;
          return performance.timeOrigin;
        }, marker);
        const documentsBefore = seen.documents.length;
        const since = latestSeq();
        const loadIds = [await page.getAttribute('[data-load-id]', 'data-load-id')];

        for (let i = 1; i <= REVALIDATIONS; i += 1) {
          const previous = loadIds.at(-1);
          await revalidate(page);
          // The loader ran again (a new load id), and the embed took its session: the tenant page says ready again.
          await page.waitForFunction((id) => document.querySelector('[data-load-id]')?.getAttribute('data-load-id') !== id, previous);
          loadIds.push(await page.getAttribute('[data-load-id]', 'data-load-id'));
          await expect.poll(async () => (await pageRecord(page)).ready.length, { timeout: 10_000 }).toBe(1 + i);
        }
        await page.waitForTimeout(SETTLE_MS);
        const record = await pageRecord(page);
        const after = await embedFrame(page).evaluate(() => ({
          kept: (window as unknown as { __kept?: number }).__kept,
          timeOrigin: performance.timeOrigin,
        }));
        const figures = {
          documents: seen.documents.length - documentsBefore,
          served: servedDocuments(since),
          minted: mintedSessions(since),
          exchanged: exchangedSessions(since),
        };
        console.log(`[react-router example] ${REVALIDATIONS} revalidations by ${how}: ${JSON.stringify(figures)}`);

        expect(new Set(loadIds).size).toBe(REVALIDATIONS + 1);
        // Each revalidation minted one session on the server, which the live embed exchanged in place.
        expect(figures).toEqual({ documents: 0, served: 0, minted: REVALIDATIONS, exchanged: REVALIDATIONS });
        expect(after).toEqual({ kept: marker, timeOrigin: before });
        // The new sessions came from the loader, not from getSession.
        expect(tab.routeCalls).toEqual([]);
        expect(record.ready).toHaveLength(1 + REVALIDATIONS);
        expect([...seen.errors, ...record.embedErrors.map((e) => JSON.stringify(e))]).toEqual([]);
        expect(await page.textContent('[data-embed-status]')).toBe('ready');
      } finally {
        await page.close();
      }
    }, 60_000);
  }

  it('an expired loader session is renewed in place through getSession and the resource route', async () => {
    const tab = await openTab();
    const { page, seen } = tab;
    try {
      await page.goto(`${app.url}/loader`);
      await waitForShownEmbed(page, 1);
      const before = await embedFrame(page).evaluate(() => performance.timeOrigin);
      const since = latestSeq();

      expect(emulator.expireEmbedTokens()).toBeGreaterThan(0);
      // The embed's next check of its token finds it expired and says so; the component asks getSession for a
      // session (the loader's was spent) and hands it to the same document.
      await expect.poll(async () => (await pageRecord(page)).ready.length, { timeout: 15_000 }).toBe(2);
      await page.waitForTimeout(SETTLE_MS);
      const record = await pageRecord(page);

      expect(tab.routeCalls).toEqual([200]);
      expect({ served: servedDocuments(since), minted: mintedSessions(since), exchanged: exchangedSessions(since) }).toEqual({
        served: 0,
        minted: 1,
        exchanged: 1,
      });
      expect(seen.documents).toHaveLength(1);
      expect(await embedFrame(page).evaluate(() => performance.timeOrigin)).toBe(before);
      expect(await page.textContent('[data-embed-status]')).toBe('ready');
      // The embed's own check of its token answering 401 is how it learns of the expiry: the only failure.
      expect(seen.errors).toEqual([`http 401: ${emulator.url}/embed/token-status`]);
      expect(record.embedErrors.every((error) => (error as { name?: string }).name === 'SessionExpiredError')).toBe(true);
    } finally {
      await page.close();
    }
  });

  it('the server logged no error through all of the above', () => {
    expect(app.errors().split('\n').filter((line) => line.trim() !== '')).toEqual([]);
  });
});
