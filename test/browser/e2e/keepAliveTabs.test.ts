import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hostRigForFile, openHostPage } from './support/hostPage.js';

const rig = hostRigForFile();

type Path = 'move' | 'overlay';
type Win = { __events: { embedId: string; type: string }[]; __sessionRequests: { reason: string }[] };

const count = (page: Page, embedId: string, type: string) =>
  page.evaluate(([id, t]) => (window as unknown as Win).__events.filter((e) => e.embedId === id && e.type === t).length, [embedId, type] as const);

describe.each<Path>(['move', 'overlay'])('a tab UI whose one kept-alive embed follows the tab, %s path', (path) => {
  it('A -> B -> A -> B, 10 switches: 2 embed documents, no renewal, no error; Tab never reaches a parked iframe', async () => {
    const { page, documents } = await openHostPage(rig, { scenario: 'kept-tabs' }, { withoutMoveBefore: path === 'overlay' });
    expect(await page.evaluate(() => typeof (Element.prototype as { moveBefore?: unknown }).moveBefore)).toBe(path === 'move' ? 'function' : 'undefined');
    await expect.poll(() => count(page, 'tab-a', 'svc:event:ready'), { timeout: 15_000 }).toBe(1);
    const setTab = (tab: string) => page.evaluate((t) => (window as unknown as { __setTab: (t: string) => void }).__setTab(t), tab);
    for (let switchNo = 1; switchNo <= 10; switchNo++) {
      const tab = switchNo % 2 === 1 ? 'b' : 'a';
      await setTab(tab);
      await expect.poll(() => count(page, `tab-${tab}`, 'svc:event:ready'), { timeout: 15_000 }).toBe(1);
      await page.waitForTimeout(100);
    }
    expect(documents).toHaveLength(2);
    expect(await page.evaluate(() => (window as unknown as Win).__sessionRequests.map((r) => r.reason))).toEqual(['initial', 'initial']);
    for (const id of ['tab-a', 'tab-b']) {
      expect(await count(page, id, 'svc:event:error')).toBe(0);
      expect(await count(page, id, 'svc:event:ready')).toBe(1);
    }
    // Tab through the page, the shown tab being A: focus may enter A's iframe, never B's parked one.
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    const reached: string[] = [];
    for (let press = 0; press < 50; press++) {
      await page.keyboard.press('Tab');
      reached.push(await page.evaluate(() => document.activeElement?.getAttribute('data-svc-embed-id') ?? document.activeElement?.tagName ?? ''));
    }
    expect(reached).not.toContain('tab-b');
    expect(reached).toContain('BUTTON');
    await page.close();
  }, 120_000);
});
