import { mkdirSync } from 'node:fs';
import type { Browser, Frame, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../../src/emulator/index.js';
import { connectChromium } from '../support/connectChromium.js';
import { startBuiltEmulator } from '../support/startBuiltEmulator.js';
import { startForeignFramePage, startHostApp } from './support/hostApp.js';

let browser: Browser;
let emulator: RunningEmulator;
let host: Awaited<ReturnType<typeof startHostApp>>;
let foreign: Awaited<ReturnType<typeof startForeignFramePage>>;

beforeAll(async () => {
  mkdirSync('test-results', { recursive: true });
  [browser, emulator, host, foreign] = await Promise.all([
    connectChromium(),
    startBuiltEmulator({ port: 0, host: 'localhost' }),
    startHostApp(),
    startForeignFramePage(),
  ]);
});

afterAll(async () => {
  await browser?.close();
  await Promise.all([emulator?.close(), host?.close(), foreign?.close()]);
});

interface HostEvent {
  embedId: string;
  type: string;
  payload: Record<string, unknown>;
}

async function open(scenario: string, props: Record<string, unknown> = {}): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 1000, height: 1400 } });
  const query = new URLSearchParams({ tenant: emulator.url, scenario, props: JSON.stringify(props) });
  await page.goto(`${host.url}/?${query}`);
  return page;
}

const events = (page: Page): Promise<HostEvent[]> => page.evaluate(() => (window as unknown as { __events: HostEvent[] }).__events);

async function waitForEvent(page: Page, type: string, count = 1, embedId = 'main'): Promise<void> {
  await expect.poll(async () => (await events(page)).filter((e) => e.type === type && e.embedId === embedId).length, { timeout: 15_000 }).toBeGreaterThanOrEqual(count);
}

/** The embed's frame, with a recorder of the actions that reach it installed. */
async function embedFrame(page: Page, embedId = 'main'): Promise<Frame> {
  const handle = await page.waitForSelector(`iframe[data-svc-embed-id="${embedId}"]`);
  const frame = await handle.contentFrame();
  if (!frame) throw new Error('no frame');
  await frame.waitForSelector('main[data-surface]');
  await frame.evaluate(() => {
    const w = window as unknown as { __actions?: { type: string; origin: string }[] };
    if (w.__actions) return;
    w.__actions = [];
    addEventListener('message', (event) => w.__actions?.push({ type: (event.data as { type: string }).type, origin: event.origin }));
  });
  return frame;
}

const frameActions = (frame: Frame) => frame.evaluate(() => (window as unknown as { __actions: { type: string; origin: string }[] }).__actions);
const setProps = (page: Page, props: Record<string, unknown>) =>
  page.evaluate((p) => (window as unknown as { __setProps: (p: Record<string, unknown>) => void }).__setProps(p), props);
const loadMarker = (frame: Frame) => frame.evaluate(() => performance.timeOrigin);

describe('each surface in a real browser, across two origins', () => {
  it('dashboard: ready, then view, then dashboard-loaded reach callbacks, hooks and the store', async () => {
    const page = await open('dashboard', { colorScheme: 'dark' });
    await waitForEvent(page, 'svc:event:dashboard-loaded');
    const sequence = (await events(page)).map((e) => e.type);
    expect(sequence.slice(0, 3)).toEqual(['svc:event:ready', 'svc:event:view', 'svc:event:dashboard-loaded']);
    const hooks = await page.evaluate(() => (window as unknown as { __hookEvents: { type: string }[] }).__hookEvents.map((e) => e.type));
    expect(hooks).toEqual(['svc:event:ready', 'svc:event:view', 'svc:event:dashboard-loaded']);
    await expect.poll(() => page.textContent('#status-main')).toBe('loaded');
    expect(await page.textContent('#path-main')).toBe('/embed/dashboard/sales-overview');
    const frame = await embedFrame(page);
    await expect.poll(() => frame.evaluate(() => document.documentElement.dataset.colorScheme)).toBe('dark');
    await page.screenshot({ path: 'test-results/surface-dashboard.png' });
    await page.close();
  });

  it('chat: ready and view, then ai-query submitted and completed', async () => {
    const page = await open('chat');
    await waitForEvent(page, 'svc:event:view');
    const frame = await embedFrame(page);
    const input = await frame.waitForSelector('textarea, input[type="text"]');
    await input.fill('Which region has the most revenue?');
    await input.press('Enter');
    await waitForEvent(page, 'svc:event:ai-query', 2);
    const statuses = (await events(page)).filter((e) => e.type === 'svc:event:ai-query').map((e) => e.payload.status);
    expect(statuses).toEqual(['submitted', 'completed']);
    expect((await events(page))[0]?.type).toBe('svc:event:ready');
    await page.screenshot({ path: 'test-results/surface-chat.png' });
    await page.close();
  });

  it('app: signed session, controlled path without echo', async () => {
    const response = await fetch(`${emulator.url}/api/v1/embed/generate-session`, {
      method: 'POST',
      headers: { authorization: `Bearer ${emulator.credentials.apiToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ deploymentId: 42, externalId: 'e2e', creatorMode: true }),
    });
    const { sessionId } = (await response.json()) as { sessionId: string };
    const page = await open('app', { session: sessionId });
    await waitForEvent(page, 'svc:event:view');
    expect((await events(page)).find((e) => e.type === 'svc:event:ready')?.payload.mode).toBe('signed');
    const frame = await embedFrame(page);
    await setProps(page, { path: '/embed/d/42/app/workbook/130' });
    await expect.poll(() => frame.evaluate(() => location.pathname)).toBe('/embed/d/42/app/workbook/130');
    await expect.poll(() => page.textContent('#path-main')).toBe('/embed/d/42/app/workbook/130');
    // The viewer goes home inside the embed; the host mirrors the path the embed reported into `path`, as
    // apps do with onNavigate. That path is where the embed already is: nothing is sent back.
    const navigations = async () => (await frameActions(frame)).filter((a) => a.type === 'svc:action:navigate').length;
    const before = await navigations();
    await frame.click('a[data-path="/embed/d/42/app"]');
    await expect.poll(() => page.textContent('#path-main')).toBe('/embed/d/42/app');
    await setProps(page, { path: '/embed/d/42/app' });
    await page.waitForTimeout(300);
    expect(await navigations()).toBe(before);
    expect(await frame.evaluate(() => location.pathname)).toBe('/embed/d/42/app');
    await page.screenshot({ path: 'test-results/surface-app.png' });
    await page.close();
  });
});

describe('controlled props and actions take visible effect, once, without reloading', () => {
  it('colour scheme, locale, theme and filters', async () => {
    const page = await open('dashboard');
    await waitForEvent(page, 'svc:event:dashboard-loaded');
    const frame = await embedFrame(page);
    const marker = await loadMarker(frame);
    const rowsBefore = await frame.textContent('[data-testid="row-count"]');

    await setProps(page, { colorScheme: 'dark' });
    await expect.poll(() => frame.evaluate(() => document.documentElement.dataset.colorScheme)).toBe('dark');
    const darkBackground = await frame.evaluate(() => getComputedStyle(document.body).backgroundColor);
    await setProps(page, { colorScheme: 'light' });
    await expect.poll(() => frame.evaluate(() => getComputedStyle(document.body).backgroundColor)).not.toBe(darkBackground);

    await setProps(page, { filters: { 'orders.region': { value: 'EU' } } });
    await expect.poll(() => frame.textContent('[data-testid="row-count"]')).not.toBe(rowsBefore);
    await setProps(page, { filters: { 'orders.region': { value: 'EU' } } }); // same content: nothing sent
    await setProps(page, { filters: {} }); // removed: sent as null, the data comes back
    await expect.poll(() => frame.textContent('[data-testid="row-count"]')).toBe(rowsBefore);

    const title = await frame.textContent('h1, [data-testid="dashboard-title"]');
    await setProps(page, { locale: 'de-DE' });
    await expect.poll(() => frame.evaluate(() => document.documentElement.lang)).toMatch(/^de/);
    expect(await frame.textContent('h1, [data-testid="dashboard-title"]')).toBe(title);

    await setProps(page, { theme: { primaryColor: 'rgb(255, 0, 0)' } });
    const barFill = () => frame.evaluate(() => getComputedStyle(document.querySelector('[data-testid="bar"]') as Element).fill);
    await expect.poll(barFill).toBe('rgb(255, 0, 0)');

    const actions = (await frameActions(frame)).map((a) => a.type);
    expect(actions.filter((t) => t === 'svc:action:set-color-scheme')).toHaveLength(2);
    expect(actions.filter((t) => t === 'svc:action:set-filter')).toHaveLength(2);
    expect(actions.filter((t) => t === 'svc:action:set-locale')).toHaveLength(1);
    expect(actions.filter((t) => t === 'svc:action:set-theme')).toHaveLength(1);
    for (const action of await frameActions(frame)) expect(action.origin).toBe(host.url);
    expect(await loadMarker(frame)).toBe(marker);
    await page.close();
  });

  it('re-applies the controlled values after the iframe reloads', async () => {
    const page = await open('dashboard', { colorScheme: 'dark' });
    await waitForEvent(page, 'svc:event:dashboard-loaded');
    let frame = await embedFrame(page);
    await expect.poll(() => frame.evaluate(() => document.documentElement.dataset.colorScheme)).toBe('dark');
    await frame.evaluate(() => location.reload());
    await waitForEvent(page, 'svc:event:ready', 2);
    frame = await embedFrame(page);
    await expect.poll(() => frame.evaluate(() => document.documentElement.dataset.colorScheme)).toBe('dark');
    await page.close();
  });
});

describe('security', () => {
  it('ignores a frame on a foreign origin posting perfect envelopes', async () => {
    const page = await open('dashboard');
    await waitForEvent(page, 'svc:event:dashboard-loaded');
    const before = (await events(page)).length;
    await page.evaluate((src) => (window as unknown as { __addForeignFrame: (s: string) => void }).__addForeignFrame(src), foreign.url);
    const foreignFrame = await (await page.waitForSelector('#foreign')).contentFrame();
    await expect.poll(() => foreignFrame?.title()).toBe('posted');
    await page.waitForTimeout(100);
    expect((await events(page)).length).toBe(before);
    expect(await page.textContent('#status-main')).toBe('loaded');
    const reasons = await page.evaluate(() => (window as unknown as { __debug: { reason: string }[] }).__debug.map((d) => d.reason));
    expect(reasons.filter((r) => r === 'wrong-origin')).toHaveLength(3);
    await page.close();
  });

  it('posts actions for the tenant origin only: once the iframe shows another origin, nothing reaches it', async () => {
    const page = await open('dashboard');
    await waitForEvent(page, 'svc:event:dashboard-loaded');
    const embed = await embedFrame(page);
    // The embed's own iframe navigates away to a page of another origin, which records every message.
    await embed.evaluate((url) => {
      location.href = url;
    }, foreign.url);
    await expect.poll(() => page.frames().some((f) => f.url() === foreign.url)).toBe(true);
    const frame = page.frames().find((f) => f.url() === foreign.url) as Frame;
    await expect.poll(() => frame.title()).toBe('posted');
    await setProps(page, { colorScheme: 'dark', filters: { 'orders.region': { value: 'EU' } } });
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 300)));
    // With a "*" target these actions would be delivered to the foreign page.
    expect(await frame.evaluate(() => (window as unknown as { __received: unknown[] }).__received)).toEqual([]);
    // And what that page posted from the embed's window is dropped as coming from the wrong origin.
    const reasons = await page.evaluate(() => (window as unknown as { __debug: { reason: string }[] }).__debug.map((d) => d.reason));
    expect(reasons).toContain('wrong-origin');
    expect((await events(page)).filter((e) => e.payload.path === '/forged')).toEqual([]);
    await page.close();
  });

  it('keeps two embeds of the same tenant apart', async () => {
    const page = await open('two');
    await waitForEvent(page, 'svc:event:dashboard-loaded', 1, 'a');
    await waitForEvent(page, 'svc:event:dashboard-loaded', 1, 'b');
    const all = await events(page);
    expect(all.filter((e) => e.embedId === 'a' && e.type === 'svc:event:ready')).toHaveLength(1);
    expect(all.filter((e) => e.embedId === 'b' && e.type === 'svc:event:ready')).toHaveLength(1);
    const frameA = await embedFrame(page, 'a');
    const frameB = await embedFrame(page, 'b');
    await setProps(page, { colorScheme: 'dark' });
    await expect.poll(() => frameA.evaluate(() => document.documentElement.dataset.colorScheme)).toBe('dark');
    expect(await frameB.evaluate(() => document.documentElement.dataset.colorScheme)).not.toBe('dark');
    expect((await frameActions(frameB)).length).toBe(0);
    await page.close();
  });
});

describe('mounting', () => {
  it('StrictMode and 100 mount/unmount cycles leave one listener or none, and no stray iframe', async () => {
    const page = await open('dashboard');
    await waitForEvent(page, 'svc:event:ready');
    expect(await page.evaluate(() => (window as unknown as { __stats: () => unknown }).__stats())).toEqual({ routes: 1, listening: true });
    expect(await page.locator('iframe').count()).toBe(1);
    for (let i = 0; i < 100; i++) {
      await page.evaluate((on) => (window as unknown as { __setMounted: (m: boolean) => void }).__setMounted(on), i % 2 === 1);
    }
    await page.evaluate(() => (window as unknown as { __setMounted: (m: boolean) => void }).__setMounted(false));
    await expect.poll(() => page.evaluate(() => (window as unknown as { __stats: () => unknown }).__stats())).toEqual({ routes: 0, listening: false });
    expect(await page.locator('iframe').count()).toBe(0);
    await page.close();
  });
});
