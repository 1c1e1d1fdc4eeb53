import type { Group } from './aggregateRows.js';
import { s } from './h.js';

/** Options of {@link renderBarChart}. */
export interface BarChartOptions {
  readonly groups: readonly Group[];
  /** Formats values for labels. */
  readonly format: (value: number, compact?: boolean) => string;
  /** Called when the viewer activates a bar (click, Enter, Space). */
  readonly onSelect?: ((group: Group) => void) | undefined;
  /** Accessible name of the chart. */
  readonly label: string;
  /** Size of the drawing: the box's size in CSS pixels, so text has one size in every chart. @default 520 × 220 */
  readonly size?: { readonly width: number; readonly height: number } | undefined;
}

const PAD = { top: 16, right: 8, bottom: 30, left: 44 };

/** A round tick step of at least `raw`: 1, 2 or 5 times a power of ten. */
function niceStep(raw: number): number {
  if (raw <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(raw));
  for (const step of [1, 2, 5]) if (step * power >= raw) return step * power;
  return 10 * power;
}

function clip(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/**
 * Renders groups as a vertical SVG bar chart with a value axis, grid lines and a label under each bar. Bars
 * carry `data-key` (the dimension value) and `data-value` (the summed measure) and are keyboard-operable.
 * Bars start at zero: the emulator's measures are sums of non-negative values, so a negative sum (which
 * would need an axis below zero) shows as an empty bar, its value still in `data-value` and the tooltip.
 */
export function renderBarChart({ groups, format, onSelect, label, size }: BarChartOptions): SVGSVGElement {
  const WIDTH = size?.width ?? 520;
  const HEIGHT = size?.height ?? 220;
  const svg = s('svg', { viewBox: `0 0 ${WIDTH} ${HEIGHT}`, role: 'img', 'aria-label': label, preserveAspectRatio: 'xMidYMid meet' });
  const largest = Math.max(0, ...groups.map((group) => group.value));
  // About four grid lines at round values; the axis ends on the first one above the largest bar.
  const step = niceStep(largest / 4);
  const ticks = Math.max(1, Math.ceil(largest / step));
  const max = step * ticks;
  const plotWidth = WIDTH - PAD.left - PAD.right;
  const plotHeight = HEIGHT - PAD.top - PAD.bottom;
  const y = (value: number) => PAD.top + plotHeight - (Math.max(0, value) / max) * plotHeight;

  for (let tick = 0; tick <= ticks; tick += 1) {
    const value = step * tick;
    svg.append(
      s('line', { class: 'gridline', x1: PAD.left, x2: WIDTH - PAD.right, y1: y(value), y2: y(value) }),
      s('text', { class: 'axis', x: PAD.left - 6, y: y(value) + 3, 'text-anchor': 'end' }, format(value, true)),
    );
  }

  const slot = plotWidth / Math.max(groups.length, 1);
  const barWidth = Math.min(56, slot * 0.7);
  // Thin out category labels so they never overlap: about one label per 44 units of width.
  const labelEvery = Math.max(1, Math.ceil(groups.length / Math.floor(plotWidth / 44)));
  const maxChars = Math.max(4, Math.floor((slot * labelEvery) / 6));
  groups.forEach((group, index) => {
    const x = PAD.left + slot * index + (slot - barWidth) / 2;
    const top = y(group.value);
    const bar = s(
      'rect',
      {
        class: 'bar',
        'data-testid': 'bar',
        'data-key': group.key,
        'data-value': group.value,
        x,
        y: top,
        width: barWidth,
        height: Math.max(0, PAD.top + plotHeight - top),
        rx: Math.min(4, barWidth / 4),
        tabindex: 0,
        role: 'button',
        'aria-label': `${group.key}: ${format(group.value)}`,
      },
      s('title', null, `${group.key}: ${format(group.value)}`),
    );
    if (onSelect) {
      bar.addEventListener('click', () => onSelect(group));
      bar.addEventListener('keydown', (event) => {
        if (event.key === 'Enter' || event.key === ' ') {
          event.preventDefault();
          onSelect(group);
        }
      });
    }
    svg.append(bar);
    if (groups.length <= 12) {
      svg.append(s('text', { class: 'bar-value', x: x + barWidth / 2, y: top - 4, 'text-anchor': 'middle' }, format(group.value, true)));
    }
    if (index % labelEvery === 0) {
      svg.append(
        s('text', { class: 'axis', x: x + barWidth / 2, y: HEIGHT - PAD.bottom + 14, 'text-anchor': 'middle' }, clip(group.key, maxChars)),
      );
    }
  });
  return svg;
}
