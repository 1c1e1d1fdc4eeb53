import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../../src/emulator/index.js';
import { serveBuildOutput } from '../e2e/support/hostApp.js';
import { connectChromium } from '../support/connectChromium.js';
import { startBuiltEmulator } from '../support/startBuiltEmulator.js';
import { startEsbuildHost } from './support/startEsbuildHost.js';

const repo = fileURLToPath(new URL('../../../', import.meta.url));
type Mode = 'development' | 'production';

/** Builds the host app against the built package, in development or production mode, and serves it. */
async function startHost(mode: Mode): Promise<{ url: string; close: () => Promise<void> }> {
  const outDir = mkdtempSync(join(tmpdir(), `svc-devtools-host-${mode}-`));
  // Vite and the React plugin take the kind of build from NODE_ENV, which the test runner sets to `test`.
  const runnerEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = mode;
  try {
    await build({
      configFile: false,
      logLevel: 'silent',
      mode,
      root: fileURLToPath(new URL('./host', import.meta.url)),
      plugins: [react()],
      resolve: {
        alias: [
          { find: /^svc-embed-react\/devtools$/, replacement: join(repo, 'dist/devtools/index.js') },
          { find: /^svc-embed-react$/, replacement: join(repo, 'dist/index.js') },
        ],
      },
      build: { outDir, emptyOutDir: true, minify: mode === 'production' },
    });
  } finally {
    process.env.NODE_ENV = runnerEnv;
  }
  return serveBuildOutput(outDir);
}

let browser: Browser;
let emulator: RunningEmulator;
let development: Awaited<ReturnType<typeof startHost>>;
let production: Awaited<ReturnType<typeof startHost>>;
let esbuildHosts: Awaited<ReturnType<typeof startEsbuildHost>>[] = [];
const esbuildHost = (index: number) => esbuildHosts[index] as { url: string };
let context: BrowserContext | undefined;

beforeAll(async () => {
  [browser, emulator] = await Promise.all([connectChromium(), startBuiltEmulator({ port: 0, host: 'localhost' })]);
  // One after the other: each build sets NODE_ENV while it runs.
  development = await startHost('development');
  production = await startHost('production');
  esbuildHosts = await Promise.all([startEsbuildHost('development'), startEsbuildHost('production')]);
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await Promise.all([emulator?.close(), development?.close(), production?.close(), ...esbuildHosts.map((host) => host.close())]);
});

async function open(host: { url: string }): Promise<Page> {
  await context?.close();
  context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: host.url });
  const page = await context.newPage();
  await page.goto(`${host.url}/?${new URLSearchParams({ tenant: emulator.url })}`);
  return page;
}

const row = (page: Page, kind: string, title: string) => page.locator(`li[data-kind="${kind}"][data-title="${title}"]`);

describe('<SvcDevtools> in Chromium, against the emulator', () => {
  it('lists the embed with its status and shows ready, the actions and the events in the timeline', async () => {
    const page = await open(development);
    const panel = page.getByRole('region', { name: 'SVC embed devtools' });
    await row(page, 'event', 'svc:event:ready').waitFor({ timeout: 30_000 });
    await row(page, 'event', 'svc:event:dashboard-loaded').waitFor({ timeout: 30_000 });
    // The colour scheme, given before ready, is flushed when ready arrives.
    expect(await row(page, 'action-flushed', 'svc:action:set-color-scheme').count()).toBe(1);
    await expect.poll(() => panel.locator('li[data-embed-id="sales"] [data-status]').textContent()).toBe('loaded');

    // A change after ready is posted straight away.
    await page.getByRole('button', { name: 'Toggle colour scheme' }).click();
    await row(page, 'action-sent', 'svc:action:set-color-scheme').waitFor({ timeout: 10_000 });
    const frame = page.frameLocator('iframe[data-svc-embed-id="sales"]');
    await expect.poll(() => frame.locator('html').getAttribute('data-color-scheme')).toBe('light');

    // Actions only, then copy the newest one.
    await panel.getByRole('button', { name: 'event', exact: true }).click();
    await panel.getByRole('button', { name: 'lifecycle', exact: true }).click();
    const kinds = await panel.locator('ol li').evaluateAll((items) => items.map((item) => item.getAttribute('data-kind')));
    expect(kinds.length).toBeGreaterThanOrEqual(2);
    expect(kinds.every((kind) => kind?.startsWith('action-'))).toBe(true);
    await panel.locator('ol li').first().getByRole('button', { name: /^Copy entry \d+ as JSON$/ }).click();
    await expect.poll(() => panel.getByRole('status').textContent()).toMatch(/Copied entry \d+ as JSON/);
    const copied = JSON.parse(await page.evaluate(() => navigator.clipboard.readText())) as Record<string, unknown>;
    expect(copied).toMatchObject({
      kind: 'action-sent',
      embedId: 'sales',
      message: { type: 'svc:action:set-color-scheme', payload: { scheme: 'light' } },
    });
    await page.screenshot({ path: 'test-results/devtools.png' });
  });

  it('a development build in the browser explains a bad prop; a production build says it in a few words (Vite, esbuild)', async () => {
    // The development switch is process.env.NODE_ENV as the app's bundler replaced it: a browser has no
    // `process`, so nothing else may decide it.
    for (const host of [development, esbuildHost(0)]) {
      const page = await open(host);
      await expect
        .poll(() => page.locator('[data-bad-prop]').textContent())
        .toBe(
          'SVC111 <SvcDashboard> publicId "../sales" is not a safe id: use letters, digits, ".", "_", "~" and "-" (not only dots). ' +
            'See https://svc-embed.github.io/svc-embed-react/?path=/docs/docs-troubleshooting--docs#svc111',
        );
    }
    for (const host of [production, esbuildHost(1)]) {
      const page = await open(host);
      await expect.poll(() => page.locator('[data-bad-prop]').textContent()).toBe('SVC111 publicId');
      // The bad prop failed its own embed only: the rest of the app is on screen.
      expect(await page.getByRole('heading', { name: 'Devtools host' }).count()).toBe(1);
    }
  });

  it('is absent from the production build, where the embed still works', async () => {
    const page = await open(production);
    await page.frameLocator('iframe[data-svc-embed-id="sales"]').locator('main[data-surface]').waitFor({ timeout: 30_000 });
    expect(await page.getByRole('heading', { name: 'Devtools host' }).count()).toBe(1);
    expect(await page.locator('[data-svc-devtools]').count()).toBe(0);
  });
});
