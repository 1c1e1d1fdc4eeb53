import type * as z from 'zod/mini';

/** When and how idempotent requests are retried. */
export interface RetryOptions {
  /** Retries after the first attempt. @default 2 */
  readonly retries?: number;
  /** The first backoff ceiling; doubled each retry, with full jitter. @default 250 */
  readonly baseDelayMs?: number;
  /** The largest backoff ceiling. @default 4000 */
  readonly maxDelayMs?: number;
  /** The longest `Retry-After` honoured; a longer one is cut to this. @default 30000 */
  readonly maxRetryAfterMs?: number;
  /** How to wait (for tests or custom schedulers); must reject when `signal` aborts. */
  readonly sleep?: (ms: number, signal: AbortSignal | undefined) => Promise<void>;
  /** A random number in [0, 1) for jitter. @default Math.random */
  readonly random?: () => number;
}

/** Options every client shares. */
export interface TransportOptions {
  /** A `fetch` implementation. @default globalThis.fetch */
  readonly fetch?: typeof fetch | undefined;
  /** Time limit of one attempt, until the response body is read (headers only, for streams). @default 30000 */
  readonly timeoutMs?: number | undefined;
  /** Retry policy for idempotent requests, or `false` for none. */
  readonly retry?: RetryOptions | false | undefined;
  /**
   * The largest response body read, in bytes. A longer one is cut off (the request is cancelled) and the
   * call fails with `SvcResponseTooLargeError`; memory stays within this bound however much the server sends.
   * @default 16777216 (16 MiB)
   */
  readonly maxResponseBytes?: number | undefined;
}

/** Limits of a streamed (newline-delimited JSON) response. */
export interface StreamOptions {
  /** The longest line of a stream, in bytes; a longer one fails with `SvcResponseTooLargeError`. @default 1048576 (1 MiB) */
  readonly maxLineBytes?: number | undefined;
  /** The longest wait for the next chunk once a stream has started; then `SvcTimeoutError`. @default 30000 */
  readonly idleTimeoutMs?: number | undefined;
}

/** The default of {@link TransportOptions.maxResponseBytes}. */
export const DEFAULT_MAX_RESPONSE_BYTES = 16 * 1024 * 1024;
/** The default of {@link StreamOptions.maxLineBytes}. */
export const DEFAULT_MAX_LINE_BYTES = 1024 * 1024;
/** One request. */
export interface TransportRequest<T> {
  readonly method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  readonly path: string;
  readonly query?: Readonly<Record<string, string | number | undefined>> | undefined;
  readonly body?: unknown;
  /** Validates a JSON response. */
  readonly schema?: z.ZodMiniType<T> | undefined;
  readonly signal?: AbortSignal | undefined;
  /**
   * The successful response carries a credential (an embed session id): if it breaks the schema, the
   * error names the field but neither echoes its value nor keeps the body.
   */
  readonly sensitiveResponse?: boolean | undefined;
  /** The `Accept` header. @default 'application/json' */
  readonly accept?: string | undefined;
}

/** Sends requests to one API with one credential. */
export interface Transport {
  request<T>(request: TransportRequest<T>): Promise<T>;
  /**
   * Sends a request and returns its successful response as a stream of newline-delimited lines, each
   * already redacted, within the stream limits. Ending the iteration (or the caller's signal) cancels it.
   */
  streamLines(request: Omit<TransportRequest<never>, 'schema'>, limits: StreamOptions): Promise<StreamedLines>;
  /**
   * Sends a request whose successful answer is a file: returns it unread, to be read once as a stream or as
   * bytes (within `maxResponseBytes`). The time limit covers the wait for the headers.
   */
  download(request: Omit<TransportRequest<never>, 'schema'>): Promise<TransportFile>;
  /** A copy of a parsed value with every credential this transport knows (and any scheme value) removed. */
  redactValue(value: unknown): unknown;
}

/** The answer of {@link Transport.streamLines}. */
export interface StreamedLines {
  readonly status: number;
  /** `METHOD /base/path` of the request, for messages. */
  readonly at: string;
  readonly lines: AsyncGenerator<string, void>;
}

/** A successful answer that is a file, not read yet (see {@link Transport.download}). */
export interface TransportFile {
  readonly status: number;
  /** The `Content-Type` header, or `application/octet-stream` without one. */
  readonly contentType: string;
  /** The `Content-Disposition` header, or `null`. */
  readonly contentDisposition: string | null;
  /** The body as a stream; reading it to the end (or cancelling it) ends the request. Read it or `bytes()`, once. */
  readonly body: ReadableStream<Uint8Array>;
  /** The whole body, within `maxResponseBytes` (past it: `SvcResponseTooLargeError`). */
  bytes(): Promise<Uint8Array>;
}
