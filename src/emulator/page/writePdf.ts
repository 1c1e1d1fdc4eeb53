/** A drawing operation of a PDF page, in points from the page's bottom-left corner. */
export type PdfOp =
  | { readonly kind: 'text'; readonly x: number; readonly y: number; readonly size: number; readonly bold?: boolean; readonly text: string }
  | { readonly kind: 'rect'; readonly x: number; readonly y: number; readonly w: number; readonly h: number; readonly gray: number };

/** A page: its size in points and what is drawn on it. */
export interface PdfPage {
  readonly width: number;
  readonly height: number;
  readonly ops: readonly PdfOp[];
}

/** A4 in points. */
export const A4 = { width: 595, height: 842 } as const;

/**
 * Text a PDF string holds with the standard fonts: Latin-1 only (a bullet becomes `-`, an ellipsis `...`, any
 * other character outside Latin-1 `?`), with `\`, `(` and `)` escaped.
 */
function pdfString(text: string): string {
  return text
    .replace(/[^\u0020-\u007e\u00a0-\u00ff]/g, (c) => (c === '\u2022' ? '-' : c === '\u2026' ? '...' : '?'))
    .replace(/[\\()]/g, (c) => `\\${c}`);
}

/** Bytes of a Latin-1 string (every character code is below 256 once {@link pdfString} has run). */
function latin1(text: string): Uint8Array {
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i += 1) bytes[i] = text.charCodeAt(i) & 0xff;
  return bytes;
}

const number = (value: number): string => String(Math.round(value * 100) / 100);

/** The content stream of a page. */
function content(page: PdfPage): string {
  return page.ops
    .map((op) =>
      op.kind === 'text'
        ? `BT /${op.bold ? 'F2' : 'F1'} ${number(op.size)} Tf ${number(op.x)} ${number(op.y)} Td (${pdfString(op.text)}) Tj ET`
        : `${number(op.gray)} g ${number(op.x)} ${number(op.y)} ${number(op.w)} ${number(op.h)} re f 0 g`,
    )
    .join('\n');
}

/**
 * A minimal valid PDF 1.4 file, written for the embed page's export menu and for the server's exports alike
 * (it needs nothing of Node, so it lives with the page's code): a catalog, a page tree, Helvetica and
 * Helvetica-Bold (standard fonts, never embedded), each page with its content stream, and a cross-reference
 * table whose offsets are the exact byte positions of the objects (every character is one byte: the text is
 * Latin-1).
 */
export function writePdf(pages: readonly PdfPage[], title: string): Uint8Array {
  const objects: string[] = [];
  const pageIds = pages.map((_, index) => 5 + index * 2);
  objects[1] = '<< /Type /Catalog /Pages 2 0 R >>';
  objects[2] = `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pages.length} >>`;
  objects[3] = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>';
  objects[4] = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>';
  pages.forEach((page, index) => {
    const id = pageIds[index] as number;
    const stream = content(page);
    objects[id] =
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${number(page.width)} ${number(page.height)}] ` +
      `/Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> /Contents ${id + 1} 0 R >>`;
    objects[id + 1] = `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`;
  });
  const infoId = objects.length;
  objects[infoId] = `<< /Title (${pdfString(title)}) /Producer (svc tenant emulator) >>`;
  let out = '%PDF-1.4\n%\u00e2\u00e3\u00cf\u00d3\n';
  const offsets: number[] = [];
  for (let id = 1; id < objects.length; id += 1) {
    offsets[id] = out.length;
    out += `${id} 0 obj\n${objects[id]}\nendobj\n`;
  }
  const xref = out.length;
  out += `xref\n0 ${objects.length}\n0000000000 65535 f \n`;
  for (let id = 1; id < objects.length; id += 1) out += `${String(offsets[id]).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length} /Root 1 0 R /Info ${infoId} 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return latin1(out);
}
