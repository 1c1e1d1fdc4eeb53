import { aggregateRows, sumMeasure } from './aggregateRows.js';
import { buildPdf } from './buildPdf.js';
import { buildXlsx } from './buildXlsx.js';
import { createRouter } from './createRouter.js';
import { csvFileName, downloadCsv, toCsv } from './downloadCsv.js';
import { h } from './h.js';
import { fill } from './labels.js';
import type { PageContext } from './PageContext.js';
import { readChartSpec, readText } from './readWidgetConfig.js';
import { entitled, placementShows } from './entitled.js';
import { renderAgentBox } from './renderAgentBox.js';
import { renderAsOf } from './renderAsOf.js';
import { themeColors } from './renderChartWidget.js';
import { renderChartPng } from './renderChartPng.js';
import { renderViewerBadge } from './renderViewerBadge.js';
import { renderWidget } from './renderWidget.js';
import { saveFile } from './saveFile.js';
import type { SurfaceView } from './SurfaceView.js';

/**
 * The dashboard surface: header (back button, title, description, the time the data was read in the zone in
 * force, row count, viewer, edit, duplicate, settings, whole-dashboard export as CSV, XLSX, PDF or PNG), the
 * agent's question box (unless an AI widget holds it), and the widgets on a CSS grid. Each placement switch
 * hides its control only on the exact string `false`; the session's settings take the AI parts away. Widgets are drawn in a task
 * after `ready` and `view`, as the platform loads data after mounting, then `dashboard-loaded` reports
 * the widget count and how long that took.
 */
export function mountDashboard(root: HTMLElement, context: PageContext, mountedAt: number): SurfaceView {
  const { boot } = context;
  // Without the AI entitlement (settings.showAiWidgets: false, or allowAi: false) the AI widgets are gone.
  const widgets = (boot.dashboard?.widgets ?? []).filter((widget) => widget.type !== 'AI' || entitled(boot, 'showAiWidgets'));
  const title = boot.dashboard?.title ?? boot.publicId ?? 'Dashboard';
  const param = (name: string): boolean => placementShows(boot, name);
  const columns = Math.max(12, ...widgets.map((widget) => widget.position.x + widget.position.w));
  const grid = h('div', { class: 'grid', 'data-testid': 'dashboard-grid', 'aria-busy': 'true', style: `--cols:${columns}` });
  const rowCount = h('span', { class: 'badge', 'data-testid': 'row-count' });
  const viewer = h('span', { class: 'muted', 'data-testid': 'viewer' });
  const asOf = renderAsOf(context, Date.now());
  // AI widgets hold a conversation: they survive re-renders, unlike the data widgets.
  const kept = new Map<string, HTMLElement>();
  let loaded = false;

  const exportAll = (format: 'csv' | 'xlsx'): void => {
    context.checkSession();
    const { dimensions, measures } = boot.dataset;
    const columnsOut = [...dimensions, ...measures];
    const rows = context.rows();
    const cells = rows.map((row) => columnsOut.map((name) => row[name] ?? ''));
    if (format === 'csv') downloadCsv(document, csvFileName(title), toCsv(columnsOut, cells));
    else saveFile(document, csvFileName(title, 'xlsx'), new Blob([buildXlsx(title, columnsOut, cells) as BlobPart], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }));
    context.events.emit('svc:event:download', { format, target: 'dashboard', title, rowCount: rows.length });
  };

  /**
   * The whole dashboard as an image: its title and one bar per chart (each chart's total of its measure over
   * the filtered rows), drawn from the data as the widget PNG export is.
   */
  const exportPng = async (): Promise<void> => {
    context.checkSession();
    const rows = context.rows();
    const charts = widgets.filter((widget) => widget.type === 'CHART').map((widget) => readChartSpec(widget, boot.dataset));
    const image = await renderChartPng(document, {
      title,
      groups: charts.map((spec) => ({ key: spec.title, value: sumMeasure(rows, spec.measure) })),
      format: (value) => context.format(value),
      colors: themeColors(),
    });
    saveFile(document, csvFileName(title, 'png'), image);
    context.events.emit('svc:event:download', { format: 'png', target: 'dashboard', title });
  };

  /** The dashboard as a printable document: its text widgets, and each chart's figures as the viewer sees them. */
  const exportPdf = (): void => {
    context.checkSession();
    const rows = context.rows();
    const lines: string[] = [];
    // The moment the figures were read, in the zone in force, as the header shows it.
    lines.push(asOf.textContent ?? '', '');
    if (boot.dashboard?.description) lines.push(boot.dashboard.description, '');
    for (const widget of widgets) {
      if (widget.type === 'TEXT') lines.push(readText(widget), '');
      if (widget.type !== 'CHART') continue;
      const spec = readChartSpec(widget, boot.dataset);
      lines.push(`${spec.title} (${context.labels().total} ${context.format(sumMeasure(rows, spec.measure))})`);
      if (spec.dimension) {
        for (const group of aggregateRows(rows, spec.dimension, spec.measure, context.store.get().timeGrain)) lines.push(`    ${group.key}: ${context.format(group.value)}`);
      }
      lines.push('');
    }
    saveFile(document, csvFileName(title, 'pdf'), new Blob([buildPdf(title, lines) as BlobPart], { type: 'application/pdf' }));
    context.events.emit('svc:event:download', { format: 'pdf', target: 'dashboard', title });
  };

  /** A header control the emulator shows but does not act on (the platform opens its own screens). */
  const control = (testId: string, text: string, shown: boolean): HTMLElement | false =>
    shown && h('button', { class: 'btn btn-ghost', type: 'button', 'data-testid': testId, title: `${text} (not in the emulator)` }, text);

  const renderHeader = (): HTMLElement | null => {
    if (!param('showDashboardHeader')) return null;
    const labels = context.labels();
    return h(
      'header',
      { class: 'header', 'data-testid': 'dashboard-header' },
      h(
        'div',
        null,
        param('showDashboardBackButton') &&
          h('button', { class: 'btn btn-ghost', type: 'button', 'data-testid': 'dashboard-back', 'aria-label': 'Back', onClick: () => window.history.back() }, '←'),
        param('showDashboardTitle') && h('h1', { 'data-testid': 'dashboard-title' }, title),
        boot.dashboard?.description ? h('p', { class: 'muted' }, boot.dashboard.description) : null,
        asOf,
      ),
      h(
        'div',
        { class: 'header-side' },
        rowCount,
        viewer,
        renderViewerBadge(context),
        control('dashboard-edit', 'Edit', param('showDashboardEditButton')),
        control('dashboard-duplicate', 'Duplicate', param('showDashboardDuplicateButton')),
        // Creator-mode entitlement: the session decides, not the address.
        control('dashboard-settings', 'Settings', boot.grants !== undefined && entitled(boot, 'showDashboardSettings')),
        boot.allowExport &&
          param('showDashboardExportMenu') &&
          h(
            'div',
            { class: 'export-menu', 'data-testid': 'export-menu' },
            h('button', { class: 'btn btn-ghost', type: 'button', 'data-testid': 'export-dashboard', 'data-label': 'exportData', onClick: () => exportAll('csv') }, labels.exportData),
            h('button', { class: 'btn btn-ghost', type: 'button', 'data-testid': 'export-dashboard-xlsx', 'data-label': 'exportXlsx', onClick: () => exportAll('xlsx') }, labels.exportXlsx),
            h('button', { class: 'btn btn-ghost', type: 'button', 'data-testid': 'export-dashboard-pdf', 'data-label': 'exportPdf', onClick: exportPdf }, labels.exportPdf),
            h('button', { class: 'btn btn-ghost', type: 'button', 'data-testid': 'export-dashboard-png', onClick: () => void exportPng() }, 'PNG'),
          ),
      ),
    );
  };

  const renderData = (): void => {
    const rows = context.rows();
    const firstMeasure = boot.dataset.measures[0];
    rowCount.dataset.value = String(rows.length);
    rowCount.dataset.total = firstMeasure === undefined ? '' : String(sumMeasure(rows, firstMeasure));
    rowCount.textContent = fill(context.labels().rows, { count: context.format(rows.length) });
    viewer.textContent = fill(context.labels().signedInAs, { name: boot.viewer.name });
    grid.replaceChildren(
      ...widgets.map((widget) => {
        const existing = kept.get(widget.id);
        if (existing) return existing;
        const element = renderWidget(context, widget);
        if (widget.type === 'AI') kept.set(widget.id, element);
        return element;
      }),
    );
  };

  const load = (startedAt: number): void => {
    setTimeout(() => {
      renderData();
      grid.removeAttribute('aria-busy');
      loaded = true;
      context.events.emit('svc:event:dashboard-loaded', {
        ...(boot.publicId === undefined ? {} : { publicId: boot.publicId }),
        widgetCount: widgets.length,
        loadDurationMs: Math.max(0, Math.round(performance.now() - startedAt)),
      });
    }, 0);
  };

  const hasAgentWidget = widgets.some((widget) => widget.type === 'AI');
  const basePath = boot.path;
  const router = createRouter({
    context,
    win: window,
    accepts: (path) => path === basePath,
    render: () => ({ title }),
  });

  root.replaceChildren(
    h(
      'main',
      { class: 'page', 'data-surface': 'dashboard' },
      renderHeader(),
      // The agent beside the dashboard is an AI entitlement of the session (showDashboardChat, allowAi).
      hasAgentWidget || !entitled(boot, 'showDashboardChat') ? null : renderAgentBox(context),
      grid,
    ),
  );

  return {
    start() {
      router.start(basePath);
      load(mountedAt);
    },
    update(changed) {
      if (!loaded) return;
      if (changed.has('filters') || changed.has('locale') || changed.has('timeGrain')) renderData();
    },
    refresh() {
      context.checkSession();
      grid.setAttribute('aria-busy', 'true');
      loaded = false;
      load(performance.now());
    },
    navigate(path) {
      router.go(path);
    },
  };
}
