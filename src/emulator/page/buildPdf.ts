/** Lines per page of {@link buildPdf}'s A4 pages at its line height. */
const LINES_PER_PAGE = 48;

/** Text a PDF string can hold with the standard Helvetica font: Latin-1, with `\`, `(`, `)` escaped. */
function pdfText(text: string): string {
  return text
    .replace(/[^\u0020-\u00ff]/g, (c) => (c === '\u2022' ? '-' : c === '\u2026' ? '...' : '?'))
    .replace(/[\\()]/g, (c) => `\\${c}`);
}

/** Bytes of a Latin-1 string (every character code is below 256 once {@link pdfText} has run). */
function latin1(text: string): Uint8Array {
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i += 1) bytes[i] = text.charCodeAt(i) & 0xff;
  return bytes;
}

/**
 * A minimal PDF 1.4 document: A4 pages of text lines in Helvetica, the first line as a bold title, with
 * a correct cross-reference table. Enough for a dashboard export a viewer can open and print.
 *
 * @example
 * buildPdf('Sales overview', ['Revenue by region', '  EU: 1,200']); // the bytes of a .pdf file
 */
export function buildPdf(title: string, lines: readonly string[]): Uint8Array {
  const pages: string[][] = [];
  for (let i = 0; i < Math.max(1, lines.length); i += LINES_PER_PAGE) pages.push(lines.slice(i, i + LINES_PER_PAGE) as string[]);
  // Objects: 1 catalog, 2 page tree, 3 and 4 fonts, then a page and its content stream per page.
  const objects: string[] = [];
  const pageIds = pages.map((_, index) => 5 + index * 2);
  objects[1] = '<< /Type /Catalog /Pages 2 0 R >>';
  objects[2] = `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pages.length} >>`;
  objects[3] = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>';
  objects[4] = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>';
  pages.forEach((pageLines, index) => {
    const id = pageIds[index] as number;
    const head = index === 0 ? `/F2 16 Tf (${pdfText(title)}) Tj 0 -28 Td ` : '';
    const body = pageLines.map((line) => `/F1 11 Tf (${pdfText(line)}) Tj 0 -15 Td`).join(' ');
    const stream = `BT 50 790 Td ${head}${body} ET`;
    objects[id] = `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> /Contents ${id + 1} 0 R >>`;
    objects[id + 1] = `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`;
  });
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  for (let id = 1; id < objects.length; id += 1) {
    offsets[id] = out.length;
    out += `${id} 0 obj\n${objects[id]}\nendobj\n`;
  }
  const xref = out.length;
  out += `xref\n0 ${objects.length}\n0000000000 65535 f \n`;
  for (let id = 1; id < objects.length; id += 1) out += `${String(offsets[id]).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  // Every character is one byte (Latin-1), so string lengths above are byte offsets.
  return latin1(out);
}
