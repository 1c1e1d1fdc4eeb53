import { concatBytes } from './readLimitedBody.js';

/** Limits of {@link readNdjsonLines}. */
export interface NdjsonLimits {
  /** The longest line accepted, in bytes (without its newline). */
  readonly maxLineBytes: number;
  /** The longest wait for the next chunk, in milliseconds. */
  readonly idleTimeoutMs: number;
}

/** Why {@link readNdjsonLines} stopped early. */
export class NdjsonLimitError extends Error {
  constructor(readonly reason: 'line-too-long' | 'idle') {
    super(reason === 'idle' ? 'the stream went quiet' : 'a line is too long');
  }
}

const NEWLINE = 0x0a;

/**
 * Splits a byte stream into lines of newline-delimited JSON, decoded as UTF-8 (a trailing `\r` is
 * dropped). Each chunk is scanned once, from where the previous scan ended, so the work is linear in the
 * stream's length however the lines are cut into chunks; an unfinished line is kept as byte pieces and
 * joined only when its newline arrives. Splitting bytes (not text) is safe because a newline byte never
 * occurs inside a multi-byte UTF-8 character.
 *
 * @throws NdjsonLimitError when a line grows past `maxLineBytes` or no chunk arrives for `idleTimeoutMs`;
 *   the caller cancels the stream.
 */
export async function* readNdjsonLines(reader: ReadableStreamDefaultReader<Uint8Array>, limits: NdjsonLimits): AsyncGenerator<string, void> {
  const decoder = new TextDecoder();
  const pieces: Uint8Array[] = [];
  let pending = 0;
  const lineOf = (last: Uint8Array): string => {
    const bytes = pieces.length === 0 ? last : concatBytes([...pieces, last], pending + last.byteLength);
    pieces.length = 0;
    pending = 0;
    const end = bytes.byteLength > 0 && bytes[bytes.byteLength - 1] === 0x0d ? bytes.byteLength - 1 : bytes.byteLength;
    return decoder.decode(bytes.subarray(0, end));
  };
  for (;;) {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const idle = new Promise<'idle'>((resolve) => {
      timer = setTimeout(() => resolve('idle'), limits.idleTimeoutMs);
    });
    let result: ReadableStreamReadResult<Uint8Array> | 'idle';
    try {
      result = await Promise.race([reader.read(), idle]);
    } finally {
      clearTimeout(timer);
    }
    if (result === 'idle') throw new NdjsonLimitError('idle');
    if (result.done) break;
    const chunk = result.value;
    let start = 0;
    for (;;) {
      const newline = chunk.indexOf(NEWLINE, start);
      if (newline === -1) break;
      if (pending + newline - start > limits.maxLineBytes) throw new NdjsonLimitError('line-too-long');
      const line = lineOf(chunk.subarray(start, newline));
      start = newline + 1;
      if (line.trim() !== '') yield line;
    }
    const rest = chunk.subarray(start);
    if (pending + rest.byteLength > limits.maxLineBytes) throw new NdjsonLimitError('line-too-long');
    if (rest.byteLength > 0) {
      pieces.push(rest);
      pending += rest.byteLength;
    }
  }
  if (pending > 0) {
    const line = lineOf(new Uint8Array(0));
    if (line.trim() !== '') yield line;
  }
}
