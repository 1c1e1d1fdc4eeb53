import { formatIssues } from '../schemas/formatIssues.js';
import { abortableSleep } from './abortableSleep.js';
import { checkApiUrl } from './checkApiUrl.js';
import { formatIssuesWithoutValues } from './formatIssuesWithoutValues.js';
import { parseRetryAfter } from './parseRetryAfter.js';
import { readLimitedBody } from './readLimitedBody.js';
import { NdjsonLimitError, readNdjsonLines } from './readNdjsonLines.js';
import { createRedactor, REDACTED, redactValue } from './redactSecrets.js';
import { redirectTarget } from './redirectTarget.js';
import {
  SvcApiError,
  SvcForbiddenError,
  SvcNetworkError,
  SvcRedirectError,
  SvcResponseTooLargeError,
  SvcResponseValidationError,
  SvcTimeoutError,
  SvcUnauthorizedError,
} from './SvcApiError.js';
import {
  DEFAULT_MAX_LINE_BYTES,
  DEFAULT_MAX_RESPONSE_BYTES,
  type Transport,
  type TransportFile,
  type TransportOptions,
  type TransportRequest,
} from './Transport.js';
import { svcError } from '../protocol/svcError.js';

/** How much of an error response's body is kept: enough for any error message, never a flood. */
const ERROR_BODY_BYTES = 64 * 1024;

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
// POST is never retried, whatever failed (a dropped connection, a timeout, a 503): the first attempt may have
// been carried out (a dashboard published, a session minted) even though no answer came back.
const IDEMPOTENT = new Set(['GET', 'PUT', 'DELETE']);

/** A positive whole number of bytes or milliseconds, or the default. */
function positiveOption(name: string, value: number | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  if (!Number.isSafeInteger(value) || value < 1) throw svcError(515, `${name} must be a positive whole number; got ${String(value)}.`);
  return value;
}

/**
 * The HTTP layer of the server client: base URL checks, one credential header, timeouts, retries with
 * backoff for idempotent requests only, no redirects, bounded reads, response validation, and errors that
 * never carry a credential.
 */
export function createTransport(
  option: string,
  baseUrl: string,
  authorization: string,
  secrets: readonly (string | undefined)[],
  options: TransportOptions,
  /** Added to the message of a 404: what the client suspects about its base URL (see `describeMissingApiPrefix`). */
  notFoundHint: string | null = null,
): Transport {
  const base = checkApiUrl(option, baseUrl);
  const basePath = new URL(base).pathname.replace(/\/$/, '');
  const fetchImpl = options.fetch ?? globalThis.fetch;
  if (typeof fetchImpl !== 'function') throw svcError(516, 'No fetch implementation: pass options.fetch.');
  const timeoutMs = positiveOption('timeoutMs', options.timeoutMs, 30_000);
  const maxResponseBytes = positiveOption('maxResponseBytes', options.maxResponseBytes, DEFAULT_MAX_RESPONSE_BYTES);
  const baseOrigin = new URL(base).origin;
  const retry = options.retry === false ? { retries: 0 } : (options.retry ?? {});
  const retries = retry.retries ?? 2;
  const baseDelay = retry.baseDelayMs ?? 250;
  const maxDelay = retry.maxDelayMs ?? 4000;
  const maxRetryAfter = retry.maxRetryAfterMs ?? 30_000;
  const sleep = retry.sleep ?? abortableSleep;
  const random = retry.random ?? Math.random;
  const redact = createRedactor([...secrets, authorization]);

  const urlFor = (path: string, query: TransportRequest<unknown>['query']): string => {
    const url = new URL(`${base}${path}`);
    for (const [key, value] of Object.entries(query ?? {})) if (value !== undefined) url.searchParams.set(key, String(value));
    return url.href;
  };

  /** `METHOD /base/path` for messages; a credential inside the path is redacted. */
  const where = (method: string, path: string): string => `${method} ${redact(`${basePath}${path}`)}`;

  const tooLarge = (method: string, path: string, status: number, limit: number, what: string): SvcResponseTooLargeError =>
    new SvcResponseTooLargeError(`${where(method, path)}: ${what} is larger than ${limit} bytes; stopped reading`, {
      status,
      method,
      path: redact(path),
      limitBytes: limit,
    });

  /**
   * Reads a body within `limit` bytes and redacts it twice: as text (every echoed form of a secret), then,
   * when it is JSON, every string of the parsed value. An error body (`truncate`) is cut at the limit; a
   * successful one that does not fit is an error, since a cut JSON document is no answer.
   */
  const readBody = async (
    response: Response,
    request: { method: string; path: string },
    truncate: boolean,
  ): Promise<{ json: boolean; value: unknown }> => {
    const limit = truncate ? Math.min(maxResponseBytes, ERROR_BODY_BYTES) : maxResponseBytes;
    const { bytes, overflow } = await readLimitedBody(response, limit);
    if (overflow && !truncate) throw tooLarge(request.method, request.path, response.status, limit, 'the response');
    const text = redact(new TextDecoder().decode(bytes));
    if (text === '') return { json: false, value: undefined };
    try {
      return { json: true, value: redactValue(JSON.parse(text), redact) };
    } catch {
      return { json: false, value: text };
    }
  };

  const errorFor = (method: string, path: string, status: number, statusText: string, body: unknown): SvcApiError => {
    const serverMessage =
      typeof body === 'object' && body !== null && typeof (body as { error?: { message?: unknown } }).error?.message === 'string'
        ? (body as { error: { message: string } }).error.message
        : typeof body === 'string'
          ? body
          : '';
    const reason = serverMessage ? `: ${redact(serverMessage).slice(0, 300)}` : '';
    const phrase = statusText || STATUS_TEXT[status] || '';
    const hint = status === 404 && notFoundHint !== null ? ` (${notFoundHint})` : '';
    const message = `${where(method, path)} failed with ${status}${phrase ? ` ${phrase}` : ''}${reason}${hint}`;
    const details = { status, body, method, path: redact(path) };
    if (status === 401) return new SvcUnauthorizedError(message, details);
    if (status === 403) return new SvcForbiddenError(message, details);
    return new SvcApiError(message, details);
  };

  /** One attempt; returns the response, or throws a network/timeout error (or the caller's abort). */
  const attempt = async (
    request: Omit<TransportRequest<unknown>, 'schema'>,
  ): Promise<{ response: Response; done: () => void; controller: AbortController; stopTimer: () => void }> => {
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
    const headers: Record<string, string> = { authorization, accept: request.accept ?? 'application/json' };
    if (request.body !== undefined) headers['content-type'] = 'application/json';
    const url = urlFor(request.path, request.query);
    let response: Response;
    try {
      response = await fetchImpl(url, {
        method: request.method,
        headers,
        body: request.body === undefined ? null : JSON.stringify(request.body),
        signal: controller.signal,
        // Never follow: a redirect would carry the credential and the body to wherever it points.
        redirect: 'manual',
      });
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
    const redirect = redirectTarget(response, url, baseOrigin);
    if (redirect !== undefined) {
      done();
      controller.abort();
      await response.body?.cancel().catch(() => {});
      const target = redirect.location === null ? 'an address it did not name' : redact(redirect.location);
      throw new SvcRedirectError(
        `${where(request.method, request.path)} was redirected (${response.status}) to ${target}: refused, the client talks only to ${baseOrigin} and follows no redirect`,
        { status: response.status, method: request.method, path: redact(request.path), location: redirect.location === null ? null : redact(redirect.location) },
      );
    }
    return { response, done, controller, stopTimer: () => clearTimeout(timer) };
  };

  const run = async <T>(request: TransportRequest<T>): Promise<Awaited<ReturnType<typeof attempt>>> => {
    const idempotent = IDEMPOTENT.has(request.method);
    for (let n = 0; ; n++) {
      let result: Awaited<ReturnType<typeof attempt>>;
      try {
        result = await attempt(request);
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
        const body = await readBody(response, request, true);
        throw errorFor(request.method, request.path, response.status, response.statusText, body.value);
      } finally {
        result.done();
      }
    }
  };

  return {
    async request<T>(request: TransportRequest<T>): Promise<T> {
      const { response, done } = await run(request);
      const at = where(request.method, request.path);
      const path = redact(request.path);
      let body: Awaited<ReturnType<typeof readBody>>;
      try {
        body = await readBody(response, request, false);
      } catch (error) {
        if (request.signal?.aborted) throw request.signal.reason;
        if (error instanceof SvcApiError) throw error;
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
    async streamLines(request, limits) {
      const maxLineBytes = positiveOption('maxLineBytes', limits.maxLineBytes, DEFAULT_MAX_LINE_BYTES);
      const idleTimeoutMs = positiveOption('idleTimeoutMs', limits.idleTimeoutMs, 30_000);
      const { response, done, controller, stopTimer } = await run(request);
      // The time limit covers the wait for the headers; from here the idle limit guards each chunk.
      stopTimer();
      const at = where(request.method, request.path);
      const path = redact(request.path);
      const details = { status: response.status, method: request.method, path };
      async function* lines(): AsyncGenerator<string, void> {
        // Read the body directly (not through a decoding stream) so cancelling the reader cancels the request.
        const reader = response.body?.getReader();
        if (!reader) {
          done();
          return;
        }
        try {
          for await (const line of readNdjsonLines(reader, { maxLineBytes, idleTimeoutMs })) yield redact(line);
        } catch (error) {
          if (request.signal?.aborted) throw request.signal.reason;
          if (error instanceof NdjsonLimitError) {
            if (error.reason === 'line-too-long') throw tooLarge(request.method, request.path, response.status, maxLineBytes, 'a line of the stream');
            throw new SvcTimeoutError(`${at}: the stream sent nothing for ${idleTimeoutMs} ms`, details);
          }
          throw new SvcNetworkError(`${at}: the stream broke off`, details, {
            cause: error instanceof Error ? new Error(redact(error.message)) : undefined,
          });
        } finally {
          await reader.cancel().catch(() => {});
          done();
          controller.abort();
        }
      }
      return { status: response.status, at, lines: lines() };
    },
    async download(request): Promise<TransportFile> {
      const { response, done, controller, stopTimer } = await run(request);
      // The time limit covered the wait for the headers; a large file may take longer to read.
      stopTimer();
      const details = { status: response.status, method: request.method, path: redact(request.path) };
      const source = response.body;
      let used = false;
      const take = (): void => {
        if (used) throw new TypeError(`${where(request.method, request.path)}: the file was already read; read body or bytes(), once`);
        used = true;
      };
      const reader = source?.getReader();
      const finish = (): void => {
        done();
        reader?.releaseLock();
      };
      // A stream of the body that ends the request (timer, abort listener) when it ends or is cancelled.
      const body = new ReadableStream<Uint8Array>({
        start() {
          if (!reader) finish();
        },
        async pull(stream) {
          if (!reader) return stream.close();
          try {
            const { value, done: ended } = await reader.read();
            if (ended) {
              finish();
              stream.close();
            } else stream.enqueue(value);
          } catch (error) {
            finish();
            stream.error(
              request.signal?.aborted
                ? request.signal.reason
                : new SvcNetworkError(`${where(request.method, request.path)}: the file broke off`, details, {
                    cause: error instanceof Error ? new Error(redact(error.message)) : undefined,
                  }),
            );
          }
        },
        async cancel(reason) {
          await reader?.cancel(reason).catch(() => {});
          finish();
          controller.abort();
        },
      });
      return {
        status: response.status,
        contentType: response.headers.get('content-type') ?? 'application/octet-stream',
        contentDisposition: response.headers.get('content-disposition'),
        get body() {
          take();
          return body;
        },
        async bytes() {
          take();
          // Read through the wrapping stream, so its end releases the request as a streamed read does.
          const limited = await readLimitedBody(new Response(body, { headers: { 'content-length': response.headers.get('content-length') ?? '' } }), maxResponseBytes);
          if (limited.overflow) throw tooLarge(request.method, request.path, response.status, maxResponseBytes, 'the file');
          return limited.bytes;
        },
      };
    },
    redactValue: (value) => redactValue(value, redact),
  };
}
