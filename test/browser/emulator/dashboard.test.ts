import { mkdirSync } from 'node:fs';
import type { Frame } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { EmulatorDataset, EmulatorWidget } from '../../../src/emulator/EmulatorBootConfig.js';
import { parseEventMessage } from '../../../src/protocol/index.js';
import { mintSession, publishDashboard, readBoot } from './support/emulatorClient.js';
import { openEmbed } from './support/embedPage.js';
import { startEmbedRig } from './support/embedRig.js';
import { sumsBy, total } from './support/expected.js';
import { readDownload } from './support/readDownload.js';

/** The dashboard these tests publish: a chart per kind of dimension, text, a filter and a time grain. */
const WIDGETS: readonly EmulatorWidget[] = [
  { id: 'w-text', type: 'TEXT', position: { x: 0, y: 0, w: 6, h: 1 }, config: { text: 'Orders of the first half year.' } },
  { id: 'w-filter', type: 'FILTER', position: { x: 6, y: 0, w: 3, h: 1 }, config: { filterKey: 'orders.status', title: 'Status' } },
  { id: 'w-grain', type: 'TIME_GRAIN', position: { x: 9, y: 0, w: 3, h: 1 }, config: { grains: ['week', 'month', 'quarter'], defaultGrain: 'month' } },
  { id: 'w-region', type: 'CHART', position: { x: 0, y: 1, w: 6, h: 4 }, config: { title: 'Revenue by region', measure: 'orders.revenue', dimension: 'orders.region' } },
  { id: 'w-month', type: 'CHART', position: { x: 6, y: 1, w: 6, h: 4 }, config: { title: 'Orders by month', measure: 'count', dimension: 'order_date' } },
];

const rig = startEmbedRig();
let publicId: string;
let rows: EmulatorDataset['rows'];

beforeAll(async () => {
  publicId = await publishDashboard(rig.emulator, 'Order review', WIDGETS);
});

/**
 * Opens a dashboard of the emulator in the host page, signed in with a fresh session unless `session` is
 * false, and waits for dashboard-loaded. Address parameters go in `params`.
 */
async function openDashboard(options: { id?: string; params?: Record<string, string>; session?: false | Record<string, unknown> } = {}) {
  const query = new URLSearchParams(options.params);
  if (options.session !== false) query.set('session', await mintSession(rig.emulator, options.session ?? {}));
  const embed = await openEmbed(rig.browser, rig.hostServer.origin, `${rig.emulator.url}/embed/dashboard/${options.id ?? publicId}?${query}`);
  await embed.waitForEvent('svc:event:dashboard-loaded');
  rows = (await readBoot(embed.frame)).dataset.rows;
  return embed;
}

const byRegion = (row: EmulatorDataset['rows'][number]) => String(row.region);
const byMonth = (row: EmulatorDataset['rows'][number]) => String(row.order_date).slice(0, 7);

/** The bars of a widget: dimension value -> measure value, as the page drew them. */
function bars(frame: Frame, widgetId: string): Promise<Record<string, number>> {
  return frame.$$eval(`[data-widget-id="${widgetId}"] [data-testid="bar"]`, (elements) =>
    Object.fromEntries(elements.map((element) => [element.getAttribute('data-key'), Number(element.getAttribute('data-value'))])),
  );
}

function widgetTotal(frame: Frame, widgetId: string): Promise<number> {
  return frame.$eval(`[data-widget-id="${widgetId}"] [data-testid="widget-total"]`, (element) => Number(element.getAttribute('data-value')));
}

describe('emulator dashboard page in Chromium', () => {
  it('sends ready first, then view, then dashboard-loaded, all valid and only to the host', async () => {
    const embed = await openDashboard({ id: 'sales-overview' });
    const boot = await readBoot(embed.frame);
    const events = await embed.events();
    expect(events.map((event) => event.type)).toEqual(['svc:event:ready', 'svc:event:view', 'svc:event:dashboard-loaded']);
    for (const event of events) expect(parseEventMessage(event).ok).toBe(true);
    expect(events[0]?.payload).toEqual({
      embedTenant: 'acme',
      deploymentId: 42,
      mode: 'signed',
      surface: 'dashboard',
      publicId: 'sales-overview',
    });
    expect(events[1]?.payload).toEqual({
      surface: 'dashboard',
      path: '/embed/dashboard/sales-overview',
      publicId: 'sales-overview',
      title: boot.dashboard?.title,
    });
    const loaded = events[2]?.payload as { widgetCount: number; loadDurationMs: number; publicId: string };
    expect(loaded.widgetCount).toBe(boot.dashboard?.widgets.length);
    expect(await embed.frame.locator('[data-testid="widget"]').count()).toBe(loaded.widgetCount);
    expect(loaded.publicId).toBe('sales-overview');
    expect(loaded.loadDurationMs).toBeGreaterThanOrEqual(0);
    expect(await embed.otherMessages()).toEqual([]);
    mkdirSync('test-results', { recursive: true });
    await embed.page.screenshot({ path: 'test-results/emulator-dashboard.png' });
    expect(embed.pageErrors).toEqual([]);
    await embed.page.close();
  });

  it('keeps its token out of its address and its HTML, and finds it again in its own storage when reloaded', async () => {
    const exchanges: string[] = [];
    const addresses: string[] = [];
    const embed = await openDashboard();
    embed.page.on('request', (request) => {
      addresses.push(request.url());
      if (request.url().endsWith('/api/v1/embed/session/token')) exchanges.push(request.method());
    });
    const address = new URL(embed.frame.url());
    expect(address.searchParams.has('session')).toBe(true);
    expect(address.searchParams.has('embedToken')).toBe(false);
    // The token lives in the page's memory and, for this reload, in the tenant origin's sessionStorage only.
    const stored = await embed.frame.evaluate(() => Object.keys(sessionStorage).map((key) => sessionStorage.getItem(key) ?? ''));
    expect(stored).toEqual([expect.stringMatching(/^emt_/)]);
    const token = stored[0] as string;
    expect(await embed.frame.content()).not.toContain(token);
    await embed.frame.evaluate(() => window.location.reload());
    const again = await embed.waitForEvent('svc:event:ready', 2);
    expect(again.payload.mode).toBe('signed');
    await embed.waitForEvent('svc:event:dashboard-loaded', 2);
    expect(await embed.eventsOf('svc:event:error')).toEqual([]);
    // The reload spent nothing: no second exchange, and no address that carried the token.
    expect(exchanges).toEqual([]);
    expect(addresses.filter((url) => url.includes(token))).toEqual([]);
    // Without its storage (a new tab), the spent session is refused as used.
    await embed.frame.evaluate(() => sessionStorage.clear());
    await embed.frame.evaluate(() => window.location.reload());
    const refused = await embed.waitForEvent('svc:event:error');
    expect(refused.payload).toMatchObject({ name: 'SessionError', fatal: true, message: expect.stringMatching(/already used/) });
    await embed.page.close();
  });

  it('runs in private mode without a session', async () => {
    const embed = await openDashboard({ session: false });
    const [ready] = await embed.eventsOf('svc:event:ready');
    expect(ready?.payload).toMatchObject({ mode: 'private', embedTenant: null, deploymentId: 42, surface: 'dashboard' });
    expect(new URL(embed.frame.url()).searchParams.has('embedToken')).toBe(false);
    await embed.page.close();
  });

  it('lays the widgets out on the grid and draws the data set', async () => {
    const embed = await openDashboard();
    const { frame } = embed;
    expect(await frame.locator('[data-testid="widget"]').count()).toBe(5);
    const placement = await frame.$eval('[data-widget-id="w-month"]', (element) => {
      const style = getComputedStyle(element);
      return [style.gridColumnStart, style.gridColumnEnd, style.gridRowStart, style.gridRowEnd];
    });
    expect(placement).toEqual(['7', 'span 6', '2', 'span 4']);
    expect(await bars(frame, 'w-region')).toEqual(sumsBy(rows, byRegion, 'revenue'));
    expect(await widgetTotal(frame, 'w-region')).toBe(total(rows, 'revenue'));
    expect(await bars(frame, 'w-month')).toEqual(sumsBy(rows, byMonth, 'count'));
    expect(await frame.textContent('[data-widget-id="w-text"]')).toContain('Orders of the first half year.');
    expect(await frame.textContent('[data-testid="filter-chip"]')).toBe('Status:All');
    await embed.page.close();
  });

  it('applies set-color-scheme visibly, and follows the OS preference under auto', async () => {
    const embed = await openDashboard();
    const { frame, page } = embed;
    const background = () => frame.$eval('body', (body) => getComputedStyle(body).backgroundColor);
    const light = await background();
    await embed.send('svc:action:set-color-scheme', { scheme: 'dark' });
    await frame.waitForSelector('html[data-color-scheme="dark"]');
    expect(await background()).toBe('rgb(15, 20, 32)');
    expect(await frame.$eval('[data-widget-id="w-region"]', (widget) => getComputedStyle(widget).backgroundColor)).toBe('rgb(23, 30, 44)');
    mkdirSync('test-results', { recursive: true });
    await page.screenshot({ path: 'test-results/emulator-dashboard-dark.png' });
    await embed.send('svc:action:set-color-scheme', { scheme: 'light' });
    await frame.waitForSelector('html[data-color-scheme="light"]');
    expect(await background()).toBe(light);

    await page.emulateMedia({ colorScheme: 'dark' });
    await embed.send('svc:action:set-color-scheme', { scheme: 'auto' });
    await frame.waitForSelector('html[data-color-scheme-setting="auto"][data-color-scheme="dark"]');
    await page.emulateMedia({ colorScheme: 'light' });
    await frame.waitForSelector('html[data-color-scheme="light"]');
    await page.emulateMedia({ colorScheme: 'dark' });
    await frame.waitForSelector('html[data-color-scheme="dark"]');
    expect(await background()).toBe('rgb(15, 20, 32)');
    await page.close();
  });

  it('applies set-theme to bars, buttons, font and corners, and reports fields that are not CSS', async () => {
    const embed = await openDashboard();
    const { frame } = embed;
    await embed.send('svc:action:set-theme', { primaryColor: '#e11d48', font: 'Georgia, serif', borderRadius: 2 });
    await frame.waitForFunction(() => getComputedStyle(document.querySelector('.bar') as Element).fill === 'rgb(225, 29, 72)');
    expect(await frame.$eval('[data-testid="agent-submit"]', (button) => getComputedStyle(button).backgroundColor)).toBe('rgb(225, 29, 72)');
    expect(await frame.$eval('body', (body) => getComputedStyle(body).fontFamily)).toBe('Georgia, serif');
    expect(await frame.$eval('[data-widget-id="w-region"]', (widget) => getComputedStyle(widget).borderTopLeftRadius)).toBe('2px');

    await embed.send('svc:action:set-theme', { primaryColor: 'definitely not a colour' });
    const error = await embed.waitForEvent('svc:event:error');
    expect(error.payload).toMatchObject({ context: 'svc:action:set-theme', fatal: false });
    expect(error.payload.message).toContain('primaryColor');
    // A new theme replaces the previous one: the font and corners go back to the defaults.
    expect(await frame.$eval('[data-widget-id="w-region"]', (widget) => getComputedStyle(widget).borderTopLeftRadius)).toBe('10px');
    expect(await frame.$eval('.bar', (bar) => getComputedStyle(bar).fill)).toBe('rgb(79, 70, 229)');
    await embed.page.close();
  });

  it('starts with the session theme and the address locale and filters', async () => {
    const embed = await openDashboard({
      session: { embedTheme: { primaryColor: 'rgb(0, 128, 0)' } },
      params: { locale: 'de', 'f_orders.status': JSON.stringify({ value: 'shipped' }) },
    });
    const { frame } = embed;
    expect(await frame.$eval('.bar', (bar) => getComputedStyle(bar).fill)).toBe('rgb(0, 128, 0)');
    expect(await frame.getAttribute('html', 'lang')).toBe('de-DE');
    const shipped = rows.filter((row) => row.status === 'shipped');
    expect(shipped.length).toBeGreaterThan(0);
    expect(await bars(frame, 'w-region')).toEqual(sumsBy(shipped, byRegion, 'revenue'));
    expect(await frame.textContent('[data-testid="filter-chip-value"]')).toBe('shipped');
    expect(await frame.textContent('[data-testid="row-count"]')).toBe(`${shipped.length} Zeilen`);
    await embed.page.close();
  });

  it('translates labels and formats numbers on set-locale, mapping regional variants', async () => {
    const embed = await openDashboard();
    const { frame } = embed;
    const revenue = total(rows, 'revenue');
    const totalText = () => frame.textContent('[data-widget-id="w-region"] [data-testid="widget-total"]');
    expect(await totalText()).toBe(`Total ${new Intl.NumberFormat('en-US').format(revenue)}`);
    await embed.send('svc:action:set-locale', { locale: 'de-AT' });
    await frame.waitForSelector('html[lang="de-DE"]');
    expect(await totalText()).toBe(`Gesamt ${new Intl.NumberFormat('de-DE').format(revenue)}`);
    expect(await frame.getAttribute('[data-testid="agent-input"]', 'placeholder')).toBe('Stellen Sie eine Frage zu diesen Daten…');
    await embed.send('svc:action:set-locale', { locale: 'fr' });
    await frame.waitForSelector('html[lang="fr-FR"]');
    expect(await totalText()).toBe(`Total ${new Intl.NumberFormat('fr-FR').format(revenue)}`);
    expect(await frame.textContent('[data-testid="filter-chip-value"]')).toBe('Tous');
    // A locale the platform does not ship is ignored.
    await embed.send('svc:action:set-locale', { locale: 'ko-KR' });
    await embed.send('svc:action:set-locale', { locale: 'ja' });
    await frame.waitForSelector('html[lang="ja-JP"]');
    expect(await frame.textContent('[data-testid="filter-chip-value"]')).toBe('すべて');
    await embed.page.close();
  });

  it('re-filters charts, totals and the filter chip on set-filter, and clears with null', async () => {
    const embed = await openDashboard();
    const { frame } = embed;
    await embed.send('svc:action:set-filter', { filterUrlParameter: 'f_orders.status={"value":"completed"}' });
    await frame.waitForSelector('[data-testid="filter-chip"][data-active="true"]');
    const completed = rows.filter((row) => row.status === 'completed');
    expect(await frame.textContent('[data-testid="filter-chip-value"]')).toBe('completed');
    expect(await bars(frame, 'w-region')).toEqual(sumsBy(completed, byRegion, 'revenue'));
    expect(await widgetTotal(frame, 'w-region')).toBe(total(completed, 'revenue'));
    expect(await frame.getAttribute('[data-testid="row-count"]', 'data-value')).toBe(String(completed.length));

    await embed.send('svc:action:set-filter', { filterUrlParameter: 'f_orders.region={"value":["EU","APAC"]}' });
    const both = completed.filter((row) => row.region === 'EU' || row.region === 'APAC');
    await frame.waitForSelector(`[data-testid="row-count"][data-value="${both.length}"]`);
    expect(await bars(frame, 'w-region')).toEqual(sumsBy(both, byRegion, 'revenue'));

    await embed.send('svc:action:set-filter', { filterUrlParameter: 'f_orders.status=null' });
    await embed.send('svc:action:set-filter', { filterUrlParameter: 'f_orders.region=null' });
    await frame.waitForSelector(`[data-testid="row-count"][data-value="${rows.length}"]`);
    expect(await frame.textContent('[data-testid="filter-chip-value"]')).toBe('All');
    expect(await widgetTotal(frame, 'w-region')).toBe(total(rows, 'revenue'));
    expect(await embed.eventsOf('svc:event:error')).toEqual([]);

    await embed.sendRaw({ source: 'svc-embed', direction: 'action', type: 'svc:action:set-filter', payload: { filterUrlParameter: 'status=x' }, timestamp: Date.now() });
    const error = await embed.waitForEvent('svc:event:error');
    expect(error.payload).toMatchObject({ context: 'svc:action:set-filter', fatal: false });
    await embed.page.close();
  });

  it('regroups date charts by the time grain the viewer picks', async () => {
    const embed = await openDashboard();
    const { frame } = embed;
    await frame.click('[data-testid="time-grain"] [data-grain="quarter"]');
    await frame.waitForSelector('[data-grain="quarter"][aria-pressed="true"]');
    const quarter = (row: EmulatorDataset['rows'][number]) => {
      const date = String(row.order_date);
      return `${date.slice(0, 4)}-Q${Math.ceil(Number(date.slice(5, 7)) / 3)}`;
    };
    expect(await bars(frame, 'w-month')).toEqual(sumsBy(rows, quarter, 'count'));
    await embed.page.close();
  });

  it('refreshes: draws again and sends dashboard-loaded again', async () => {
    const embed = await openDashboard();
    await embed.send('svc:action:refresh');
    const second = await embed.waitForEvent('svc:event:dashboard-loaded', 2);
    expect(second.payload.widgetCount).toBe(5);
    expect(await embed.frame.locator('[data-testid="bar"]').count()).toBeGreaterThan(0);
    await embed.page.close();
  });

  it('reports a drill-down into the fully-qualified measure when a bar is clicked', async () => {
    const embed = await openDashboard();
    await embed.frame.click('[data-widget-id="w-region"] [data-testid="bar"][data-key="APAC"]');
    const drilldown = await embed.waitForEvent('svc:event:drilldown');
    expect(drilldown.payload).toEqual({ member: 'orders.revenue', value: 'APAC', widgetId: 'w-region' });
    await embed.page.close();
  });

  it('offers CSV downloads only with allowExport, and reports each without its rows', async () => {
    const closed = await openDashboard({ session: false });
    expect(await closed.frame.locator('[data-testid="download-csv"]').count()).toBe(0);
    expect(await closed.frame.locator('[data-testid="export-dashboard"]').count()).toBe(0);
    await closed.page.close();

    const embed = await openDashboard({ params: { allowExport: 'true' } });
    expect(await embed.frame.locator('[data-testid="download-csv"]').count()).toBe(2);
    const [download] = await Promise.all([
      embed.page.waitForEvent('download'),
      embed.frame.click('[data-widget-id="w-region"] [data-testid="download-csv"]'),
    ]);
    const event = await embed.waitForEvent('svc:event:download');
    expect(event.payload).toEqual({ format: 'csv', target: 'widget', widgetId: 'w-region', title: 'Revenue by region', rowCount: 4 });
    expect(download.suggestedFilename()).toBe('revenue-by-region.csv');
    const csv = (await readDownload(download)).toString('utf8').trim().split('\r\n');
    const sums = sumsBy(rows, byRegion, 'revenue');
    expect(csv[0]).toBe('region,revenue');
    expect(Object.fromEntries(csv.slice(1).map((line) => [line.split(',')[0], Number(line.split(',')[1])]))).toEqual(sums);
    await embed.page.close();
  });

  it('hides the export menu and title when the address says so', async () => {
    const embed = await openDashboard({ params: { allowExport: 'true', showDashboardExportMenu: 'false', showDashboardTitle: 'false' } });
    expect(await embed.frame.locator('[data-testid="export-dashboard"]').count()).toBe(0);
    expect(await embed.frame.locator('[data-testid="dashboard-title"]').count()).toBe(0);
    expect(await embed.frame.locator('[data-testid="download-csv"]').count()).toBe(2);
    await embed.page.close();
  });

  it('runs an agent question: ai-query submitted, then completed with the same chatId', async () => {
    const embed = await openDashboard();
    await embed.frame.fill('[data-testid="agent-input"]', 'What is revenue by region?');
    await embed.frame.click('[data-testid="agent-submit"]');
    const completed = await embed.waitForEvent('svc:event:ai-query', 2);
    const [submitted] = await embed.eventsOf('svc:event:ai-query');
    expect(submitted?.payload).toMatchObject({ query: 'What is revenue by region?', status: 'submitted' });
    expect(completed.payload).toMatchObject({ query: 'What is revenue by region?', status: 'completed', chatId: submitted?.payload.chatId });
    expect(completed.payload.chatId).toMatch(/\S/);
    const answer = await embed.frame.textContent('[data-testid="agent-answer"]');
    expect(answer).toContain(`EU: ${new Intl.NumberFormat('en-US').format(sumsBy(rows, byRegion, 'revenue').EU ?? 0)}`);
    await embed.page.close();
  });
});
