/** Query parameters and object keys whose values are credentials: never shown, never copied. */
const SECRET_NAMES = new Set(['session', 'sessionid', 'embedtoken', 'token', 'apitoken', 'accesstoken', 'authorization']);

/** `session=...`, `sessionId=...`, `embedToken=...` inside any string (an address, a detail message). */
const SECRET_QUERY = /([?&#](?:session|sessionId|embedToken)=)[^&#\s"'<>]*/gi;

/** The text that stands in for a removed credential. */
export const REDACTED = '[redacted]';

/** Replaces the values of credential query parameters in a string (addresses, messages quoting them). */
export function redactText(text: string): string {
  return text.replace(SECRET_QUERY, `$1${REDACTED}`);
}

/**
 * Serialises anything as indented JSON for display or the clipboard, without credentials: values under
 * credential-like keys and credential query parameters inside strings are replaced by `[redacted]`. An object
 * met twice (a cycle) is written once and then as `[repeated]`; functions and bigints do not throw.
 */
export function toRedactedJson(value: unknown): string {
  const seen = new WeakSet<object>();
  const json = JSON.stringify(
    value,
    (key, inner: unknown) => {
      if (key !== '' && SECRET_NAMES.has(key.toLowerCase()) && inner !== null && inner !== undefined) return REDACTED;
      if (typeof inner === 'string') return redactText(inner);
      if (typeof inner === 'bigint') return `${inner}n`;
      if (typeof inner === 'function') return `[function ${inner.name || 'anonymous'}]`;
      if (typeof inner === 'object' && inner !== null) {
        if (seen.has(inner)) return '[repeated]';
        seen.add(inner);
      }
      return inner;
    },
    2,
  );
  return json ?? 'undefined';
}
