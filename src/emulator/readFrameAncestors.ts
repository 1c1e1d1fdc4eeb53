import { svcError } from '../protocol/svcError.js';

/**
 * The source list of a `frame-ancestors` directive from the emulator's `frameAncestors` option: `'none'`,
 * `'self'`, or http(s) origins (scheme, host and an optional port, nothing else). `undefined` when the option
 * is left out; `SVC807` for anything else, since a typo here would silently allow every site.
 */
export function readFrameAncestors(value: unknown): string | undefined {
  if (value === undefined) return undefined;
  if (value === 'none' || value === 'self') return `'${value}'`;
  if (!Array.isArray(value) || value.length === 0) {
    throw svcError(807, `frameAncestors must be "none", "self" or a non-empty list of http(s) origins; got ${JSON.stringify(value)?.slice(0, 100) ?? typeof value}.`);
  }
  return value
    .map((item: unknown) => {
      let origin: string | undefined;
      try {
        const url = new URL(String(item));
        if ((url.protocol === 'http:' || url.protocol === 'https:') && url.origin === String(item).replace(/\/$/, '')) origin = url.origin;
      } catch {
        origin = undefined;
      }
      if (typeof item !== 'string' || origin === undefined) {
        throw svcError(807, `frameAncestors: ${JSON.stringify(item)?.slice(0, 100)} is not an http(s) origin (scheme, host and port only).`);
      }
      return origin;
    })
    .join(' ');
}
