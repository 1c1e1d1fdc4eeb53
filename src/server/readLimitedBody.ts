/** What {@link readLimitedBody} read: the bytes, and whether the body went on past the limit. */
export interface LimitedBody {
  readonly bytes: Uint8Array;
  /** The body was longer than the limit: `bytes` holds its first `limit` bytes and the rest was not read. */
  readonly overflow: boolean;
}

/**
 * Reads a response body chunk by chunk, keeping at most `limit` bytes: past the limit it stops, cancels the
 * body (so the connection is closed rather than drained) and reports `overflow`. Memory stays within the
 * limit whatever the server sends, unlike `response.text()`, which buffers everything. A declared
 * `content-length` above the limit is refused before reading anything.
 */
export async function readLimitedBody(response: Response, limit: number): Promise<LimitedBody> {
  const declared = Number(response.headers.get('content-length'));
  const body = response.body;
  if (body === null) return { bytes: new Uint8Array(0), overflow: false };
  if (Number.isFinite(declared) && declared > limit) {
    await body.cancel().catch(() => {});
    return { bytes: new Uint8Array(0), overflow: true };
  }
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  let overflow = false;
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      if (size + value.byteLength > limit) {
        chunks.push(value.subarray(0, limit - size));
        size = limit;
        overflow = true;
        break;
      }
      chunks.push(value);
      size += value.byteLength;
    }
  } finally {
    if (overflow) await reader.cancel().catch(() => {});
    reader.releaseLock();
  }
  return { bytes: concatBytes(chunks, size), overflow };
}

/** The chunks as one array (no copy for a single chunk). */
export function concatBytes(chunks: readonly Uint8Array[], size: number): Uint8Array {
  if (chunks.length === 1) return chunks[0] as Uint8Array;
  const out = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return out;
}
