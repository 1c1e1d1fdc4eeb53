import { LOOPBACK_HOSTS } from '../protocol/normalizeTenantOrigin.js';

/**
 * Checks an API base URL: `https:` only, or `http:` on a loopback host (the emulator). Returns it without a
 * trailing slash.
 *
 * @throws TypeError naming the option.
 */
export function checkApiUrl(option: string, value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new TypeError(`${option} is not a URL; expected something like "https://acme.example.com/api".`);
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname))) {
    throw new TypeError(`${option} must use https: (http: only on localhost, 127.0.0.1 or [::1]); got "${url.protocol}".`);
  }
  if (url.username !== '' || url.password !== '') throw new TypeError(`${option} must not contain credentials.`);
  if (url.search !== '' || url.hash !== '') throw new TypeError(`${option} must not have a query or fragment.`);
  return url.href.replace(/\/+$/, '');
}
