import type { Browser, BrowserContext } from 'playwright-core';
import { expect } from 'vitest';
import type { RunningEmulator } from '../../../../src/emulator/index.js';
import type { RunningApp } from '../../support/appServer.js';
import { type EmbedObservation, openObservedPage, pageRecord, waitForShownEmbed } from './observeEmbeds.js';

/**
 * Loads of each page under `next start` (what the example promises: ten loads of each page, each one ready
 * once with one embed document), and of the streamed signed page under `next dev`.
 */
export const LOADS = 10;
/** Loads of the server and client pages under `next dev`, where each load costs more and proves the same. */
export const DEV_LOADS = 3;
/**
 * Loads of each prerendered page under `next start`: every load is the same HTML built once, so what they add
 * over the other pages (that the build succeeded and its shell hydrates into one embed) shows in the first
 * load; a second one shows a revisit of the same built page.
 */
export const PRERENDERED_LOADS = 2;
/** Under `next dev`, where the first load of a page compiles it (most of its time): one each. */
export const PRERENDERED_DEV_LOADS = 1;
/** After the embed is shown, how long a page keeps being watched for a second, late embed document. */
export const SETTLE_MS = 250;

export interface PageCase {
  readonly path: string;
  /** Sessions one load mints: none in private mode, one from the route handler or the server component. */
  readonly sessionsPerLoad: number;
  readonly mode: 'private' | 'signed';
}

export const PAGES: readonly PageCase[] = [
  { path: '/server', sessionsPerLoad: 0, mode: 'private' },
  { path: '/client', sessionsPerLoad: 1, mode: 'signed' },
  { path: '/signed', sessionsPerLoad: 1, mode: 'signed' },
];

/**
 * The pages Next.js prerenders whole at build time (Cache Components, no Suspense boundary around the embed):
 * a Server Component page and a client-component page.
 */
export const PRERENDERED_PAGES: readonly PageCase[] = [
  { path: '/prerendered', sessionsPerLoad: 0, mode: 'private' },
  { path: '/prerendered-client', sessionsPerLoad: 1, mode: 'signed' },
];

interface LoadResult {
  readonly ready: number;
  readonly modes: unknown[];
  readonly documents: string[];
  readonly sessions: number;
  readonly errors: string[];
  readonly readyMs: number;
}

/**
 * What `next build` bakes into the prerendered pages: the tenant's origin (public; `next dev` reads it per
 * request instead).
 */
export const buildEnv = (emulator: RunningEmulator): Record<string, string> => ({
  NEXT_PUBLIC_SVC_TENANT_ORIGIN: emulator.url,
});

/**
 * What the Next.js server reads at request time: the tenant and the management API token (never the browser),
 * and under `next dev` what a build would have baked in.
 */
export const serverEnv = (emulator: RunningEmulator): Record<string, string> => ({
  ...buildEnv(emulator),
  SVC_TENANT_ORIGIN: emulator.url,
  SVC_API_TOKEN: emulator.credentials.apiToken,
});

/** Sessions the emulator minted so far (generate-session answered 200). */
export const mintedSessions = (emulator: RunningEmulator): number =>
  emulator.requests.filter((r) => r.method === 'POST' && r.path === '/api/v1/embed/generate-session' && r.status === 200).length;

/**
 * What `next dev` prints to standard error about the machine rather than the app: it times its cache folder at
 * start and, on a loaded machine (a CI run's other files beside it), may call the file system slow.
 */
const MACHINE_ADVISORIES = [/^⚠ Slow filesystem detected\./, /^See more: https:\/\/nextjs\.org\/docs\/app\/guides\/local-development$/];

/**
 * What the server printed to standard error, by line (the app's `console.error`, Next.js's failure reports),
 * without the advisories about the machine.
 */
export const serverErrors = (server: RunningApp): string[] =>
  server
    .errors()
    .split('\n')
    .filter((line) => line.trim() !== '' && !MACHINE_ADVISORIES.some((advisory) => advisory.test(line.trim())));

/** One full load of `url` in a new page: until the dashboard is ready and shown, then a short watch. */
async function loadOnce(context: BrowserContext, emulator: RunningEmulator, url: string): Promise<LoadResult> {
  const { page, seen } = await openObservedPage(context, emulator.url);
  const sessionsBefore = mintedSessions(emulator);
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
      sessions: mintedSessions(emulator) - sessionsBefore,
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

/**
 * Loads each page `loads` times, one load after the other (the emulator's count of minted sessions before and
 * after a load is that load's); every load must reach ready once, with one embed document and its sessions.
 */
export async function loadPages(
  browser: Browser,
  emulator: RunningEmulator,
  server: RunningApp,
  cases: readonly (PageCase & { loads: number })[],
  label: string,
): Promise<void> {
  const context = await browser.newContext({ viewport: { width: 1100, height: 900 } });
  try {
    for (const { path, sessionsPerLoad, mode, loads } of cases) {
      const results: LoadResult[] = [];
      for (let i = 0; i < loads; i += 1) results.push(await loadOnce(context, emulator, `${server.url}${path}`));
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
