import { crc32, inflateSync } from 'node:zlib';

/** A PNG file read back: its size and RGB pixels, after checking its signature, every chunk's CRC and its data's length. */
export function readPng(bytes: Uint8Array): { width: number; height: number; pixel: (x: number, y: number) => [number, number, number] } {
  const buffer = Buffer.from(bytes);
  if (!buffer.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) throw new Error('not a PNG signature');
  let offset = 8;
  let header: Buffer | undefined;
  const data: Buffer[] = [];
  let ended = false;
  while (offset < buffer.length) {
    const length = buffer.readUInt32BE(offset);
    const type = buffer.toString('latin1', offset + 4, offset + 8);
    const body = buffer.subarray(offset + 8, offset + 8 + length);
    const crc = buffer.readUInt32BE(offset + 8 + length);
    if (crc !== crc32(buffer.subarray(offset + 4, offset + 8 + length))) throw new Error(`bad CRC in ${type}`);
    if (type === 'IHDR') header = body;
    if (type === 'IDAT') data.push(body);
    if (type === 'IEND') ended = true;
    offset += 12 + length;
  }
  if (!header || !ended) throw new Error('missing IHDR or IEND');
  const width = header.readUInt32BE(0);
  const height = header.readUInt32BE(4);
  if (header[8] !== 8 || header[9] !== 2) throw new Error('expected 8-bit truecolour');
  const raw = inflateSync(Buffer.concat(data));
  if (raw.length !== (width * 3 + 1) * height) throw new Error(`image data of ${raw.length} bytes for ${width}x${height}`);
  return {
    width,
    height,
    pixel: (x, y) => {
      const at = y * (width * 3 + 1) + 1 + x * 3;
      return [raw[at] as number, raw[at + 1] as number, raw[at + 2] as number];
    },
  };
}

/**
 * A PDF file read back (uncompressed, as the emulator writes it): checks that every cross-reference entry
 * points at its object and that `startxref` points at the table; returns its pages' sizes and text strings.
 */
export function readPdf(bytes: Uint8Array): { pages: { width: number; height: number; texts: string[] }[]; text: string } {
  const file = Buffer.from(bytes).toString('latin1');
  if (!file.startsWith('%PDF-1.')) throw new Error('not a PDF header');
  if (!file.trimEnd().endsWith('%%EOF')) throw new Error('no %%EOF');
  const startxref = Number(/startxref\n(\d+)\n%%EOF\s*$/.exec(file)?.[1]);
  if (!file.startsWith('xref', startxref)) throw new Error('startxref does not point at the table');
  const table = /xref\n0 (\d+)\n([\s\S]*?)trailer/.exec(file.slice(startxref));
  if (!table) throw new Error('no cross-reference table');
  const entries = (table[2] ?? '').trim().split('\n');
  if (entries.length !== Number(table[1])) throw new Error('the table has the wrong number of entries');
  entries.slice(1).forEach((entry, index) => {
    const at = Number(entry.slice(0, 10));
    if (!file.startsWith(`${index + 1} 0 obj`, at)) throw new Error(`object ${index + 1} is not at ${at}`);
  });
  const objects = new Map<number, string>();
  for (const match of file.matchAll(/(\d+) 0 obj\n([\s\S]*?)\nendobj/g)) objects.set(Number(match[1]), match[2] as string);
  const pages: { width: number; height: number; texts: string[] }[] = [];
  const kids = /\/Kids \[([^\]]*)\]/.exec(objects.get(2) ?? '')?.[1] ?? '';
  for (const [, id] of kids.matchAll(/(\d+) 0 R/g)) {
    const page = objects.get(Number(id)) ?? '';
    const box = /\/MediaBox \[0 0 ([\d.]+) ([\d.]+)\]/.exec(page);
    const contents = objects.get(Number(/\/Contents (\d+) 0 R/.exec(page)?.[1])) ?? '';
    const length = Number(/\/Length (\d+)/.exec(contents)?.[1]);
    const stream = /stream\n([\s\S]*)\nendstream/.exec(contents)?.[1] ?? '';
    if (stream.length !== length) throw new Error(`page ${id}: stream of ${stream.length} bytes, /Length ${length}`);
    const texts = [...stream.matchAll(/\(((?:\\.|[^\\)])*)\) Tj/g)].map(([, text]) => (text ?? '').replace(/\\(.)/g, '$1'));
    pages.push({ width: Number(box?.[1]), height: Number(box?.[2]), texts });
  }
  return { pages, text: pages.flatMap((page) => page.texts).join('\n') };
}
