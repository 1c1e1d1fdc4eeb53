import { isDevelopment } from './isDevelopment.js';

/** Hosts on which a plain-`http:` tenant origin is accepted: local development and the emulator. */
export const LOOPBACK_HOSTS: ReadonlySet<string> = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Checks a tenant origin and returns it in the form browsers report as `event.origin`
 * (`https://acme.example.com`, lower-case host, no default port, no trailing slash).
 *
 * Accepted: `https:` origins, and `http:` only on `localhost`, `127.0.0.1` and `[::1]`. Refused: anything
 * with a path, query, fragment or credentials, and anything that is not a URL.
 *
 * @throws TypeError with a readable reason.
 * @example
 * normalizeTenantOrigin('https://Acme.example.com:443/'); // 'https://acme.example.com'
 */
export function normalizeTenantOrigin(origin: string): string {
  // Each refusal has a short text for production and, in development, a full explanation.
  const fail = (short: string, long: string | false): never => {
    throw new TypeError(
      isDevelopment && long
        ? `tenantOrigin ${long}; expected an origin such as "https://acme.example.com".`
        : `tenantOrigin: ${short}`,
    );
  };
  if (typeof origin !== 'string' || origin.trim() === '') fail('required', isDevelopment && 'is required');
  let url: URL | undefined;
  try {
    url = new URL(origin);
  } catch {
    fail('not a URL', isDevelopment && `"${clip(origin)}" is not a URL`);
  }
  const { protocol, hostname, pathname, username, password } = url as URL;
  if (protocol !== 'https:' && !(protocol === 'http:' && LOOPBACK_HOSTS.has(hostname))) {
    fail('not https', isDevelopment && `must use https: (http: only on localhost, 127.0.0.1 and [::1]), got "${protocol}"`);
  }
  if (username || password) fail('has credentials', isDevelopment && 'must be an origin only, without credentials');
  if ((pathname !== '/' && pathname !== '') || /[?#]/.test(origin)) {
    fail(
      'not an origin only',
      isDevelopment && `must be an origin only (scheme, host, port), without a path, query or fragment, got "${clip(origin)}"`,
    );
  }
  return (url as URL).origin;
}

function clip(text: string): string {
  // Whatever looks like credentials is masked before the value is echoed.
  const safe = text.replace(/\/\/[^/@]*@/, '//***@');
  return safe.length > 80 ? `${safe.slice(0, 80)}…` : safe;
}
