import type { ErrorPayload } from '../protocol/eventPayloads.js';
import type { SvcErrorCode } from '../protocol/SvcErrorCode.js';

/**
 * A failure as the app hears it through `onError`, in the shape of an embed's `svc:event:error` payload, with
 * a code: the host's own (the session source, renewal, a refused address), or an error the embed reported
 * itself, under `SVC310` with the embed's `name` and message kept.
 *
 * @example
 * onError={(error) => {
 *   if (error.code === 'SVC305') reportReusedSession();
 * }}
 */
export interface SvcErrorPayload extends ErrorPayload {
  /**
   * The stable code, such as `SVC305` (the session was already used); the library's own messages start with
   * it too (an embed's own, under `SVC310`, are kept as the embed wrote them).
   */
  readonly code: SvcErrorCode;
}
