/**
 * The file name of an export: the `filename` of a `Content-Disposition` header when it has one, else the
 * fallback; either way reduced to a safe set of characters (no path, no quote, no control character), since
 * apps put it in a header of their own.
 */
export function exportFileName(contentDisposition: string | null, fallback: string): string {
  const quoted = /filename\s*=\s*"([^"]*)"/i.exec(contentDisposition ?? '')?.[1];
  const bare = /filename\s*=\s*([^;\s"]+)/i.exec(contentDisposition ?? '')?.[1];
  const safe = (name: string): string =>
    name
      .replace(/^.*[\\/]/, '')
      .replace(/[^A-Za-z0-9._-]+/g, '_')
      .replace(/^[._]+/, '')
      .slice(0, 120);
  const chosen = safe(quoted ?? bare ?? '');
  return chosen === '' ? safe(fallback) || 'export' : chosen;
}
