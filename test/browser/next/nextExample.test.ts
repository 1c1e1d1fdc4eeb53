import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../../src/emulator/index.js';
import { connectChromium } from '../support/connectChromium.js';
import { startBuiltEmulator } from '../support/startBuiltEmulator.js';
import { buildExample, ensureExampleInstalled, type RunningNext, startNext } from './support/nextApp.js';
import { type EmbedObservation, openObservedPage, pageRecord, waitForShownEmbed } from './support/observeEmbeds.js';

/**
 * examples/next, built with `next build` against the package as packed, driven in Chromium against the
 * emulator. The app runs on 127.0.0.1 and the tenant on localhost: two origins, as in production.
 */

const LOADS = 20;
/** Loads of the server and client pages under `next dev`. */
const DEV_LOADS = 5;
/** After the embed is shown, how long a page keeps being watched for a second, late embed document. */
const SETTLE_MS = 250;

let browser: Browser;
let emulator: RunningEmulator;

beforeAll(async () => {
  ensureExampleInstalled();
  [browser, emulator] = await Promise.all([connectChromium(), startBuiltEmulator({ port: 0, host: 'localhost', quiet: true })]);
  const buildMs = await buildExample();
  console.log(`[next example] next build: ${(buildMs / 1000).toFixed(1)} s`);
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await emulator?.close();
});

/** What the Next.js server reads at request time: the tenant and the management API token (never the browser). */
const serverEnv = (): Record<string, string> => ({
  SVC_TENANT_ORIGIN: emulator.url,
  SVC_API_TOKEN: emulator.credentials.apiToken,
});

/** Sessions the emulator minted so far (generate-session answered 200). */
const mintedSessions = (): number =>
  emulator.requests.filter((r) => r.method === 'POST' && r.path === '/api/v1/embed/generate-session' && r.status === 200).length;

/** What the server printed to standard error, by line (the app's `console.error`, Next.js's failure reports). */
const serverErrors = (server: RunningNext): string[] => server.errors().split('\n').filter((line) => line.trim() !== '');

interface PageCase {
  readonly path: string;
  /** Sessions one load mints: none in private mode, one from the route handler or the server component. */
  readonly sessionsPerLoad: number;
  readonly mode: 'private' | 'signed';
}

const PAGES: readonly PageCase[] = [
  { path: '/server', sessionsPerLoad: 0, mode: 'private' },
  { path: '/client', sessionsPerLoad: 1, mode: 'signed' },
  { path: '/signed', sessionsPerLoad: 1, mode: 'signed' },
];

interface LoadResult {
  readonly ready: number;
  readonly modes: unknown[];
  readonly documents: string[];
  readonly sessions: number;
  readonly errors: string[];
  readonly readyMs: number;
}

/** One full load of `url` in a new page: until the dashboard is ready and shown, then a short watch. */
async function loadOnce(context: BrowserContext, url: string): Promise<LoadResult> {
  const { page, seen } = await openObservedPage(context, emulator.url);
  const sessionsBefore = mintedSessions();
  const started = Date.now();
  try {
    await page.goto(url);
    await waitForShownEmbed(page, 1);
    const readyMs = Date.now() - started;
    await page.waitForTimeout(SETTLE_MS);
    const record = await pageRecord(page);
    return {
      ready: record.ready.length,
      modes: record.ready.map((r) => r.mode),
      documents: [...seen.documents],
      sessions: mintedSessions() - sessionsBefore,
      errors: [...seen.errors, ...record.embedErrors.map((e) => `embed error: ${JSON.stringify(e)}`)],
      readyMs,
    };
  } catch (error) {
    throw new Error(`${url}: ${error instanceof Error ? error.message : String(error)}; seen ${JSON.stringify(seen satisfies EmbedObservation)}`);
  } finally {
    await page.close();
  }
}

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

/** Loads each page `loads` times; every load must reach ready once, with one embed document and its sessions. */
async function loadPages(server: RunningNext, cases: readonly (PageCase & { loads: number })[], label: string): Promise<void> {
  const context = await browser.newContext({ viewport: { width: 1100, height: 900 } });
  try {
    for (const { path, sessionsPerLoad, mode, loads } of cases) {
      const results: LoadResult[] = [];
      for (let i = 0; i < loads; i += 1) results.push(await loadOnce(context, `${server.url}${path}`));
      const good = results.filter(
        (r) => r.ready === 1 && r.documents.length === 1 && r.sessions === sessionsPerLoad && r.errors.length === 0,
      ).length;
      const times = results.map((r) => r.readyMs);
      console.log(
        `[next example] ${label} ${path}: ${good}/${loads} loads ready with one embed document; ` +
          `goto->shown median ${median(times)} ms, max ${Math.max(...times)} ms`,
      );
      expect(results.map((r) => r.ready)).toEqual(Array(loads).fill(1));
      expect(results.map((r) => r.documents.length)).toEqual(Array(loads).fill(1));
      expect(results.map((r) => r.sessions)).toEqual(Array(loads).fill(sessionsPerLoad));
      expect(results.flatMap((r) => r.modes)).toEqual(Array(loads).fill(mode));
      expect(results.flatMap((r) => r.errors)).toEqual([]);
      for (const r of results) expect(new URL(r.documents[0] ?? '').pathname).toBe('/embed/dashboard/sales-overview');
    }
  } finally {
    await context.close();
  }
}

describe('examples/next, production build (next start)', () => {
  let server: RunningNext;
  beforeAll(async () => {
    server = await startNext('start', serverEnv());
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
  });

  it('server-renders a placeholder and the preconnect hint, never the iframe', async () => {
    for (const { path } of PAGES) {
      const html = await (await fetch(`${server.url}${path}`)).text();
      expect(html, path).toContain('data-svc-embed=');
      expect(html, path).toContain(`<link rel="preconnect" href="${emulator.url}"`);
      expect(html, path).not.toContain('<iframe');
      // The API token stays on the server.
      expect(html, path).not.toContain(emulator.credentials.apiToken);
    }
  });

  it(`every one of ${LOADS} loads of each page reaches ready with exactly one embed document request`, async () => {
    await loadPages(server, PAGES.map((page) => ({ ...page, loads: LOADS })), 'next start');
  }, 240_000);

  it('client-side navigation away from the signed page and back: ready again, one new session, no errors', async () => {
    const context = await browser.newContext({ viewport: { width: 1100, height: 900 } });
    try {
      const { page, seen } = await openObservedPage(context, emulator.url);
      await page.goto(`${server.url}/signed`);
      await waitForShownEmbed(page, 1);
      const { marker } = await pageRecord(page);
      const sessionsBefore = mintedSessions();
      const documentsBefore = seen.documents.length;

      await page.click('nav >> text=Home');
      await page.waitForSelector('h1:has-text("svc-embed-react with Next.js")');
      // Leaving the page removes the embed with it.
      expect(await page.locator('iframe[data-svc-embed-id]').count()).toBe(0);

      await page.click('nav >> text=Signed page');
      await waitForShownEmbed(page, 2);
      await page.waitForTimeout(SETTLE_MS);
      const record = await pageRecord(page);

      // The same document all along: the navigation was client-side (next/link), not a reload.
      expect(record.marker).toBe(marker);
      expect(record.ready).toHaveLength(2);
      expect(record.ready[1]?.mode).toBe('signed');
      expect(seen.documents.length - documentsBefore).toBe(1);
      expect(mintedSessions() - sessionsBefore).toBe(1);
      expect(await page.textContent('[data-embed-status]')).toBe('ready');
      expect([...seen.errors, ...record.embedErrors.map((e) => JSON.stringify(e))]).toEqual([]);
    } finally {
      await context.close();
    }
  }, 60_000);

  it('client page: an expired session is renewed through getSession and the route handler, in place', async () => {
    const context = await browser.newContext({ viewport: { width: 1100, height: 900 } });
    try {
      const { page, seen } = await openObservedPage(context, emulator.url);
      const routeCalls: number[] = [];
      page.on('response', (response) => {
        if (new URL(response.url()).pathname === '/api/embed-session') routeCalls.push(response.status());
      });
      await page.goto(`${server.url}/client`);
      await waitForShownEmbed(page, 1);
      const sessionsBefore = mintedSessions();

      expect(emulator.expireEmbedTokens()).toBeGreaterThan(0);
      // The next action for the viewer (the colour scheme) meets the expired token: the embed says so, keeps
      // its document, and the component asks getSession for a new session and hands it over in place.
      await page.click('button:has-text("Dark mode")');
      await expect.poll(async () => (await pageRecord(page)).ready.length, { timeout: 15_000 }).toBe(2);
      await page.waitForTimeout(SETTLE_MS);
      const record = await pageRecord(page);

      expect(routeCalls).toEqual([200, 200]);
      expect(mintedSessions() - sessionsBefore).toBe(1);
      expect(seen.documents).toHaveLength(1);
      expect(record.ready).toHaveLength(2);
      // The embed's fatal error for hosts that do not know the new events still reaches onError; besides it,
      // only the embed's refusal of the action it met while expired (sent again after the renewal).
      expect(record.embedErrors).toContainEqual(expect.objectContaining({ name: 'SessionExpiredError', fatal: true }));
      expect(record.embedErrors.every((error) => (error as { name?: string }).name === 'SessionExpiredError')).toBe(true);
      expect(await page.textContent('[data-embed-status]')).toBe('ready');
      // The embed's own check of its token answering 401 is how it learns of the expiry: the only failure.
      expect(seen.errors).toEqual([`http 401: ${emulator.url}/embed/token-status`]);
    } finally {
      await context.close();
    }
  }, 60_000);

  it('the server logged no error through all of the above', () => {
    expect(serverErrors(server)).toEqual([]);
  });
});

describe('examples/next, development server (next dev)', () => {
  let server: RunningNext;
  beforeAll(async () => {
    server = await startNext('dev', serverEnv());
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
  });

  // The development server is slower per load: the streamed signed page gets every load, the others a few.
  it(`every load reaches ready with exactly one embed document request (${LOADS} of the signed page, ${DEV_LOADS} of the others)`, async () => {
    await loadPages(server, PAGES.map((page) => ({ ...page, loads: page.path === '/signed' ? LOADS : DEV_LOADS })), 'next dev');
    expect(serverErrors(server)).toEqual([]);
  }, 300_000);
});
