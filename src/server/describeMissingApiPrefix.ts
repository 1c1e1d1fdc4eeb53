/**
 * What a 404 most likely means when a base URL lacks the prefix its API lives under: the tenant host was
 * given without `/api`, so every path lands beside the API. Returns that hint, or `null` when the base URL
 * ends with the prefix (a 404 is then about the resource itself).
 *
 * @example
 * describeMissingApiPrefix('https://acme.example.com', '/api');
 * // 'the base URL has no /api prefix: the API is expected at https://acme.example.com/api'
 */
export function describeMissingApiPrefix(baseUrl: string, prefix: string): string | null {
  const url = new URL(baseUrl);
  const path = url.pathname.replace(/\/+$/, '');
  if (path.endsWith(prefix)) return null;
  return `the base URL has no ${prefix} prefix: the API is expected at ${url.origin}${path}${prefix}`;
}
