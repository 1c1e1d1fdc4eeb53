import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../../src/emulator/index.js';
import { connectChromium } from '../support/connectChromium.js';
import { startBuiltEmulator } from '../support/startBuiltEmulator.js';
import { startHostApp } from './support/hostApp.js';

let browser: Browser;
let ours: RunningEmulator;
let partner: RunningEmulator;
let host: Awaited<ReturnType<typeof startHostApp>>;

beforeAll(async () => {
  // Two tenants: two origins (ports) on loopback; the host app on a third.
  [browser, ours, partner, host] = await Promise.all([
    connectChromium(),
    startBuiltEmulator({ port: 0, host: 'localhost', quiet: true }),
    startBuiltEmulator({ port: 0, host: 'localhost', quiet: true }),
    startHostApp(),
  ]);
});

afterAll(async () => {
  await browser?.close();
  await Promise.all([ours?.close(), partner?.close(), host?.close()]);
});

/** Records, in every frame, the actions that reach it (installed before any page script runs). */
async function recordActionsEverywhere(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { __received: unknown[] };
    w.__received = [];
    addEventListener('message', (event) => w.__received.push(event.data));
  });
}

describe('hardening, in Chromium', () => {
  it('an action sent without an embedId before any embed mounted reaches neither of two tenants mounting together', async () => {
    const page = await browser.newPage();
    await recordActionsEverywhere(page);
    const query = new URLSearchParams({ tenant: ours.url, partner: partner.url, scenario: 'two-tenants', mounted: '0' });
    await page.goto(`${host.url}/?${query}`);
    await page.waitForFunction(() => typeof (window as unknown as { __sendUnaddressed?: unknown }).__sendUnaddressed === 'function');
    await page.evaluate(() => (window as unknown as { __sendUnaddressed: (e: string) => void }).__sendUnaddressed('ann@example.com'));
    await page.evaluate(() => (window as unknown as { __setMounted: (m: boolean) => void }).__setMounted(true));
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { __events: { type: string }[] }).__events.filter((e) => e.type === 'svc:event:ready').length), { timeout: 15_000 })
      .toBe(2);
    await page.waitForTimeout(300);
    for (const frame of page.frames().filter((f) => f !== page.mainFrame())) {
      const received = JSON.stringify(await frame.evaluate(() => (window as unknown as { __received: unknown[] }).__received));
      expect(received).not.toContain('ann@example.com');
    }
    const debug = await page.evaluate(() => (window as unknown as { __debug: { reason: string }[] }).__debug.map((d) => d.reason));
    expect(debug).toContain('unaddressed-action');
    await page.close();
  });

  it('a flood of large foreign messages costs an embed without onDebug no more than it costs a page without one', async () => {
    /** Posts 5,000 messages of ~20 KB from the page itself (a foreign source for the embed) and times them. */
    const flood = (page: Page) =>
      page.evaluate(
        () =>
          new Promise<number>((resolve) => {
            const big = { source: 'svc-embed', direction: 'event', type: 'svc:event:view', payload: { path: `/${'x'.repeat(20_000)}` } };
            let seen = 0;
            const start = performance.now();
            const count = (event: MessageEvent) => {
              if (event.source !== window) return;
              seen += 1;
              if (seen === 5000) {
                removeEventListener('message', count);
                resolve(performance.now() - start);
              }
            };
            addEventListener('message', count);
            for (let i = 0; i < 5000; i++) postMessage(big, '*');
          }),
      );
    const measure = async (withEmbed: boolean) => {
      const page = await browser.newPage();
      const query = new URLSearchParams({ tenant: ours.url, scenario: 'dashboard', nodebug: '1', mounted: withEmbed ? '1' : '0' });
      await page.goto(`${host.url}/?${query}`);
      if (withEmbed) {
        await page.waitForSelector('iframe[data-svc-embed-id]', { state: 'attached' });
        expect(await page.evaluate(() => (window as unknown as { __stats: () => { routes: number } }).__stats().routes)).toBe(1);
      }
      const runs: number[] = [];
      for (let i = 0; i < 3; i++) runs.push(await flood(page));
      await page.close();
      return Math.min(...runs);
    };
    // The same host page without its embed, then with it (and no onDebug): the embed's listener must not read
    // and describe each foreign message's data (structured-clone deserialisation dominates the cost).
    const bare = await measure(false);
    const embedded = await measure(true);
    console.info(`[flood] 5,000 x 20 KB foreign messages: ${bare.toFixed(0)} ms on the page, ${embedded.toFixed(0)} ms with an embed`);
    expect(embedded).toBeLessThan(bare * 3 + 100);
  });
});
