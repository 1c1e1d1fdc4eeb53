import type { Dashboard, DashboardWidget } from '../api/dashboard.js';
import type { DashboardExportFormat, DashboardExportLayout } from '../api/dashboardExport.js';
import type { EmulatorDataset } from './EmulatorBootConfig.js';
import { createRaster, encodePng, fillRect } from './encodePng.js';
import { A4, type PdfOp, type PdfPage, writePdf } from './page/writePdf.js';

/** A rendered export file. */
export interface ExportFile {
  readonly bytes: Uint8Array;
  readonly contentType: 'image/png' | 'application/pdf';
  readonly fileName: string;
}

/** What an export renders. */
export interface ExportRequest {
  readonly dashboard: Dashboard;
  readonly dataset: EmulatorDataset;
  readonly format: DashboardExportFormat;
  readonly layout: DashboardExportLayout;
  /** Who it renders as, for the file's header line: "the API caller" or the embed user. */
  readonly renderedAs: string;
}

/** A chart's rows: each value of its dimension with its measure (count, or a sum), in order. */
export function chartRows(dataset: EmulatorDataset, widget: DashboardWidget): [string, number][] {
  const config = (widget.config ?? {}) as { dimension?: unknown; measure?: unknown };
  const dimension = typeof config.dimension === 'string' ? config.dimension : (dataset.dimensions[0] ?? '');
  const measure = typeof config.measure === 'string' ? config.measure : 'count';
  const totals = new Map<string, number>();
  for (const row of dataset.rows) {
    const key = String(row[dimension] ?? '');
    const add = measure === 'count' ? 1 : Number(row[measure] ?? 0);
    totals.set(key, (totals.get(key) ?? 0) + add);
  }
  return [...totals.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([key, value]) => [key, Math.round(value * 100) / 100]);
}

const titleOf = (widget: DashboardWidget): string => {
  const title = (widget.config as { title?: unknown } | null | undefined)?.title;
  return typeof title === 'string' ? title : widget.id;
};

/** The widgets in reading order: top to bottom, then left to right. */
const readingOrder = (widgets: readonly DashboardWidget[]): DashboardWidget[] =>
  [...widgets].sort((a, b) => a.position.y - b.position.y || a.position.x - b.position.x);

/** The line summing up the filter state: each filter widget and what it holds (nothing picked at export). */
export function filterSummary(widgets: readonly DashboardWidget[]): string {
  const filters = widgets
    .filter((w) => w.type === 'FILTER')
    .map((w) => `${titleOf(w)} (${String((w.config as { filterKey?: unknown } | null)?.filterKey ?? w.id)}): all values`);
  return `Filters: ${filters.length === 0 ? 'none' : filters.join('; ')}`;
}

const GRID_COLUMNS = 12;

/** The screenshot as a raster: the grid's widgets as cards, charts with their bars, text as grey lines. */
function screenshotPng(request: ExportRequest): Uint8Array {
  const widgets = request.dashboard.config.widgets ?? [];
  const cell = 100;
  const rowHeight = 60;
  const rows = Math.max(1, ...widgets.map((w) => w.position.y + w.position.h));
  const raster = createRaster(GRID_COLUMNS * cell, rows * rowHeight + 20, [246, 247, 249]);
  for (const widget of widgets) {
    const x = widget.position.x * cell + 8;
    const y = widget.position.y * rowHeight + 8;
    const w = widget.position.w * cell - 16;
    const h = widget.position.h * rowHeight - 16;
    fillRect(raster, x, y, w, h, [255, 255, 255]);
    fillRect(raster, x, y, w, 4, [60, 90, 200]);
    if (widget.type === 'CHART') {
      const data = chartRows(request.dataset, widget);
      const max = Math.max(1, ...data.map(([, value]) => value));
      const bar = (w - 20) / Math.max(1, data.length);
      data.forEach(([, value], index) => {
        const height = ((h - 40) * value) / max;
        fillRect(raster, x + 10 + index * bar, y + h - 10 - height, Math.max(1, bar - 2), height, [70, 110, 220]);
      });
    } else {
      for (let line = 0; line * 14 + 20 < h - 8; line += 1) fillRect(raster, x + 10, y + 16 + line * 14, (w - 20) * (line % 3 === 2 ? 0.6 : 1), 6, [210, 214, 222]);
    }
  }
  return encodePng(raster);
}

/** The screenshot as one PDF page the size of the dashboard: cards, titles, bars. */
function screenshotPdf(request: ExportRequest): PdfPage[] {
  const widgets = request.dashboard.config.widgets ?? [];
  const cell = 70;
  const rowHeight = 42;
  const rows = Math.max(1, ...widgets.map((w) => w.position.y + w.position.h));
  const width = GRID_COLUMNS * cell;
  const height = rows * rowHeight + 60;
  const ops: PdfOp[] = [{ kind: 'text', x: 20, y: height - 30, size: 16, bold: true, text: request.dashboard.title ?? request.dashboard.config.title ?? 'Dashboard' }];
  for (const widget of widgets) {
    const x = widget.position.x * cell + 6;
    const top = height - 50 - widget.position.y * rowHeight - 6;
    const w = widget.position.w * cell - 12;
    const h = widget.position.h * rowHeight - 12;
    ops.push({ kind: 'rect', x, y: top - h, w, h, gray: 0.95 });
    ops.push({ kind: 'text', x: x + 8, y: top - 16, size: 10, bold: true, text: titleOf(widget) });
    if (widget.type === 'CHART') {
      const data = chartRows(request.dataset, widget);
      const max = Math.max(1, ...data.map(([, value]) => value));
      const bar = (w - 16) / Math.max(1, data.length);
      data.forEach(([, value], index) => {
        ops.push({ kind: 'rect', x: x + 8 + index * bar, y: top - h + 8, w: Math.max(0.5, bar - 1), h: ((h - 36) * value) / max, gray: 0.4 });
      });
    }
  }
  return [{ width, height, ops }];
}

/** Words of a text, wrapped to lines of at most `width` characters. */
function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if (line && line.length + word.length + 1 > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines;
}

/**
 * The print layout: A4 pages, one column, each widget in reading order; a chart as its table with every
 * row; the title, who it was rendered as and the filter summary on top; page numbers at the foot.
 */
function printPdf(request: ExportRequest): PdfPage[] {
  const widgets = readingOrder(request.dashboard.config.widgets ?? []);
  const lines: { text: string; bold?: boolean; size?: number }[] = [
    { text: request.dashboard.title ?? request.dashboard.config.title ?? 'Dashboard', bold: true, size: 16 },
    { text: `Rendered as ${request.renderedAs}` },
    { text: filterSummary(widgets) },
    { text: '' },
  ];
  for (const widget of widgets) {
    if (widget.type === 'FILTER' || widget.type === 'TIME_GRAIN') continue;
    lines.push({ text: titleOf(widget), bold: true });
    const config = (widget.config ?? {}) as { text?: unknown; dimension?: unknown; measure?: unknown };
    if (widget.type === 'CHART') {
      lines.push({ text: `${String(config.dimension ?? '')} | ${String(config.measure ?? 'count')}`, bold: true, size: 10 });
      for (const [key, value] of chartRows(request.dataset, widget)) lines.push({ text: `${key} | ${value}`, size: 10 });
    } else if (typeof config.text === 'string') {
      for (const line of wrap(config.text, 90)) lines.push({ text: line, size: 10 });
    }
    lines.push({ text: '' });
  }
  const perPage = 50;
  const pages: PdfPage[] = [];
  const count = Math.max(1, Math.ceil(lines.length / perPage));
  for (let index = 0; index < count; index += 1) {
    const ops: PdfOp[] = lines.slice(index * perPage, (index + 1) * perPage).map((line, row) => ({
      kind: 'text',
      x: 50,
      y: A4.height - 60 - row * 14.5,
      size: line.size ?? 11,
      bold: line.bold === true,
      text: line.text,
    }));
    ops.push({ kind: 'text', x: A4.width - 110, y: 30, size: 9, text: `Page ${index + 1} of ${count}` });
    pages.push({ width: A4.width, height: A4.height, ops });
  }
  return pages;
}

/** Renders a dashboard export to its file (the print layout needs PDF; the caller checked). */
export function renderDashboardExport(request: ExportRequest): ExportFile {
  const base = request.dashboard.publicId.replace(/[^A-Za-z0-9_-]+/g, '-');
  if (request.format === 'png') return { bytes: screenshotPng(request), contentType: 'image/png', fileName: `${base}.png` };
  const title = request.dashboard.title ?? request.dashboard.config.title ?? 'Dashboard';
  const pages = request.layout === 'print' ? printPdf(request) : screenshotPdf(request);
  return { bytes: writePdf(pages, title), contentType: 'application/pdf', fileName: `${base}${request.layout === 'print' ? '-print' : ''}.pdf` };
}
