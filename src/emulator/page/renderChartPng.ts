import type { Group } from './aggregateRows.js';

/** Options of {@link renderChartPng}. */
export interface ChartImage {
  readonly title: string;
  readonly groups: readonly Group[];
  /** A number as the page shows it. */
  readonly format: (value: number) => string;
  /** Colours from the page's theme. */
  readonly colors: { readonly bar: string; readonly text: string; readonly muted: string; readonly background: string };
}

/** The image's size in CSS pixels; drawn at twice that for sharp text. */
const WIDTH = 800;
const HEIGHT = 450;

/**
 * Draws a bar chart on a canvas (title, one labelled bar per group) and encodes it as a PNG with
 * `canvas.toBlob`: the image a widget's PNG export saves. Drawn from the data rather than copied from the
 * page's SVG, so no stylesheet or font has to travel with it.
 */
export function renderChartPng(doc: Document, chart: ChartImage): Promise<Blob> {
  const canvas = doc.createElement('canvas');
  const scale = 2;
  canvas.width = WIDTH * scale;
  canvas.height = HEIGHT * scale;
  const g = canvas.getContext('2d');
  if (!g) return Promise.reject(new Error('this browser cannot draw on a canvas'));
  g.scale(scale, scale);
  g.fillStyle = chart.colors.background;
  g.fillRect(0, 0, WIDTH, HEIGHT);
  g.fillStyle = chart.colors.text;
  g.font = '600 18px system-ui, sans-serif';
  g.fillText(chart.title, 24, 36);
  const groups = chart.groups.slice(0, 40);
  const top = 64;
  const bottom = HEIGHT - 48;
  const left = 24;
  const width = WIDTH - 48;
  const max = Math.max(0, ...groups.map((group) => group.value)) || 1;
  const slot = width / Math.max(1, groups.length);
  g.font = '12px system-ui, sans-serif';
  g.textAlign = 'center';
  groups.forEach((group, index) => {
    const height = Math.max(0, (group.value / max) * (bottom - top - 18));
    const x = left + index * slot + slot * 0.15;
    g.fillStyle = chart.colors.bar;
    g.fillRect(x, bottom - height, slot * 0.7, height);
    g.fillStyle = chart.colors.text;
    if (groups.length <= 16) g.fillText(chart.format(group.value), x + slot * 0.35, bottom - height - 6);
    g.fillStyle = chart.colors.muted;
    g.fillText(group.key.length > 14 ? `${group.key.slice(0, 13)}…` : group.key, x + slot * 0.35, bottom + 18);
  });
  return new Promise((resolve, reject) => {
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('the chart could not be encoded as PNG'))), 'image/png');
  });
}
