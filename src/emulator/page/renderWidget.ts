import type { JsonValue } from '../../protocol/filterValue.js';
import type { EmulatorWidget } from '../EmulatorBootConfig.js';
import { filterProblem, selectedValues } from './filterRows.js';
import { h } from './h.js';
import type { PageContext } from './PageContext.js';
import { readAgentId, readFilterSpec, readText, readTimeGrainSpec, readTitle } from './readWidgetConfig.js';
import { renderAgentBox } from './renderAgentBox.js';
import { renderChartWidget } from './renderChartWidget.js';

/** How a filter value reads on its chip: the selected values, or the JSON of a form the page does not know. */
function describeFilter(value: JsonValue): string {
  const values = selectedValues(value);
  return values === null ? JSON.stringify(value) : values.map((item) => String(item)).join(', ');
}

function renderFilter(context: PageContext, widget: EmulatorWidget): HTMLElement[] {
  const { title, key } = readFilterSpec(widget, context.boot.dataset);
  const value = context.store.get().filters[key];
  const active = value !== undefined && (selectedValues(value)?.length ?? 1) > 0;
  const chip = h(
    'div',
    {
      class: 'chip',
      'data-testid': 'filter-chip',
      'data-filter-key': key,
      'data-filter-value': value === undefined ? '' : JSON.stringify(value),
      'data-active': active,
      'data-applied': value !== undefined && filterProblem(context.boot.dataset, key, value) === null,
    },
    h('span', { class: 'muted' }, `${title}:`),
    h('span', { 'data-testid': 'filter-chip-value' }, active && value !== undefined ? describeFilter(value) : context.labels().all),
  );
  return [chip];
}

function renderTimeGrain(context: PageContext, widget: EmulatorWidget): HTMLElement[] {
  const labels = context.labels();
  const spec = readTimeGrainSpec(widget);
  const current = context.store.get().timeGrain;
  const buttons = spec.grains.map((grain) =>
    h(
      'button',
      {
        type: 'button',
        'data-grain': grain,
        'aria-pressed': grain === current ? 'true' : 'false',
        onClick: () => context.store.set({ timeGrain: grain }),
      },
      labels[grain],
    ),
  );
  return [
    h('h2', { class: 'widget-title' }, spec.title ?? labels.timeGrain),
    h('div', { class: 'segmented', role: 'group', 'aria-label': labels.timeGrain, 'data-testid': 'time-grain' }, ...buttons),
  ];
}

/**
 * A TEXT widget: its title (when the config has one beside the text) and its text, one paragraph per
 * blank-line-separated block; a block starting with `#` is a heading. Always text nodes, never markup.
 */
function renderText(widget: EmulatorWidget): HTMLElement[] {
  const text = readText(widget);
  const title = readTitle(widget);
  const blocks = text.split(/\n\s*\n/).map((block) => block.trim()).filter(Boolean);
  const heading = (content: string): HTMLElement => h('h2', { class: 'widget-title text-title' }, content);
  const content: HTMLElement[] = title !== null && title !== text ? [heading(title)] : [];
  for (const block of blocks) {
    content.push(block.startsWith('#') ? heading(block.replace(/^#+\s*/, '')) : h('p', { class: 'text-widget', 'data-testid': 'text-widget' }, block));
  }
  return content;
}

function renderTabs(widget: EmulatorWidget): HTMLElement[] {
  const tabs = widget.config?.tabs;
  const names = Array.isArray(tabs)
    ? tabs.map((tab) =>
        typeof tab === 'string' ? tab : typeof tab === 'object' && tab !== null && !Array.isArray(tab) ? String((tab as { title?: unknown; name?: unknown }).title ?? (tab as { name?: unknown }).name ?? '') : '',
      )
    : [];
  return [
    h('h2', { class: 'widget-title' }, readTitle(widget) ?? 'Tabs'),
    h('div', { class: 'segmented', role: 'tablist' }, ...names.filter(Boolean).map((name, index) => h('button', { type: 'button', role: 'tab', 'aria-pressed': index === 0 ? 'true' : 'false' }, name))),
  ];
}

/**
 * One dashboard widget, placed on the grid from its `position` (x, y, w, h in grid units). The element is
 * `data-testid="widget"` with `data-widget-id` and `data-widget-type`, so tests can find each one.
 */
export function renderWidget(context: PageContext, widget: EmulatorWidget): HTMLElement {
  let content: HTMLElement[];
  switch (widget.type) {
    case 'CHART':
      content = renderChartWidget(context, widget);
      break;
    case 'TEXT':
      content = renderText(widget);
      break;
    case 'FILTER':
      content = renderFilter(context, widget);
      break;
    case 'TIME_GRAIN':
      content = renderTimeGrain(context, widget);
      break;
    case 'AI':
      content = [renderAgentBox(context, readAgentId(widget) ?? undefined)];
      break;
    case 'TABS_CONTAINER':
      content = renderTabs(widget);
      break;
  }
  const { x, y, w, h: height } = widget.position;
  const element = h(
    'article',
    {
      class: widget.type === 'AI' ? 'widget widget-ai' : 'card widget',
      'data-testid': 'widget',
      'data-widget-id': widget.id,
      'data-widget-type': widget.type,
      style: `--col:${Math.max(0, Math.floor(x)) + 1};--row:${Math.max(0, Math.floor(y)) + 1};--w:${Math.max(1, Math.floor(w))};--h:${Math.max(1, Math.floor(height))}`,
    },
    ...content,
  );
  return element;
}
