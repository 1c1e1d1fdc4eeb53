import type { SvcErrorCode } from '../protocol/SvcErrorCode.js';

/** What every error of the server client tells about the request that failed (never its credentials). */
export interface SvcApiErrorDetails {
  /** HTTP status, or 0 when no response arrived. */
  readonly status: number;
  /** The parsed JSON body when the response was JSON, its text otherwise (credentials redacted). */
  readonly body?: unknown;
  readonly method: string;
  /** The request path (without the base URL and query). */
  readonly path: string;
}

/**
 * The base of every error the server client throws for a request: `status`, `body`, `method`, `path`, and
 * `code`, the stable code of its kind (`SVC500` for an error status the subclasses do not cover), which also
 * starts its message. Credentials never appear in its message, its `toString()`, its properties or
 * `JSON.stringify(error)`.
 */
export class SvcApiError extends Error {
  override readonly name: string = 'SvcApiError';
  /** The stable code of this kind of failure: each subclass has its own. */
  get code(): SvcErrorCode {
    return 'SVC500';
  }
  readonly status: number;
  readonly body: unknown;
  readonly method: string;
  readonly path: string;
  constructor(message: string, details: SvcApiErrorDetails, options?: { cause?: unknown }) {
    // The code is read from the prototype: the subclass's getter is there before any field is set.
    super(`${new.target.prototype.code}: ${message}`, options);
    this.status = details.status;
    this.body = details.body;
    this.method = details.method;
    this.path = details.path;
  }
  /** A plain object for logs: the same fields, nothing secret. */
  toJSON(): Record<string, unknown> {
    return { name: this.name, code: this.code, message: this.message, status: this.status, method: this.method, path: this.path, body: this.body };
  }
}

/** 401: the credential is missing, malformed or expired. */
export class SvcUnauthorizedError extends SvcApiError {
  override readonly name = 'SvcUnauthorizedError';
  override get code(): SvcErrorCode {
    return 'SVC501';
  }
}

/** 403: the credential is valid but not allowed here (e.g. a key scoped to other deployments). */
export class SvcForbiddenError extends SvcApiError {
  override readonly name = 'SvcForbiddenError';
  override get code(): SvcErrorCode {
    return 'SVC502';
  }
}

/** The response broke the expected schema; the message names the field. */
export class SvcResponseValidationError extends SvcApiError {
  override readonly name = 'SvcResponseValidationError';
  override get code(): SvcErrorCode {
    return 'SVC507';
  }
}

/** No response: the network failed (status 0). */
export class SvcNetworkError extends SvcApiError {
  override readonly name = 'SvcNetworkError';
  override get code(): SvcErrorCode {
    return 'SVC504';
  }
}

/** No response within the time limit (status 0), or a stream that went quiet for longer than its idle limit. */
export class SvcTimeoutError extends SvcApiError {
  override readonly name: string = 'SvcTimeoutError';
  override get code(): SvcErrorCode {
    return 'SVC503';
  }
}

/**
 * The server answered with a redirect. The client never follows one (a redirect could send the request,
 * credential and body to another host, or over plain http, and its answer cannot be trusted): `status` is
 * the redirect's status and {@link SvcRedirectError.location} the origin it pointed to.
 */
export class SvcRedirectError extends SvcApiError {
  override readonly name = 'SvcRedirectError';
  override get code(): SvcErrorCode {
    return 'SVC505';
  }
  /** The origin the redirect pointed to (scheme, host and port only), or `null` when it named none. */
  readonly location: string | null;
  constructor(message: string, details: SvcApiErrorDetails & { readonly location: string | null }) {
    super(message, details);
    this.location = details.location;
  }
  override toJSON(): Record<string, unknown> {
    return { ...super.toJSON(), location: this.location };
  }
}

/**
 * A response, or one line of a stream, grew past the configured limit (`maxResponseBytes`,
 * `maxLineBytes`); the client stopped reading and cancelled the request.
 */
export class SvcResponseTooLargeError extends SvcApiError {
  override readonly name = 'SvcResponseTooLargeError';
  override get code(): SvcErrorCode {
    return 'SVC506';
  }
  /** The limit that was exceeded, in bytes. */
  readonly limitBytes: number;
  constructor(message: string, details: SvcApiErrorDetails & { readonly limitBytes: number }) {
    super(message, details);
    this.limitBytes = details.limitBytes;
  }
  override toJSON(): Record<string, unknown> {
    return { ...super.toJSON(), limitBytes: this.limitBytes };
  }
}

/**
 * A dashboard export did not give a file: its job ended `failed` (the message carries the platform's
 * reason), or was gone when polled (jobs are dropped 5 minutes after submission).
 */
export class SvcExportFailedError extends SvcApiError {
  override readonly name = 'SvcExportFailedError';
  override get code(): SvcErrorCode {
    return 'SVC517';
  }
}

/**
 * A dashboard export was still `queued` or `rendering` when `exportDashboard`'s wait (`maxWaitMs`) ran out.
 * The job may still finish: {@link SvcExportTimeoutError.jobId} can be polled with `getDashboardExport`.
 */
export class SvcExportTimeoutError extends SvcTimeoutError {
  override readonly name = 'SvcExportTimeoutError';
  override get code(): SvcErrorCode {
    return 'SVC518';
  }
  /** The job that did not finish in time. */
  readonly jobId: string;
  constructor(message: string, details: SvcApiErrorDetails & { readonly jobId: string }) {
    super(message, details);
    this.jobId = details.jobId;
  }
  override toJSON(): Record<string, unknown> {
    return { ...super.toJSON(), jobId: this.jobId };
  }
}

/** A request's input was refused before anything was sent (`SVC508`); the message names the field. */
export class SvcInputError extends TypeError {
  override readonly name = 'SvcInputError';
  /** Always `SVC508`, which also starts the message. */
  readonly code: SvcErrorCode = 'SVC508';
  constructor(message: string) {
    super(`SVC508: ${message}`);
  }
}
