import type * as z from 'zod/mini';
import { formatIssues } from '../schemas/formatIssues.js';
import { checkApiUrl } from './checkApiUrl.js';
import { formatIssuesWithoutValues } from './formatIssuesWithoutValues.js';
import { createRedactor, REDACTED } from './redactSecrets.js';
import {
  SvcApiError,
  SvcForbiddenError,
  SvcNetworkError,
  SvcResponseValidationError,
  SvcTimeoutError,
  SvcUnauthorizedError,
} from './SvcApiError.js';

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
}

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
}

/** Sends requests to one API with one credential. */
export interface Transport {
  request<T>(request: TransportRequest<T>): Promise<T>;
  /** Sends a request and returns the successful response unread (for streams). */
  stream(request: Omit<TransportRequest<never>, 'schema'>): Promise<{ response: Response; path: string; cancel: () => void }>;
}

/** Reason phrases for when a runtime gives none (HTTP/2 responses carry no status text). */
const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  422: 'Unprocessable Content',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

const RETRY_STATUSES = new Set([429, 502, 503, 504]);
const IDEMPOTENT = new Set(['GET', 'PUT', 'DELETE']);

function defaultSleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** Milliseconds to wait from a `Retry-After` header (seconds or an HTTP date), or undefined. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (value === null || value.trim() === '') return undefined;
  if (/^\d+(\.\d+)?$/.test(value.trim())) return Math.round(Number(value) * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/**
 * The HTTP layer of the server client: base URL checks, one credential header, timeouts, retries with
 * backoff for idempotent requests only, response validation, and errors that never carry a credential.
 */
export function createTransport(
  option: string,
  baseUrl: string,
  authorization: string,
  secrets: readonly (string | undefined)[],
  options: TransportOptions,
): Transport {
  const base = checkApiUrl(option, baseUrl);
  const basePath = new URL(base).pathname.replace(/\/$/, '');
  const fetchImpl = options.fetch ?? globalThis.fetch;
  if (typeof fetchImpl !== 'function') throw new TypeError('No fetch implementation: pass options.fetch.');
  const timeoutMs = options.timeoutMs ?? 30_000;
  const retry = options.retry === false ? { retries: 0 } : (options.retry ?? {});
  const retries = retry.retries ?? 2;
  const baseDelay = retry.baseDelayMs ?? 250;
  const maxDelay = retry.maxDelayMs ?? 4000;
  const maxRetryAfter = retry.maxRetryAfterMs ?? 30_000;
  const sleep = retry.sleep ?? defaultSleep;
  const random = retry.random ?? Math.random;
  const redact = createRedactor([...secrets, authorization]);

  const urlFor = (path: string, query: TransportRequest<unknown>['query']): string => {
    const url = new URL(`${base}${path}`);
    for (const [key, value] of Object.entries(query ?? {})) if (value !== undefined) url.searchParams.set(key, String(value));
    return url.href;
  };

  const readBody = async (response: Response): Promise<{ json: boolean; value: unknown; text: string }> => {
    const text = redact(await response.text());
    if (text === '') return { json: false, value: undefined, text };
    try {
      return { json: true, value: JSON.parse(text), text };
    } catch {
      return { json: false, value: text, text };
    }
  };

  /** `METHOD /base/path` for messages; a credential inside the path is redacted. */
  const where = (method: string, path: string): string => `${method} ${redact(`${basePath}${path}`)}`;

  const errorFor = (method: string, path: string, status: number, statusText: string, body: unknown): SvcApiError => {
    const serverMessage =
      typeof body === 'object' && body !== null && typeof (body as { error?: { message?: unknown } }).error?.message === 'string'
        ? (body as { error: { message: string } }).error.message
        : typeof body === 'string'
          ? body
          : '';
    const reason = serverMessage ? `: ${redact(serverMessage).slice(0, 300)}` : '';
    const phrase = statusText || STATUS_TEXT[status] || '';
    const message = `${where(method, path)} failed with ${status}${phrase ? ` ${phrase}` : ''}${reason}`;
    const details = { status, body, method, path: redact(path) };
    if (status === 401) return new SvcUnauthorizedError(message, details);
    if (status === 403) return new SvcForbiddenError(message, details);
    return new SvcApiError(message, details);
  };

  /** One attempt; returns the response, or throws a network/timeout error (or the caller's abort). */
  const attempt = async (
    request: Omit<TransportRequest<unknown>, 'schema'>,
    keepOpen: boolean,
  ): Promise<{ response: Response; done: () => void; controller: AbortController }> => {
    // A signal aborted before the call (or during a backoff wait whose sleep ignored it) sends nothing.
    request.signal?.throwIfAborted();
    const controller = new AbortController();
    const onCallerAbort = (): void => controller.abort(request.signal?.reason);
    request.signal?.addEventListener('abort', onCallerAbort, { once: true });
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    const done = (): void => {
      clearTimeout(timer);
      request.signal?.removeEventListener('abort', onCallerAbort);
    };
    const headers: Record<string, string> = { authorization, accept: 'application/json' };
    if (request.body !== undefined) headers['content-type'] = 'application/json';
    try {
      const response = await fetchImpl(urlFor(request.path, request.query), {
        method: request.method,
        headers,
        body: request.body === undefined ? null : JSON.stringify(request.body),
        signal: controller.signal,
      });
      if (keepOpen) clearTimeout(timer);
      return { response, done, controller };
    } catch (error) {
      done();
      if (request.signal?.aborted) throw request.signal.reason;
      const details = { status: 0, method: request.method, path: redact(request.path) };
      if (timedOut) {
        throw new SvcTimeoutError(`${where(request.method, request.path)} got no response within ${timeoutMs} ms`, details);
      }
      const cause = error instanceof Error ? redact(error.message) : 'unknown error';
      throw new SvcNetworkError(`${where(request.method, request.path)} failed before a response: ${cause}`, details);
    }
  };

  const run = async <T>(
    request: TransportRequest<T>,
    keepOpen: boolean,
  ): Promise<{ response: Response; done: () => void; controller: AbortController }> => {
    const idempotent = IDEMPOTENT.has(request.method);
    for (let n = 0; ; n++) {
      let result: Awaited<ReturnType<typeof attempt>>;
      try {
        result = await attempt(request, keepOpen);
      } catch (error) {
        const retryable = (error instanceof SvcNetworkError || error instanceof SvcTimeoutError) && idempotent && n < retries;
        if (!retryable) throw error;
        await sleep(Math.floor(random() * Math.min(maxDelay, baseDelay * 2 ** n)), request.signal);
        continue;
      }
      const { response } = result;
      if (response.ok) return result;
      if (idempotent && n < retries && RETRY_STATUSES.has(response.status)) {
        const retryAfter = parseRetryAfter(response.headers.get('retry-after'));
        result.done();
        await response.body?.cancel().catch(() => {});
        const delay =
          retryAfter !== undefined ? Math.min(retryAfter, maxRetryAfter) : Math.floor(random() * Math.min(maxDelay, baseDelay * 2 ** n));
        await sleep(delay, request.signal);
        continue;
      }
      try {
        const body = await readBody(response);
        throw errorFor(request.method, request.path, response.status, response.statusText, body.value);
      } finally {
        result.done();
      }
    }
  };

  return {
    async request<T>(request: TransportRequest<T>): Promise<T> {
      const { response, done } = await run(request, false);
      const at = where(request.method, request.path);
      const path = redact(request.path);
      let body: Awaited<ReturnType<typeof readBody>>;
      try {
        body = await readBody(response);
      } catch (error) {
        if (request.signal?.aborted) throw request.signal.reason;
        throw new SvcNetworkError(
          `${at}: the response could not be read`,
          { status: response.status, method: request.method, path },
          { cause: error instanceof Error ? new Error(redact(error.message)) : undefined },
        );
      } finally {
        done();
      }
      const sensitive = request.sensitiveResponse === true;
      const details = { status: response.status, body: sensitive ? REDACTED : body.value, method: request.method, path };
      if (!request.schema) return body.value as T;
      if (!body.json) throw new SvcResponseValidationError(`${at}: expected a JSON response`, details);
      const parsed = request.schema.safeParse(body.value);
      if (!parsed.success) {
        const problem = sensitive ? formatIssuesWithoutValues(parsed.error.issues, 'response') : formatIssues(parsed.error.issues, body.value, 'response');
        throw new SvcResponseValidationError(`${at}: unexpected response: ${problem}`, details);
      }
      return parsed.data;
    },
    async stream(request) {
      const { response, done, controller } = await run(request, true);
      return {
        response,
        path: redact(`${basePath}${request.path}`),
        cancel: () => {
          done();
          controller.abort();
        },
      };
    },
  };
}
