import { isCredentialName } from './isCredentialName.js';
import { redactValue } from './redactValue.js';
import { scrubCredentials } from './scrubCredentials.js';

/**
 * A copy of `value` without credentials, for showing or reporting it: the value under any credential key
 * (`token`, `sessionId`, `apiKey`, ... at any depth, see `isCredentialName`) becomes `[redacted]` whole, and
 * every string and key goes through {@link scrubCredentials}. Cycles become `[repeated]`; see `redactValue`
 * for what else is copied how.
 *
 * @example
 * scrubValue({ user: { token: 'abc' }, next: '/a?session=s1' });
 * // { user: { token: '[redacted]' }, next: '/a?session=[redacted]' }
 */
export function scrubValue(value: unknown): unknown {
  return redactValue(value, scrubCredentials, { isSecretKey: isCredentialName });
}
