import type { ErrorPayload } from '../protocol/eventPayloads.js';

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
 * its `name` is `SessionError` or `SessionExpiredError`, or its name or message mentions a session, a sign-in,
 * an expiry, being unauthorised, or an invalid or revoked token (any letter case), or it arrived in signed
 * mode before the load's first `ready`. A fatal error that is none of these is shown, never renewed. An
 * entitlement refusal is never a session failure, whatever it says: `AiNotAllowedError` (the session's
 * `settings.allowAi` is false) would come back with every new session minted for the same viewer.
 *
 * @example
 * isSessionFailure({ message: 'Token expired', fatal: true }, { signed: true, readySinceLoad: true }); // true
 */
export function isSessionFailure(error: ErrorPayload, context: SessionFailureContext): boolean {
  // Words that, in an error's name or message, point at authentication rather than the content. The two names
  // the rule lists, `SessionError` and `SessionExpiredError`, are among them (`session`, any letter case). A
  // bare "token" is not: "AI token budget exceeded" is about the content, and renewing would only loop; a token
  // that is invalid or revoked (or any expiry) is. Name and message apart: a `|` between them cannot complete a
  // word the pattern looks for.
  return (
    error.fatal === true &&
    error.name !== 'AiNotAllowedError' &&
    (/session|sign[\s-]?in|expir|unauthori[sz]ed|(invalid|revoked) token|token (is )?(invalid|revoked)/i.test(`${error.name}|${error.message}`) ||
      (context.signed && !context.readySinceLoad))
  );
}
