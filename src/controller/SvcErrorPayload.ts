import type { ErrorPayload } from '../protocol/eventPayloads.js';
import type { SvcErrorCode } from '../protocol/SvcErrorCode.js';

/**
 * A failure of the host's own making (the session source, renewal, a refused address), in the shape of an
 * embed's fatal `svc:event:error` payload so `onError` and `errorFallback` handle both alike. It carries the
 * library's error code, which errors reported by the embed itself do not: `'code' in error` tells them apart.
 *
 * @example
 * onError={(error) => {
 *   if ('code' in error && error.code === 'SVC305') reportReusedSession();
 * }}
 */
export interface SvcErrorPayload extends ErrorPayload {
  /** The stable code, such as `SVC305` (the session was already used); its message starts with it too. */
  readonly code: SvcErrorCode;
}
