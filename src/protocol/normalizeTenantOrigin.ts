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
  if (typeof origin !== 'string' || origin.trim() === '') {
    throw new TypeError('tenantOrigin is required: the https origin of the platform tenant, such as "https://acme.example.com".');
  }
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    throw new TypeError(`tenantOrigin "${clip(origin)}" is not a URL; expected an origin such as "https://acme.example.com".`);
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname))) {
    throw new TypeError(
      `tenantOrigin must use https: (http: is accepted only for localhost, 127.0.0.1 and [::1]); got "${url.protocol}".`,
    );
  }
  if (url.username !== '' || url.password !== '') {
    throw new TypeError('tenantOrigin must not contain credentials.');
  }
  if ((url.pathname !== '/' && url.pathname !== '') || url.search !== '' || url.hash !== '' || /[?#]/.test(origin)) {
    throw new TypeError(
      `tenantOrigin must be an origin only (scheme, host, port), without a path, query or fragment; got "${clip(origin)}".`,
    );
  }
  return url.origin;
}

function clip(text: string): string {
  // Strip anything that looks like credentials before echoing the value.
  const safe = text.replace(/\/\/[^/@]*@/, '//***@');
  return safe.length > 80 ? `${safe.slice(0, 80)}…` : safe;
}
