import { A4, type PdfOp, type PdfPage, writePdf } from './writePdf.js';

/** Lines per page of {@link buildPdf}'s A4 pages at its line height. */
const LINES_PER_PAGE = 48;
/** Where the first line starts, in points from the page's bottom-left corner. */
const LEFT = 50;
const TOP = 790;
const TITLE_SIZE = 16;
const TITLE_GAP = 28;
const LINE_SIZE = 11;
const LINE_HEIGHT = 15;

/**
 * A PDF of text lines for the embed page's export menu: A4 pages in Helvetica, the title in bold above the first
 * page's lines, written by the emulator's one PDF writer ({@link writePdf}). Enough for a dashboard export a
 * viewer can open and print.
 *
 * @example
 * buildPdf('Sales overview', ['Revenue by region', '  EU: 1,200']); // the bytes of a .pdf file
 */
export function buildPdf(title: string, lines: readonly string[]): Uint8Array {
  const pages: PdfPage[] = [];
  for (let first = 0; first < Math.max(1, lines.length); first += LINES_PER_PAGE) {
    const ops: PdfOp[] = [];
    let y = TOP;
    if (first === 0) {
      ops.push({ kind: 'text', x: LEFT, y, size: TITLE_SIZE, bold: true, text: title });
      y -= TITLE_GAP;
    }
    for (const line of lines.slice(first, first + LINES_PER_PAGE)) {
      ops.push({ kind: 'text', x: LEFT, y, size: LINE_SIZE, text: line });
      y -= LINE_HEIGHT;
    }
    pages.push({ ...A4, ops });
  }
  return writePdf(pages, title);
}
