import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../../src/emulator/index.js';
import { connectChromium } from '../support/connectChromium.js';
import { startBuiltEmulator } from '../support/startBuiltEmulator.js';
import {
  buildEnv,
  LOADS,
  loadPages,
  mintedSessions,
  PAGES,
  PRERENDERED_LOADS,
  PRERENDERED_PAGES,
  SETTLE_MS,
  serverEnv,
  serverErrors,
} from './support/exampleLoads.js';
import { buildExample, ensureExampleInstalled, startNext } from './support/nextApp.js';
import type { RunningApp } from '../support/appServer.js';
import { openObservedPage, pageRecord, waitForShownEmbed } from './support/observeEmbeds.js';

/**
 * examples/next, built with `next build` against the package as packed, driven in Chromium against the
 * emulator. The app runs on 127.0.0.1 and the tenant on localhost: two origins, as in production. The
 * development server's loads are in nextDev.test.ts, against an emulator of their own, so both can run at once.
 */

let browser: Browser;
let emulator: RunningEmulator;
/** What `next build` printed: its table of routes says how each page is rendered. */
let buildOutput: string;

beforeAll(async () => {
  ensureExampleInstalled();
  [browser, emulator] = await Promise.all([connectChromium(), startBuiltEmulator({ port: 0, host: 'localhost', quiet: true })]);
  // The tenant's origin is baked into the prerendered pages: the emulator runs before the build.
  const build = await buildExample(buildEnv(emulator));
  buildOutput = build.output;
  console.log(`[next example] next build: ${(build.ms / 1000).toFixed(1)} s`);
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await emulator?.close();
});

describe('examples/next, production build (next start)', () => {
  let server: RunningApp;
  beforeAll(async () => {
    server = await startNext('start', serverEnv(emulator));
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
  });

  it('with Cache Components, prerenders the Server Component page and the client page whole at build time', () => {
    // `○` marks a route prerendered as static content: its embed was rendered by the build, outside any
    // Suspense boundary, which a render reading the clock or a random number fails.
    for (const { path } of PRERENDERED_PAGES) expect(buildOutput).toMatch(new RegExp(`○ ${path}\\s*$`, 'm'));
  });

  it('server-renders a placeholder and the preconnect hint, never the iframe', async () => {
    for (const { path } of [...PAGES, ...PRERENDERED_PAGES]) {
      const html = await (await fetch(`${server.url}${path}`)).text();
      expect(html, path).toContain('data-svc-embed=');
      expect(html, path).toContain(`<link rel="preconnect" href="${emulator.url}"`);
      expect(html, path).not.toContain('<iframe');
      // The API token stays on the server.
      expect(html, path).not.toContain(emulator.credentials.apiToken);
    }
  });

  it(`every one of ${LOADS} loads of each page reaches ready with exactly one embed document request`, async () => {
    await loadPages(browser, emulator, server, PAGES.map((page) => ({ ...page, loads: LOADS })), 'next start');
  }, 240_000);

  it(`every one of ${PRERENDERED_LOADS} loads of each prerendered page reaches ready with exactly one embed document request`, async () => {
    await loadPages(browser, emulator, server, PRERENDERED_PAGES.map((page) => ({ ...page, loads: PRERENDERED_LOADS })), 'next start');
  }, 120_000);

  it('client-side navigation away from the signed page and back: ready again, one new session, no errors', async () => {
    const context = await browser.newContext({ viewport: { width: 1100, height: 900 } });
    try {
      const { page, seen } = await openObservedPage(context, emulator.url);
      await page.goto(`${server.url}/signed`);
      await waitForShownEmbed(page, 1);
      const { marker } = await pageRecord(page);
      const sessionsBefore = mintedSessions(emulator);
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
      expect(mintedSessions(emulator) - sessionsBefore).toBe(1);
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
      const sessionsBefore = mintedSessions(emulator);

      expect(emulator.expireEmbedTokens()).toBeGreaterThan(0);
      // The next action for the viewer (the colour scheme) meets the expired token: the embed says so, keeps
      // its document, and the component asks getSession for a new session and hands it over in place.
      await page.click('button:has-text("Dark mode")');
      await expect.poll(async () => (await pageRecord(page)).ready.length, { timeout: 15_000 }).toBe(2);
      await page.waitForTimeout(SETTLE_MS);
      const record = await pageRecord(page);

      expect(routeCalls).toEqual([200, 200]);
      expect(mintedSessions(emulator) - sessionsBefore).toBe(1);
      expect(seen.documents).toHaveLength(1);
      expect(record.ready).toHaveLength(2);
      // On the wire, the embed still sends its fatal error for hosts that do not know the new events (the library
      // absorbs it by renewing: onError does not hear it); besides it, only the embed's refusal of the action it
      // met while expired (sent again after the renewal).
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
