import type { Browser, CDPSession, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../../src/emulator/index.js';
import { connectChromium } from '../support/connectChromium.js';
import { startBuiltEmulator } from '../support/startBuiltEmulator.js';
import { startEsbuildHost } from './support/startEsbuildHost.js';

// The inspector's memory bound, in a real browser: with the panel open, a page receives 100 foreign messages
// of 4 MB each (400 MB of strings). The panel counts them and keeps a line each, so after a garbage collection
// the page's JS heap holds only a few megabytes more than before, not 400.

const MB = 1024 * 1024;

let browser: Browser;
let emulator: RunningEmulator;
let host: { url: string; close: () => Promise<void> };

beforeAll(async () => {
  // The devtools host (an embed and the open panel), bundled in development mode against the built package.
  [browser, emulator, host] = await Promise.all([connectChromium(), startBuiltEmulator({ port: 0, host: 'localhost' }), startEsbuildHost('development')]);
});

afterAll(async () => {
  await browser?.close();
  await Promise.all([emulator?.close(), host?.close()]);
});

/** The page's used JS heap after a full garbage collection: what is still reachable. */
async function retainedHeap(cdp: CDPSession): Promise<number> {
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('HeapProfiler.collectGarbage');
  const { usedSize } = await cdp.send('Runtime.getHeapUsage');
  return usedSize;
}

/** Posts `count` messages of `size` characters to the page itself: no embed owns them, every embed drops them. */
async function postForeign(page: Page, count: number, size: number, keep: boolean): Promise<void> {
  await page.evaluate(
    ({ count, size, keep }) => {
      const kept: string[] = [];
      for (let i = 0; i < count; i++) {
        // A new 4 MB string each time (not one shared string), as separate senders would post.
        const data = `${i}:`.padEnd(size, 'x');
        window.postMessage(data, '*');
        if (keep) kept.push(data);
      }
      if (keep) (window as unknown as { kept: string[] }).kept = kept;
    },
    { count, size, keep },
  );
}

describe('the inspector keeps a bounded amount of memory', () => {
  it('100 foreign messages of 4 MB with the panel open leave under 50 MB of retained heap', async () => {
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      await page.goto(`${host.url}/?${new URLSearchParams({ tenant: emulator.url })}`);
      const panel = page.getByRole('region', { name: 'SVC embed devtools' });
      await page.locator('li[data-kind="event"][data-title="svc:event:ready"]').waitFor({ timeout: 30_000 });
      const cdp = await context.newCDPSession(page);
      const before = await retainedHeap(cdp);

      await postForeign(page, 100, 4 * MB, false);
      // Each message is dropped, and counted, by each of the two connected embeds: the working one and the one
      // whose bad identity failed it (its bridge is connected, so it reports what it hears).
      await expect.poll(() => panel.getByRole('status').textContent(), { timeout: 20_000 }).toContain('200 foreign messages dropped');
      const rows = await page.locator('li[data-kind="dropped"][data-title="wrong-origin"]').count();
      expect(rows).toBe(200);
      const after = await retainedHeap(cdp);
      expect(after - before, `retained ${((after - before) / MB).toFixed(1)} MB more than before`).toBeLessThan(50 * MB);

      // The measurement does see strings a page keeps: 10 such messages held by the page add about 40 MB.
      await postForeign(page, 10, 4 * MB, true);
      const held = await retainedHeap(cdp);
      expect(held - after).toBeGreaterThan(35 * MB);
      console.log(`[memory] heap ${(before / MB).toFixed(1)} MB before, ${(after / MB).toFixed(1)} MB after 100 x 4 MB foreign messages, ${(held / MB).toFixed(1)} MB with 10 of them held by the page`);
    } finally {
      await context.close();
    }
  });
});
