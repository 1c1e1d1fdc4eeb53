import { crc32 as nodeCrc32 } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { buildPdf } from '../../../src/emulator/page/buildPdf.js';
import { buildXlsx } from '../../../src/emulator/page/buildXlsx.js';
import { buildZip } from '../../../src/emulator/page/buildZip.js';
import { crc32 } from '../../../src/emulator/page/crc32.js';

const text = (bytes: Uint8Array): string => Buffer.from(bytes).toString('utf8');

describe('the page export builders', () => {
  it('computes the CRC-32 zip records, as zlib does', () => {
    expect(crc32(new TextEncoder().encode('123456789'))).toBe(0xcbf43926);
    const random = Uint8Array.from({ length: 5000 }, (_, i) => (i * 7919) % 251);
    expect(crc32(random)).toBe(nodeCrc32(random));
    expect(crc32(new Uint8Array())).toBe(0);
  });

  it('writes a stored zip whose directory points at each entry', () => {
    const zip = Buffer.from(buildZip([{ name: 'a.txt', data: new TextEncoder().encode('hello') }, { name: 'dir/é.xml', data: new Uint8Array([1, 2, 3]) }]));
    const end = zip.length - 22;
    expect(zip.readUInt32LE(end)).toBe(0x06054b50);
    expect(zip.readUInt16LE(end + 10)).toBe(2);
    const directory = zip.readUInt32LE(end + 16);
    expect(zip.readUInt32LE(directory)).toBe(0x02014b50);
    const secondOffset = zip.readUInt32LE(directory + 46 + 5 + 42);
    expect(zip.subarray(secondOffset + 30, secondOffset + 30 + 10).toString('utf8')).toBe('dir/é.xml');
  });

  it('keeps XLSX text as data: markup escaped, formulas inert, numbers as numbers, columns past Z', () => {
    const header = Array.from({ length: 28 }, (_, i) => `c${i}`);
    const zip = Buffer.from(buildXlsx('Q1: a/b [draft]', header, [['=HYPERLINK("x")', '<b>&', 12.5, Number.NaN]]));
    const sheet = text(zip);
    expect(sheet).toContain('<c r="A2" t="inlineStr"><is><t xml:space="preserve">=HYPERLINK(&quot;x&quot;)</t></is></c>');
    expect(sheet).toContain('&lt;b&gt;&amp;');
    expect(sheet).toContain('<c r="C2"><v>12.5</v></c>');
    expect(sheet).toContain('<c r="D2"/>');
    expect(sheet).toContain('<c r="AB1" t="inlineStr">');
    expect(sheet).toContain('<sheet name="Q1  a b  draft"');
  });

  it('writes a PDF with a correct cross-reference table, escaping and paging long text', () => {
    const lines = Array.from({ length: 120 }, (_, i) => `line ${i} (x) \\ 東京`);
    const pdf = Buffer.from(buildPdf('Sales (EU)', lines)).toString('latin1');
    expect(pdf).toContain('(Sales \\(EU\\)) Tj');
    expect(pdf).toContain('(line 0 \\(x\\) \\\\ ??) Tj');
    expect(pdf).toContain('/Count 3');
    const xref = Number(/startxref\n(\d+)/.exec(pdf)?.[1]);
    const offsets = [...pdf.slice(xref).matchAll(/^(\d{10}) 00000 n $/gm)].map((m) => Number(m[1]));
    for (const [index, offset] of offsets.entries()) expect(pdf.startsWith(`${index + 1} 0 obj`, offset)).toBe(true);
    for (const match of pdf.matchAll(/<< \/Length (\d+) >>\nstream\n/g)) {
      const start = (match.index ?? 0) + match[0].length;
      expect(pdf.slice(start + Number(match[1]), start + Number(match[1]) + 10)).toBe('\nendstream');
    }
  });
});
