import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { staticPlayground } from '../support/staticPlayground.js';
import { figure, poll, storyPlaygroundForFile } from '../support/storyPage.js';

// The lifecycle, keep-alive and renewal recipes of the playground as `npm start` shows them (a development build,
// made once for the run, with the library's message inspector on), served by the global setup with the emulators
// and the playground backend `npm start` runs behind them, do what their descriptions promise, with the figures
// they show as the evidence.

/** Opens a story in a new page; `prepare` sees the page before it navigates (to listen from the first request). */
const { openStory } = storyPlaygroundForFile(staticPlayground('development'));

const row = (page: Page, tab: string, column: string) => page.getByTestId(`row-${tab}`).getByTestId(column).textContent();
const scheme = (page: Page, embedId: string) => page.frameLocator(`iframe[data-svc-embed-id="${embedId}"]`).locator('html').getAttribute('data-color-scheme');

describe('the lifecycle recipes', () => {
  it('remount: a new session and one ready per mount, no error', async () => {
    const { page, problems } = await openStory('lifecycle--remount-with-get-session');
    await expect.poll(() => figure(page, 'ready'), poll).toBe('1');
    for (let mount = 2; mount <= 4; mount++) {
      await page.getByRole('button', { name: 'Remount' }).click();
      await expect.poll(() => figure(page, 'ready'), poll).toBe(String(mount));
    }
    await page.getByRole('button', { name: 'Unmount' }).click();
    await page.getByText('Unmounted').waitFor();
    await page.getByRole('button', { name: 'Mount', exact: true }).click();
    await expect.poll(() => figure(page, 'ready'), poll).toBe('5');
    expect(await figure(page, 'mounts')).toBe('5');
    expect(await figure(page, 'sessions')).toBe('5');
    expect(await figure(page, 'errors')).toBe('0');
    expect(problems).toEqual([]);
    await page.close();
  }, 120_000);

  it('renewal: after "Expire tokens", the next action renews through getSession and keeps the colour scheme', async () => {
    const { page, problems } = await openStory('lifecycle--renewal-after-expiry');
    await expect.poll(() => figure(page, 'ready'), poll).toBe('1');
    await page.getByRole('button', { name: 'Expire tokens' }).click();
    await expect.poll(() => page.getByTestId('expiry').textContent(), poll).toMatch(/^Expired [1-9]\d* embed token/);
    expect(await figure(page, 'renewals')).toBe('0');
    await page.getByRole('button', { name: /Toggle colour scheme/ }).click();
    await expect.poll(() => figure(page, 'renewals'), poll).toBe('1');
    await expect.poll(() => figure(page, 'ready'), poll).toBe('2');
    expect(await figure(page, 'initial')).toBe('1');
    // The embed's own SessionExpiredError was absorbed by the renewal: onError never hears of it.
    expect(await page.getByText(/Last error:/).count()).toBe(0);
    // The renewed embed got the current controlled value back.
    await expect.poll(() => scheme(page, 'renewal'), poll).toBe('dark');
    expect(problems).toEqual([]);
    await page.close();
  }, 120_000);

  it('dark app: the placeholder stands in until the embed is shown, and it is dark when shown', async () => {
    const { page, problems } = await openStory('lifecycle--dark-app-without-flash');
    const iframe = page.locator('iframe[data-svc-embed-id="dark"]');
    await iframe.waitFor({ state: 'attached', timeout: 30_000 });
    await page.getByTestId('dark-placeholder').waitFor({ state: 'detached', timeout: 30_000 });
    expect(await scheme(page, 'dark')).toBe('dark');
    expect(await iframe.isVisible()).toBe(true);
    expect(problems).toEqual([]);
    await page.close();
  }, 120_000);

  it('one provider: three signed embeds, and its colour scheme and locale reach all of them', async () => {
    const { page, problems } = await openStory('lifecycle--shared-provider-settings');
    await expect.poll(() => figure(page, 'sessions'), poll).toBe('3');
    const embeds = ['shared-dashboard', 'shared-chat', 'shared-app'];
    for (const id of embeds) await expect.poll(() => scheme(page, id), poll).toBe('light');
    await page.getByRole('radio', { name: 'dark' }).check();
    await page.getByLabel('Locale').selectOption('de-DE');
    for (const id of embeds) {
      await expect.poll(() => scheme(page, id), poll).toBe('dark');
      await expect.poll(() => page.frameLocator(`iframe[data-svc-embed-id="${id}"]`).locator('html').getAttribute('lang'), poll).toBe('de-DE');
    }
    // Controlled values, not new addresses: no further session.
    expect(await figure(page, 'sessions')).toBe('3');
    expect(problems).toEqual([]);
    await page.close();
  }, 120_000);
});

describe('the keep-alive recipes', () => {
  /** Opens each tab in turn, waiting for the first load of a tab never opened before. */
  async function visit(page: Page, tabs: readonly string[]): Promise<void> {
    for (const tab of tabs) {
      await page.getByRole('tab', { name: tab }).click();
      await expect.poll(() => row(page, tab.toLowerCase(), 'loads'), poll).not.toBe('0');
    }
  }

  it('with keepAlive: one load and one session per tab, however often it is visited', async () => {
    const { page, problems } = await openStory('keep-alive--tabs-with-keep-alive');
    await expect.poll(() => row(page, 'dashboard', 'loads'), poll).toBe('1');
    await visit(page, ['Chat', 'App', 'Dashboard', 'Chat', 'Dashboard']);
    // Give a reload that should not happen the time to show up.
    await page.waitForTimeout(1_000);
    expect([await row(page, 'dashboard', 'visits'), await row(page, 'chat', 'visits'), await row(page, 'app', 'visits')]).toEqual(['3', '2', '1']);
    for (const tab of ['dashboard', 'chat', 'app']) {
      expect(await row(page, tab, 'loads')).toBe('1');
      expect(await row(page, tab, 'sessions')).toBe('1');
    }
    expect(problems).toEqual([]);
    await page.close();
  }, 120_000);

  it('without keepAlive: one load and one session per visit', async () => {
    const { page, problems } = await openStory('keep-alive--tabs-without-keep-alive');
    await expect.poll(() => row(page, 'dashboard', 'loads'), poll).toBe('1');
    await visit(page, ['Chat', 'Dashboard']);
    await expect.poll(() => row(page, 'dashboard', 'loads'), poll).toBe('2');
    expect(await row(page, 'dashboard', 'visits')).toBe('2');
    expect(await row(page, 'dashboard', 'sessions')).toBe('2');
    expect(await row(page, 'chat', 'loads')).toBe('1');
    expect(problems).toEqual([]);
    await page.close();
  }, 120_000);

  it('preload on hover: the dashboard loads before the click, and the click shows it without a second load', async () => {
    const { page, problems } = await openStory('keep-alive--preload-on-hover');
    const button = page.getByRole('button', { name: 'Open sales dashboard' });
    await button.hover();
    await expect.poll(() => figure(page, 'loads'), poll).toBe('1');
    expect(await figure(page, 'sessions')).toBe('1');
    await button.click();
    const iframe = page.locator('iframe[data-svc-embed-id="preloaded-sales"]');
    await expect.poll(() => iframe.isVisible(), { timeout: 2_000, interval: 50 }).toBe(true);
    await page.getByRole('button', { name: 'Close sales dashboard' }).click();
    await page.getByRole('button', { name: 'Open sales dashboard' }).click();
    await expect.poll(() => iframe.isVisible(), { timeout: 2_000, interval: 50 }).toBe(true);
    await page.waitForTimeout(1_000);
    expect(await figure(page, 'loads')).toBe('1');
    expect(await figure(page, 'sessions')).toBe('1');
    expect(problems).toEqual([]);
    await page.close();
  }, 120_000);
});

describe('the renewal recipe', () => {
  const STORY = 'renewal--a-tab-open-for-days';
  const typed = 'revenue by region last quarter';

  /** The document inside an embed's iframe, to act there as the browser would. */
  async function embedFrame(page: Page, embedId: string) {
    const frame = await (await page.locator(`iframe[data-svc-embed-id="${embedId}"]`).elementHandle())?.contentFrame();
    if (!frame) throw new Error(`no document in the iframe of ${embedId}`);
    return frame;
  }

  /** The page notices a changed token at its next check: coming back to the foreground is one. */
  const bringToForeground = async (page: Page, embedId: string) =>
    (await embedFrame(page, embedId)).evaluate(() => document.dispatchEvent(new Event('visibilitychange')));

  it('in place: after "Expiring now" the embed renews in its own document, keeps the typed text, and the inspector shows no session id', async () => {
    // Every session id the playground's backend handed out: none may show in the inspector.
    const sessionIds: string[] = [];
    const { page, problems } = await openStory(STORY, (page) =>
      page.on('response', (response) => {
        if (new URL(response.url()).pathname !== '/playground-api/session') return;
        void response.json().then((body: { sessionId?: string }) => body.sessionId && sessionIds.push(body.sessionId), () => undefined);
      }),
    );
    const embed = page.frameLocator('iframe[data-svc-embed-id="tab-open-for-days"]');
    await embed.getByTestId('agent-input').waitFor({ timeout: 30_000 });
    await expect.poll(() => figure(page, 'documents'), poll).toBe('1');
    await embed.getByTestId('agent-input').fill(typed);
    expect(await figure(page, 'renewals')).toBe('0');

    await page.getByRole('button', { name: 'Expiring now' }).click();
    await expect.poll(() => page.getByTestId('control-answer').textContent(), poll).toMatch(/^[1-9]\d* tokens? entered the expiring window/);
    await bringToForeground(page, 'tab-open-for-days');
    await expect.poll(() => figure(page, 'renewals'), poll).toBe('1');

    expect(await figure(page, 'documents')).toBe('1');
    expect(await embed.getByTestId('agent-input').inputValue()).toBe(typed);
    expect(Number(await figure(page, 'expiring'))).toBeGreaterThanOrEqual(1);
    expect(await figure(page, 'sessions')).toBe('2');
    expect(await figure(page, 'last-renewal')).not.toBe('none yet');
    // The inspector shows the handover, never the session handed over.
    const inspector = page.locator('[data-svc-devtools]');
    await expect.poll(async () => (await inspector.textContent()) ?? '', poll).toContain('set-session');
    expect(sessionIds).toHaveLength(2);
    const shown = (await inspector.textContent()) ?? '';
    for (const id of sessionIds) expect(shown).not.toContain(id);
    expect(problems).toEqual([]);
    await page.close();
  }, 120_000);

  it('older platform: "Expire now" renews by reloading, so a new document, and the typed text is gone', async () => {
    const { page, problems } = await openStory(STORY);
    await page.getByRole('button', { name: 'Older platform' }).click();
    const embed = page.frameLocator('iframe[data-svc-embed-id="tab-open-for-days-older"]');
    await embed.getByTestId('agent-input').waitFor({ timeout: 30_000 });
    await expect.poll(() => figure(page, 'documents'), poll).toBe('1');
    await embed.getByTestId('agent-input').fill(typed);

    await page.getByRole('button', { name: 'Expire now' }).click();
    await expect.poll(() => page.getByTestId('control-answer').textContent(), poll).toMatch(/^[1-9]\d* tokens? expired/);
    await bringToForeground(page, 'tab-open-for-days-older');
    await expect.poll(() => figure(page, 'renewals'), poll).toBe('1');

    await expect.poll(() => figure(page, 'documents'), poll).toBe('2');
    await expect.poll(() => embed.getByTestId('agent-input').inputValue(), poll).toBe('');
    expect(await figure(page, 'expiring')).toBe('0');
    // An expiry the library renewed is no failure of the embed: onError never hears of it.
    expect(await page.getByText(/Last error reported:/).count()).toBe(0);
    expect(problems).toEqual([]);
    await page.close();
  }, 120_000);
});
