import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../support/chromium.js';

/** A port that was free a moment ago (Storybook needs a number up front). */
function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

let start: ChildProcess | undefined;
let browser: Browser;
let output = '';

beforeAll(async () => {
  browser = await launchChromium();
}, 60_000);

afterAll(async () => {
  await browser?.close();
  if (start && start.exitCode === null) {
    start.kill('SIGTERM');
    await new Promise((resolve) => start?.once('exit', resolve));
  }
});

describe('npm start', () => {
  it('serves the playground against the emulator, and a story shows a live embed with its event log', async () => {
    const storybookPort = await freePort();
    const emulatorPort = await freePort();
    // `npm start` is `npm run build && node .storybook/start.mjs`; the suite has built already.
    start = spawn(process.execPath, ['.storybook/start.mjs'], {
      env: { ...process.env, STORYBOOK_PORT: String(storybookPort), SVC_EMULATOR_PORT: String(emulatorPort), CI: 'true' },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    start.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    start.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    await expect.poll(() => output, { timeout: 90_000, interval: 250 }).toContain('Playground');
    expect(output).toContain(`Emulator    http://127.0.0.1:${emulatorPort}`);

    const page = await browser.newPage({ viewport: { width: 1440, height: 1000 } });
    await page.goto(`http://127.0.0.1:${storybookPort}/iframe.html?id=embeds-svcdashboard--dashboard&viewMode=story`);
    await page.locator('iframe[data-svc-embed-id="dashboard"]').waitFor({ timeout: 90_000 });
    await page.locator('[data-event-type="svc:event:dashboard-loaded"]').waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Dark', exact: true }).click();
    const frame = page.frameLocator('iframe[data-svc-embed-id="dashboard"]');
    await expect.poll(() => frame.locator('html').getAttribute('data-color-scheme')).toBe('dark');
    await page.screenshot({ path: 'test-results/playground.png' });
    // The app story: the backend middleware mints a session, and the path buttons drive navigation.
    await page.goto(`http://127.0.0.1:${storybookPort}/iframe.html?id=embeds-svcapp--app&viewMode=story`);
    await page.locator('[data-event-type="svc:event:ready"]').waitFor({ timeout: 60_000 });
    await page.getByRole('button', { name: '/workbook/130' }).click();
    await page.locator('[data-event-type="svc:event:navigate"]').first().waitFor({ timeout: 20_000 });
    await page.close();
    // Stop the whole group: Storybook runs under npx.
    if (start.pid) process.kill(-start.pid, 'SIGTERM');
    await new Promise((resolve) => start?.once('exit', resolve));
  }, 180_000);
});
