import { REDACTED } from './createRedactor.js';
import { credentialPair } from './credentialPair.js';

/** Options of {@link redactValue}. */
export interface RedactValueOptions {
  /**
   * Whether the value under a key is a credential, removed whole whatever it holds (a nested object
   * included). Without it, only the text of keys and strings is redacted.
   */
  readonly isSecretKey?: ((key: string) => boolean) | undefined;
}

/** How deep a value is searched; what lies deeper is replaced, since an escaped secret could hide there. */
const MAX_DEPTH = 64;

/** Values that carry no searchable text of their own: kept as they are. */
function isOpaque(value: object): boolean {
  return value instanceof Date || value instanceof ArrayBuffer || ArrayBuffer.isView(value) || (typeof Blob === 'function' && value instanceof Blob);
}

/**
 * Applies `redact` to every string inside a value (keys included), returning a copy; with
 * `options.isSecretKey`, the value under a credential key becomes `[redacted]` as a whole, and so does the
 * value of a pair that names a credential (`['x-api-key', t]`, `{ name: 'token', value: t }`, see
 * `credentialPair`). Parsed JSON is
 * copied as plain objects and arrays; `Map` and `Set` (which `postMessage` can carry) stay a `Map` and a
 * `Set`; dates and binary data are kept as they are. An object or array nested more than 64 levels deep is
 * replaced by `[redacted]` as a whole, and one met again inside itself (a cycle) by `[repeated]`.
 *
 * @example
 * redactValue({ token: { raw: 'x' }, note: 'Bearer abc' }, createRedactor([]), { isSecretKey: isCredentialName });
 * // { token: '[redacted]', note: 'Bearer [redacted]' }
 */
export function redactValue(value: unknown, redact: (text: string) => string, options: RedactValueOptions = {}): unknown {
  const { isSecretKey } = options;
  // Only the objects on the current path: a value shared by two branches is copied twice, a cycle is cut.
  const path = new Set<object>();
  const walk = (item: unknown, depth: number): unknown => {
    if (typeof item === 'string') return redact(item);
    if (typeof item !== 'object' || item === null || isOpaque(item)) return item;
    // A tree deeper than this is pathological; what lies deeper is not searched, so it is not kept either.
    if (depth > MAX_DEPTH) return REDACTED;
    if (path.has(item)) return '[repeated]';
    path.add(item);
    try {
      // A pair naming a credential (`['x-api-key', t]`, `{ name: 'token', value: t }`) loses its value whole.
      const paired = isSecretKey && credentialPair(item, isSecretKey);
      if (Array.isArray(item)) return item.map((inner, index) => (paired === index ? REDACTED : walk(inner, depth + 1)));
      if (item instanceof Map) {
        const copy = new Map<unknown, unknown>();
        for (const [key, inner] of item) {
          const secret = typeof key === 'string' && isSecretKey?.(key) === true && inner != null;
          copy.set(walk(key, depth + 1), secret ? REDACTED : walk(inner, depth + 1));
        }
        return copy;
      }
      if (item instanceof Set) return new Set([...item].map((inner) => walk(inner, depth + 1)));
      const copy: Record<string, unknown> = {};
      for (const key of Object.keys(item)) {
        let inner: unknown;
        try {
          inner = (item as Record<string, unknown>)[key];
        } catch {
          // A hostile object (a throwing getter, handed over without structured cloning) is reported, not thrown.
          inner = '[unreadable]';
        }
        const secret = (isSecretKey?.(key) === true || paired === key) && inner != null;
        // defineProperty, not assignment: a key named `__proto__` stays an ordinary key.
        Object.defineProperty(copy, redact(key), { value: secret ? REDACTED : walk(inner, depth + 1), enumerable: true, writable: true, configurable: true });
      }
      return copy;
    } catch {
      // A hostile object (a proxy whose traps throw) is described, never allowed to throw from a report.
      return '[unreadable]';
    } finally {
      path.delete(item);
    }
  };
  return walk(value, 0);
}
