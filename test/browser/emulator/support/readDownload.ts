import type { Download } from 'playwright-core';

/**
 * The bytes of a finished download. Read as a stream, which works whether the browser runs in this process
 * or is reached over a connection (where `download.path()` is not available).
 */
export async function readDownload(download: Download): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}
