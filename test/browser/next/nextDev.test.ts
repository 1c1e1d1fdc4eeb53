import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../../src/emulator/index.js';
import { connectChromium } from '../support/connectChromium.js';
import { startBuiltEmulator } from '../support/startBuiltEmulator.js';
import { DEV_LOADS, LOADS, loadPages, PAGES, PRERENDERED_DEV_LOADS, PRERENDERED_PAGES, serverEnv, serverErrors } from './support/exampleLoads.js';
import { ensureExampleInstalled, startNext } from './support/nextApp.js';
import type { RunningApp } from '../support/appServer.js';

/**
 * examples/next under `next dev`, driven in Chromium against an emulator of its own (its minted sessions are
 * this file's alone), so it runs beside nextExample.test.ts, which builds the app and serves it with
 * `next start`: `next build` leaves the development server's output folder alone.
 */

let browser: Browser;
let emulator: RunningEmulator;

beforeAll(async () => {
  ensureExampleInstalled();
  [browser, emulator] = await Promise.all([connectChromium(), startBuiltEmulator({ port: 0, host: 'localhost', quiet: true })]);
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await emulator?.close();
});

describe('examples/next, development server (next dev)', () => {
  let server: RunningApp;
  beforeAll(async () => {
    server = await startNext('dev', serverEnv(emulator));
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
  });

  // The development server is slower per load: the streamed signed page gets every load, the others a few.
  // Under `next dev` with Cache Components, the prerendered pages are rendered per request and checked as the
  // build would prerender them: a render that read the clock shows as an error in the page.
  it(`every load reaches ready with exactly one embed document request (${LOADS} of the signed page, ${DEV_LOADS} of the others, ${PRERENDERED_DEV_LOADS} of each prerendered page)`, async () => {
    await loadPages(
      browser,
      emulator,
      server,
      [
        ...PAGES.map((page) => ({ ...page, loads: page.path === '/signed' ? LOADS : DEV_LOADS })),
        ...PRERENDERED_PAGES.map((page) => ({ ...page, loads: PRERENDERED_DEV_LOADS })),
      ],
      'next dev',
    );
    expect(serverErrors(server)).toEqual([]);
  }, 300_000);
});
