import { LOOPBACK_HOSTS } from '../protocol/normalizeTenantOrigin.js';
import { svcError } from '../protocol/svcError.js';

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
    throw svcError(512, `${option} is not a URL; expected something like "https://acme.example.com/api".`);
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname))) {
    throw svcError(513, `${option} must use https: (http: only on localhost, 127.0.0.1 or [::1]); got "${url.protocol}".`);
  }
  if (url.username !== '' || url.password !== '') throw svcError(514, `${option} must not contain credentials.`);
  if (url.search !== '' || url.hash !== '') throw svcError(514, `${option} must not have a query or fragment.`);
  return url.href.replace(/\/+$/, '');
}
