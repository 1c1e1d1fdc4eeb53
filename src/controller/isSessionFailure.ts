import type { ErrorPayload } from '../protocol/eventPayloads.js';

/** Error names that mean the embed's session or token is gone. */
const SESSION_ERROR_NAMES = new Set(['SessionError', 'SessionExpiredError']);
/** Words that, in an error's name or message, point at authentication rather than the content. */
const SESSION_WORDS = /session|token|sign[\s-]?in|expir/i;

/** What the rule needs to know besides the error itself. */
export interface SessionFailureContext {
  /** Whether the embed was loaded with a session (signed mode). */
  readonly signed: boolean;
  /** Whether the current iframe load has sent `ready` yet. */
  readonly readySinceLoad: boolean;
}

/**
 * Whether a `svc:event:error` means the embed's session failed, so a new session may fix it. The platform
 * documents no error names; this is the project's rule, kept in this one function: the error is fatal, and
 * its `name` is `SessionError` or `SessionExpiredError`, or its name or message mentions a session, a token,
 * a sign-in or an expiry (any letter case), or it arrived in signed mode before the load's first `ready`.
 *
 * @example
 * isSessionFailure({ message: 'Token expired', fatal: true }, { signed: true, readySinceLoad: true }); // true
 */
export function isSessionFailure(error: ErrorPayload, context: SessionFailureContext): boolean {
  if (error.fatal !== true) return false;
  if (error.name !== undefined && SESSION_ERROR_NAMES.has(error.name)) return true;
  if (SESSION_WORDS.test(error.name ?? '') || SESSION_WORDS.test(error.message)) return true;
  return context.signed && !context.readySinceLoad;
}
