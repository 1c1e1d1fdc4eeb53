import { crc32, deflateSync } from 'node:zlib';

/** An RGB raster: `pixels` holds `width * height * 3` bytes, row after row. */
export interface Raster {
  readonly width: number;
  readonly height: number;
  readonly pixels: Uint8Array;
}

/** A raster of one colour. */
export function createRaster(width: number, height: number, rgb: readonly [number, number, number]): Raster {
  const pixels = new Uint8Array(width * height * 3);
  for (let i = 0; i < pixels.length; i += 3) pixels.set(rgb, i);
  return { width, height, pixels };
}

/** Paints a rectangle (clipped to the raster). */
export function fillRect(raster: Raster, x: number, y: number, w: number, h: number, rgb: readonly [number, number, number]): void {
  const x0 = Math.max(0, Math.round(x));
  const y0 = Math.max(0, Math.round(y));
  const x1 = Math.min(raster.width, Math.round(x + w));
  const y1 = Math.min(raster.height, Math.round(y + h));
  for (let row = y0; row < y1; row += 1) {
    for (let column = x0; column < x1; column += 1) raster.pixels.set(rgb, (row * raster.width + column) * 3);
  }
}

/** A PNG chunk: length, type, data and the CRC of type and data. */
function chunk(type: string, data: Uint8Array): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/**
 * Encodes a raster as a PNG file: 8-bit truecolour, no interlace, every scanline with filter 0, the image
 * data deflated with `node:zlib` (PNG's own compression), chunks with their CRCs.
 */
export function encodePng(raster: Raster): Uint8Array {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(raster.width, 0);
  header.writeUInt32BE(raster.height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type: truecolour
  // 10, 11, 12: compression 0, filter method 0, no interlace.
  const stride = raster.width * 3;
  const scanlines = Buffer.alloc((stride + 1) * raster.height);
  for (let row = 0; row < raster.height; row += 1) {
    scanlines[row * (stride + 1)] = 0;
    scanlines.set(raster.pixels.subarray(row * stride, (row + 1) * stride), row * (stride + 1) + 1);
  }
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return new Uint8Array(
    Buffer.concat([signature, chunk('IHDR', header), chunk('IDAT', deflateSync(scanlines)), chunk('IEND', new Uint8Array(0))]),
  );
}
