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

/** A safe file name from a title: `Revenue by region` -> `revenue-by-region.csv`. */
export function csvFileName(title: string): string {
  const base = title
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return `${base || 'export'}.csv`;
}

/**
 * Saves CSV text as a file through a temporary object URL and a `download` link, as a browser export does.
 *
 * @returns The blob that was offered, for callers that want its size.
 */
export function downloadCsv(doc: Document, fileName: string, csv: string): Blob {
  const blob = new Blob([csv], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const link = doc.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  doc.body.append(link);
  link.click();
  link.remove();
  // The download reads the URL asynchronously; revoke it once that has surely started.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return blob;
}
