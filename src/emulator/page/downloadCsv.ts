import { saveFile } from './saveFile.js';

/** A CSV cell: text or a number. */
export type CsvCell = string | number;

/**
 * One CSV cell, quoted when it has a comma, quote or line break. Text that a spreadsheet would run as a
 * formula (`=`, `+`, `-`, `@` first) is prefixed with `'`: exported data must never execute.
 */
function cell(value: CsvCell): string {
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** Builds CSV text (RFC 4180, CRLF line ends) from a header and rows. */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  const lines = [header, ...rows].map((row) => row.map(cell).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

/** A safe file name from a title: `Revenue by region` -> `revenue-by-region.csv` (or another extension). */
export function csvFileName(title: string, extension = 'csv'): string {
  const base = title
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return `${base || 'export'}.${extension}`;
}

/** Saves CSV text as a file, as a browser export does (see {@link saveFile}). */
export function downloadCsv(doc: Document, fileName: string, csv: string): Blob {
  return saveFile(doc, fileName, new Blob([csv], { type: 'text/csv;charset=utf-8' }));
}
