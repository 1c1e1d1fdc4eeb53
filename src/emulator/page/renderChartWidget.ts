import type { EmulatorWidget } from '../EmulatorBootConfig.js';
import { aggregateRows, type Group, sumMeasure } from './aggregateRows.js';
import { csvFileName, downloadCsv, toCsv } from './downloadCsv.js';
import { fitChart } from './fitChart.js';
import { h } from './h.js';
import type { PageContext } from './PageContext.js';
import { readChartSpec } from './readWidgetConfig.js';
import { renderBarChart } from './renderBarChart.js';

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

  const exportCsv = (): void => {
    const csv = spec.dimension
      ? toCsv(
          [spec.dimension, spec.measure],
          groups.map((group) => [group.key, group.value]),
        )
      : toCsv([spec.measure], [[total]]);
    downloadCsv(document, csvFileName(spec.title), csv);
    context.events.emit('svc:event:download', {
      format: 'csv',
      target: 'widget',
      widgetId: widget.id,
      title: spec.title,
      rowCount: spec.dimension ? groups.length : 1,
    });
  };

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
      allowExport &&
        h(
          'button',
          { class: 'btn btn-ghost', type: 'button', 'data-testid': 'download-csv', 'aria-label': `${labels.downloadCsv}: ${spec.title}`, onClick: exportCsv },
          'CSV',
        ),
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
