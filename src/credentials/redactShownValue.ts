import { isCredentialName } from './isCredentialName.js';
import { redactValue } from './redactValue.js';
import { redactShownText } from './redactShownText.js';

/**
 * A copy of `value` without credentials, for showing or reporting it: the value under any credential key
 * (`token`, `sessionId`, `apiKey`, ... at any depth, see `isCredentialName`) becomes `[redacted]` whole, and
 * every string and key goes through {@link redactShownText}. Cycles become `[repeated]`; see `redactValue`
 * for what else is copied how.
 *
 * @example
 * redactShownValue({ user: { token: 'abc' }, next: '/a?session=s1' });
 * // { user: { token: '[redacted]' }, next: '/a?session=[redacted]' }
 */
export function redactShownValue(value: unknown): unknown {
  return redactValue(value, redactShownText, { isSecretKey: isCredentialName });
}
