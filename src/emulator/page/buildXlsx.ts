import { buildZip } from './buildZip.js';

/** An XLSX cell: text, or a number. */
export type XlsxCell = string | number;

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const MAIN_NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PACKAGE_REL_NS = 'http://schemas.openxmlformats.org/package/2006/relationships';

/** Text for XML: markup characters escaped, and characters XML 1.0 cannot hold dropped. */
function xmlText(text: string): string {
  return text
    .replace(/[^\t\n\r\u0020-\ud7ff\ue000-\ufffd\u{10000}-\u{10ffff}]/gu, '')
    .replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] ?? c);
}

/** `0` -> `A`, `27` -> `AB`: a spreadsheet column's letters. */
function columnName(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

function cellXml(value: XlsxCell, reference: string): string {
  if (typeof value === 'number') return Number.isFinite(value) ? `<c r="${reference}"><v>${value}</v></c>` : `<c r="${reference}"/>`;
  // Inline strings: the text is data, never a formula, whatever character it starts with.
  return `<c r="${reference}" t="inlineStr"><is><t xml:space="preserve">${xmlText(value)}</t></is></c>`;
}

/**
 * A one-sheet XLSX workbook (Office Open XML) of a header row and data rows: the five parts a spreadsheet
 * needs, in a stored zip. Numbers stay numbers; text is written as inline strings.
 *
 * @example
 * buildXlsx('Revenue by region', ['region', 'revenue'], [['EU', 1200.5]]); // the bytes of a .xlsx file
 */
export function buildXlsx(sheetName: string, header: readonly string[], rows: readonly (readonly XlsxCell[])[]): Uint8Array {
  // Sheet names: at most 31 characters, none of : \ / ? * [ ].
  const name = sheetName.replace(/[:\\/?*[\]]/g, ' ').trim().slice(0, 31) || 'Sheet1';
  const sheetRows = [header, ...rows]
    .map((row, r) => `<row r="${r + 1}">${row.map((value, c) => cellXml(value, `${columnName(c)}${r + 1}`)).join('')}</row>`)
    .join('');
  const parts: Record<string, string> = {
    '[Content_Types].xml': `<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>`,
    '_rels/.rels': `<Relationships xmlns="${PACKAGE_REL_NS}"><Relationship Id="rId1" Type="${REL_NS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    'xl/workbook.xml': `<workbook xmlns="${MAIN_NS}" xmlns:r="${REL_NS}"><sheets><sheet name="${xmlText(name)}" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    'xl/_rels/workbook.xml.rels': `<Relationships xmlns="${PACKAGE_REL_NS}"><Relationship Id="rId1" Type="${REL_NS}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
    'xl/worksheets/sheet1.xml': `<worksheet xmlns="${MAIN_NS}"><sheetData>${sheetRows}</sheetData></worksheet>`,
  };
  const encoder = new TextEncoder();
  return buildZip(Object.entries(parts).map(([path, xml]) => ({ name: path, data: encoder.encode(XML_HEAD + xml) })));
}
