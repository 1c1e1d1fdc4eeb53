import type { EmulatorWidget } from '../EmulatorBootConfig.js';
import { aggregateRows, type Group, sumMeasure } from './aggregateRows.js';
import { buildXlsx } from './buildXlsx.js';
import { csvFileName, downloadCsv, toCsv } from './downloadCsv.js';
import { fitChart } from './fitChart.js';
import { h } from './h.js';
import type { PageContext } from './PageContext.js';
import { readChartSpec } from './readWidgetConfig.js';
import { renderBarChart } from './renderBarChart.js';
import { renderChartPng } from './renderChartPng.js';
import { saveFile } from './saveFile.js';

/** The page's theme colours, read where the theme put them, for an exported image. */
export function themeColors(): { bar: string; text: string; muted: string; background: string } {
  const style = getComputedStyle(document.documentElement);
  const read = (name: string, fallback: string): string => style.getPropertyValue(name).trim() || fallback;
  return { bar: read('--svc-primary', '#4f46e5'), text: read('--svc-text', '#1c2331'), muted: read('--svc-muted', '#667085'), background: read('--svc-card', '#ffffff') };
}

/**
 * A CHART widget's content: the header (title, total of its measure, CSV button when exports are allowed)
 * and a bar chart of the measure summed by the dimension over the filtered rows, or a single number when
 * the chart has no dimension. Clicking a bar reports a drill-down into the measure at that bar's value.
 */
export function renderChartWidget(context: PageContext, widget: EmulatorWidget): HTMLElement[] {
  const { dataset, allowExport } = context.boot;
  const labels = context.labels();
  const spec = readChartSpec(widget, context.boot.dataset);
  const rows = context.rows();
  const total = sumMeasure(rows, spec.measure);
  const groups: Group[] = spec.dimension ? aggregateRows(rows, spec.dimension, spec.measure, context.store.get().timeGrain) : [];

  /** The widget's data as a header and rows: what its CSV and XLSX exports hold. */
  const table = (): { header: string[]; rows: (string | number)[][] } =>
    spec.dimension
      ? { header: [spec.dimension, spec.measure], rows: groups.map((group) => [group.key, group.value]) }
      : { header: [spec.measure], rows: [[total]] };

  const exportData = (format: 'csv' | 'xlsx'): void => {
    context.checkSession();
    const { header, rows: tableRows } = table();
    if (format === 'csv') downloadCsv(document, csvFileName(spec.title), toCsv(header, tableRows));
    else {
      const bytes = buildXlsx(spec.title, header, tableRows);
      saveFile(document, csvFileName(spec.title, 'xlsx'), new Blob([bytes as BlobPart], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }));
    }
    context.events.emit('svc:event:download', { format, target: 'widget', widgetId: widget.id, title: spec.title, rowCount: tableRows.length });
  };

  const exportPng = async (): Promise<void> => {
    context.checkSession();
    const image = await renderChartPng(document, {
      title: spec.title,
      groups: spec.dimension ? groups : [{ key: spec.measure, value: total }],
      format: (value) => context.format(value),
      colors: themeColors(),
    });
    saveFile(document, csvFileName(spec.title, 'png'), image);
    context.events.emit('svc:event:download', { format: 'png', target: 'widget', widgetId: widget.id, title: spec.title });
  };

  const exportButton = (format: 'csv' | 'xlsx' | 'png', label: string, onClick: () => void) =>
    h('button', { class: 'btn btn-ghost', type: 'button', 'data-testid': `download-${format}`, 'aria-label': `${label}: ${spec.title}`, onClick }, format.toUpperCase());

  const head = h(
    'div',
    { class: 'widget-head' },
    h('h2', { class: 'widget-title', title: spec.title }, spec.title),
    h(
      'div',
      { class: 'widget-meta' },
      h(
        'span',
        { class: 'widget-total', 'data-testid': 'widget-total', 'data-value': total },
        `${labels.total} `,
        h('strong', null, context.format(total)),
      ),
      allowExport && exportButton('csv', labels.downloadCsv, () => exportData('csv')),
      allowExport && exportButton('xlsx', labels.downloadXlsx, () => exportData('xlsx')),
      allowExport &&
        exportButton('png', labels.downloadPng, () => {
          exportPng().catch((error: unknown) => {
            context.events.emit('svc:event:error', { message: error instanceof Error ? error.message : String(error), name: 'DownloadError', context: 'download', fatal: false });
          });
        }),
    ),
  );

  if (!spec.dimension) {
    return [head, h('div', { class: 'kpi', 'data-testid': 'kpi', 'data-value': total }, context.format(total))];
  }
  if (groups.length === 0) return [head, h('div', { class: 'empty' }, labels.noData)];
  const member = `${dataset.view}.${spec.measure}`;
  const container = h('div', { class: 'chart', 'data-measure': member, 'data-dimension': spec.dimension });
  fitChart(container, (size) =>
    renderBarChart({
      groups,
      size,
      label: spec.title,
      format: (value, compact) => context.format(value, compact),
      onSelect: (group) => context.events.emit('svc:event:drilldown', { member, value: group.key, widgetId: widget.id }),
    }),
  );
  return [head, container];
}
