import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CDPSession, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hostRigForFile, openHostPage } from './support/hostPage.js';

const rig = hostRigForFile();

const open = (scenario: string, props: Record<string, unknown> = {}) => openHostPage(rig, { scenario, props: JSON.stringify(props) });

type Win = { __events: { type: string; payload: Record<string, unknown> }[]; __sessionRequests: { reason: string }[] };
const events = (page: Page, type: string) =>
  page.evaluate((t) => (window as unknown as Win).__events.filter((e) => e.type === t).map((e) => e.payload), type);
const sessionReasons = (page: Page) => page.evaluate(() => (window as unknown as Win).__sessionRequests.map((r) => r.reason));
const setMounted = (page: Page, on: boolean) =>
  page.evaluate((m) => (window as unknown as { __setMounted: (m: boolean) => void }).__setMounted(m), on);
const setProps = (page: Page, props: Record<string, unknown>) =>
  page.evaluate((p) => (window as unknown as { __setProps: (p: Record<string, unknown>) => void }).__setProps(p), props);
const countOf = async (page: Page, type: string) => (await events(page, type)).length;

async function embedFrame(page: Page) {
  const handle = await page.waitForSelector('iframe[data-svc-embed-id="main"]', { state: 'attached' });
  const frame = await handle.contentFrame();
  if (!frame) throw new Error('no frame');
  return frame;
}

describe('signed embeds across an app lifecycle, in Chromium', () => {
  it('hidden with <Activity> and shown again: a new load with a new session, ready again, no error', async () => {
    const { page, documents } = await open('signed-dashboard-hidden');
    await expect.poll(() => countOf(page, 'svc:event:ready'), { timeout: 15_000 }).toBe(1);
    await setMounted(page, false);
    // Hidden: its effects were cleaned up, so the embed was torn down and its iframe left.
    await expect.poll(() => page.evaluate(() => document.querySelectorAll('iframe').length)).toBe(0);
    await setMounted(page, true);
    await expect.poll(() => countOf(page, 'svc:event:ready'), { timeout: 15_000 }).toBe(2);
    expect(await page.evaluate(() => document.querySelectorAll('iframe').length)).toBe(1);
    expect(documents).toHaveLength(2);
    expect(new Set(documents).size).toBe(2);
    expect(await sessionReasons(page)).toEqual(['initial', 'initial']);
    expect(await countOf(page, 'svc:event:error')).toBe(0);
    await page.close();
  });

  it('20 unmount/mount cycles with getSession: 20 ready, 0 errors, one session and one document per load', async () => {
    const { page, documents, sessions: minted } = await open('signed-dashboard');
    await expect.poll(() => countOf(page, 'svc:event:ready'), { timeout: 15_000 }).toBe(1);
    for (let cycle = 2; cycle <= 20; cycle++) {
      await setMounted(page, false);
      await setMounted(page, true);
      await expect.poll(() => countOf(page, 'svc:event:ready'), { timeout: 15_000 }).toBe(cycle);
    }
    expect(await countOf(page, 'svc:event:error')).toBe(0);
    expect(documents).toHaveLength(20);
    // Every load had its own session: 20 requests, 20 distinct ids, none loaded twice.
    expect(await sessionReasons(page)).toEqual(Array.from({ length: 20 }, () => 'initial'));
    expect(minted).toHaveLength(20);
    const sessions = documents.map((url) => new URL(url).searchParams.get('session'));
    expect(new Set(sessions).size).toBe(20);
    expect((await events(page, 'svc:event:ready')).every((payload) => payload.mode === 'signed')).toBe(true);
    await page.close();
  });

  it('renews an expired session in place: ready again in the same document and path, the refused value sent again, one renewal', async () => {
    const { page, documents } = await open('signed-app', { colorScheme: 'dark' });
    await expect.poll(() => countOf(page, 'svc:event:ready'), { timeout: 15_000 }).toBe(1);
    await page.evaluate(() => (window as unknown as { __navigate: (p: string) => void }).__navigate('/embed/d/42/app/workbook/130'));
    await expect.poll(() => page.textContent('#path-main')).toBe('/embed/d/42/app/workbook/130');
    const firstFrame = await embedFrame(page);
    expect(await firstFrame.evaluate(() => document.documentElement.dataset.colorScheme)).toBe('dark');

    const timeOrigin = await firstFrame.evaluate(() => performance.timeOrigin);
    expect(rig.emulator.expireEmbedTokens()).toBeGreaterThan(0);
    // The viewer's next action meets the expired token: the embed refuses it, says its session expired, and
    // takes a new one in place.
    await setProps(page, { locale: 'de-DE' });
    await expect.poll(() => countOf(page, 'svc:event:ready'), { timeout: 20_000 }).toBe(2);
    const errors = (await events(page, 'svc:event:error')) as { name?: string; fatal?: boolean }[];
    expect(errors.filter((error) => error.fatal)).toEqual([expect.objectContaining({ name: 'SessionExpiredError', fatal: true })]);
    expect(errors.every((error) => error.name === 'SessionExpiredError')).toBe(true);
    expect(await sessionReasons(page)).toEqual(['initial', 'renewal']);
    expect(documents).toHaveLength(1);

    const frame = await embedFrame(page);
    expect(await frame.evaluate(() => performance.timeOrigin)).toBe(timeOrigin);
    await expect.poll(() => frame.evaluate(() => location.pathname), { timeout: 10_000 }).toBe('/embed/d/42/app/workbook/130');
    await expect.poll(() => frame.evaluate(() => document.documentElement.dataset.colorScheme)).toBe('dark');
    await expect.poll(() => frame.evaluate(() => document.documentElement.lang)).toMatch(/^de/);
    expect(await page.textContent('#status-main')).not.toBe('error');
    expect(await page.locator('iframe').count()).toBe(1);
    await page.close();
  });
});

/** Mean luminance (0-255) of a region of each screencast frame, decoded by the page's own image decoder. */
async function luminance(page: Page, frames: string[], region: { x: number; y: number; width: number; height: number }) {
  return page.evaluate(
    async ({ frames, region }) => {
      const out: number[] = [];
      for (const data of frames) {
        const bitmap = await createImageBitmap(await (await fetch(`data:image/png;base64,${data}`)).blob());
        const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
        const context = canvas.getContext('2d') as OffscreenCanvasRenderingContext2D;
        context.drawImage(bitmap, 0, 0);
        const pixels = context.getImageData(region.x, region.y, region.width, region.height).data;
        let sum = 0;
        for (let i = 0; i < pixels.length; i += 4) sum += 0.2126 * (pixels[i] ?? 0) + 0.7152 * (pixels[i + 1] ?? 0) + 0.0722 * (pixels[i + 2] ?? 0);
        out.push(sum / (pixels.length / 4));
      }
      return out;
    },
    { frames, region },
  );
}

/** Records every painted frame from the embed's mount until its dashboard has loaded. */
async function paintedFrames(props: Record<string, unknown>): Promise<{ levels: number[]; page: Page }> {
  const { page } = await open('signed-dashboard', props);
  await expect.poll(() => countOf(page, 'svc:event:dashboard-loaded'), { timeout: 15_000 }).toBe(1);
  await setMounted(page, false);
  const frames: string[] = [];
  const cdp: CDPSession = await page.context().newCDPSession(page);
  cdp.on('Page.screencastFrame', (frame: { data: string; sessionId: number }) => {
    frames.push(frame.data);
    void cdp.send('Page.screencastFrameAck', { sessionId: frame.sessionId }).catch(() => {});
  });
  await cdp.send('Page.startScreencast', { format: 'png', everyNthFrame: 1 });
  await setMounted(page, true);
  await expect.poll(() => countOf(page, 'svc:event:dashboard-loaded'), { timeout: 15_000 }).toBe(2);
  await page.waitForTimeout(300);
  await cdp.send('Page.stopScreencast');
  // The embed's box (frameStyle: 900 x 520 at the top left).
  const levels = await luminance(page, frames, { x: 20, y: 20, width: 860, height: 480 });
  if (process.env.SVC_DUMP_FRAMES) for (const [i, f] of frames.entries()) writeFileSync(join(tmpdir(), `svc-frame-${i}.png`), Buffer.from(f, 'base64'));
  return { levels, page };
}

describe('no flash of a light embed in a dark app', () => {
  it('paints 0 light frames from mount to loaded with colorScheme="dark"; reveal="immediate" shows why it matters', async () => {
    // The settle time after ready is tuned for a normal machine; a CPU-starved one (a parallel test run) can
    // delay the embed's own work past it. So up to three tries, and one must paint no light frame at all;
    // without the reveal rule every try does (see the control below).
    const tries: number[][] = [];
    for (let attempt = 0; attempt < 3; attempt++) {
      const dark = await paintedFrames({ colorScheme: 'dark' });
      await dark.page.close();
      expect(dark.levels.length).toBeGreaterThan(3);
      tries.push(dark.levels.filter((level) => level > 128));
      if (tries.at(-1)?.length === 0) break;
    }
    expect(tries.at(-1), JSON.stringify(tries)).toEqual([]);

    // The same measurement sees the flash when the iframe is shown at once, so it can fail. The flash is a
    // frame or two long and a busy machine's screencast can miss it: up to three tries, one must see it.
    const flashes: number[] = [];
    for (let attempt = 0; attempt < 3 && !flashes.some((count) => count > 0); attempt++) {
      const immediate = await paintedFrames({ colorScheme: 'dark', reveal: 'immediate' });
      flashes.push(immediate.levels.filter((level) => level > 128).length);
      await immediate.page.close();
    }
    expect(flashes.some((count) => count > 0), JSON.stringify(flashes)).toBe(true);
  });
});
