import { isDevelopment } from './isDevelopment.js';
import type { SvcErrorNumber } from './SvcErrorCode.js';
import { svcError } from './svcError.js';

/** Hosts on which a plain-`http:` tenant origin is accepted: local development and the emulator. */
export const LOOPBACK_HOSTS: ReadonlySet<string> = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Checks a tenant origin and returns it in the form browsers report as `event.origin`
 * (`https://acme.example.com`, lower-case host, no default port, no trailing slash).
 *
 * Accepted: `https:` origins, and `http:` only on `localhost`, `127.0.0.1` and `[::1]`. Refused: anything
 * with a path, query, fragment or credentials, and anything that is not a URL.
 *
 * @throws TypeError with a readable reason, coded `SVC101` to `SVC104` (message and `code`).
 * @example
 * normalizeTenantOrigin('https://Acme.example.com:443/'); // 'https://acme.example.com'
 */
export function normalizeTenantOrigin(origin: string): string {
  // In development each refusal explains the rule; production names the option, and the code says which rule
  // (callers pass `isDevelopment && explanation`, which a production bundle folds to `false`).
  const fail = (code: SvcErrorNumber, reason: string | false): never => {
    throw svcError(code, isDevelopment ? `tenantOrigin ${reason}; expected an origin such as "https://acme.example.com".` : 'tenantOrigin');
  };
  if (typeof origin !== 'string' || origin.trim() === '') fail(101, isDevelopment && 'is required');
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return fail(102, isDevelopment && `"${clip(origin)}" is not a URL`);
  }
  const { protocol, hostname, href, origin: normalized } = url;
  if (protocol !== 'https:' && !(protocol === 'http:' && LOOPBACK_HOSTS.has(hostname))) {
    fail(103, isDevelopment && `must use https: (http: only on localhost, 127.0.0.1 and [::1]), got "${protocol}"`);
  }
  // An http(s) address is its origin and `/` exactly when it has no credentials, no path, no query and no
  // fragment (an empty `?` or `#` included): one test, and development tells credentials from the rest.
  if (href !== `${normalized}/`) {
    fail(
      104,
      isDevelopment &&
        (url.username || url.password
          ? 'must be an origin only, without credentials'
          : `must be an origin only (scheme, host, port), without a path, query or fragment, got "${clip(origin)}"`),
    );
  }
  return normalized;
}

function clip(text: string): string {
  // Whatever looks like credentials is masked before the value is echoed.
  const safe = text.replace(/\/\/[^/@]*@/, '//***@');
  return safe.length > 80 ? `${safe.slice(0, 80)}…` : safe;
}
