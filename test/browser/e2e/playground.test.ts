import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectChromium } from '../support/connectChromium.js';
import { sharedPlayground } from '../support/sharedPlayground.js';

let browser: Browser;

beforeAll(async () => {
  browser = await connectChromium();
}, 60_000);

afterAll(async () => {
  await browser?.close();
});

// The development server `npm start` runs. The other playground files read the static build instead (every
// story through axe, every docs page, the recipes): this file proves the same pages come up under `npm start`.
describe('npm start', () => {
  it('serves the playground against the emulator, and a story shows a live embed with its event log', async () => {
    // The run's global setup started `npm start` (`node .storybook/start.mjs`, after the suite's build) once
    // for every file that uses the playground; what it printed until it served is its banner.
    const { url, emulatorPort, banner } = sharedPlayground();
    expect(banner).toContain(`Playground  ${url}`);
    expect(banner).toContain(`Emulator    http://127.0.0.1:${emulatorPort}`);

    const page = await browser.newPage({ viewport: { width: 1440, height: 1000 } });
    await page.goto(`${url}/iframe.html?id=embeds-svcdashboard--dashboard&viewMode=story`);
    await page.locator('iframe[data-svc-embed-id="dashboard"]').waitFor({ timeout: 90_000 });
    await page.locator('[data-event-type="svc:event:dashboard-loaded"]').waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Dark', exact: true }).click();
    const frame = page.frameLocator('iframe[data-svc-embed-id="dashboard"]');
    await expect.poll(() => frame.locator('html').getAttribute('data-color-scheme')).toBe('dark');
    await page.screenshot({ path: 'test-results/playground.png' });
    // The app story: the backend middleware mints a session, and the path buttons drive navigation.
    await page.goto(`${url}/iframe.html?id=embeds-svcapp--app&viewMode=story`);
    await page.locator('[data-event-type="svc:event:ready"]').waitFor({ timeout: 60_000 });
    await page.getByRole('button', { name: '/workbook/130' }).click();
    await page.locator('[data-event-type="svc:event:navigate"]').first().waitFor({ timeout: 20_000 });
    await page.close();
  }, 180_000);

  it('serves the docs site: the first docs page renders with its live examples', async () => {
    const { url } = sharedPlayground();
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${url}/iframe.html?id=docs-getting-started--docs&viewMode=docs`, { timeout: 90_000 });
    await page.locator('#storybook-docs h1', { hasText: 'Getting started' }).waitFor({ timeout: 90_000 });
    // Its live examples, a public dashboard and one whose session the playground backend mints, show their embeds.
    await page.locator('#storybook-docs iframe[data-svc-embed-id]').nth(1).waitFor({ timeout: 60_000 });
    expect(errors).toEqual([]);
    await page.close();
  }, 180_000);
});
