/** The origin a response redirected to, or why it is a redirect at all; `undefined` when it is not one. */
export function redirectTarget(response: Response, requestUrl: string, baseOrigin: string): { location: string | null } | undefined {
  const originOf = (address: string): string | null => {
    try {
      const url = new URL(address, requestUrl);
      return url.origin === 'null' ? url.protocol : url.origin;
    } catch {
      return null;
    }
  };
  // A browser-like runtime hides a manual redirect behind an opaque response.
  if (response.type === 'opaqueredirect') return { location: null };
  if (response.status >= 300 && response.status < 400 && response.status !== 304) {
    const location = response.headers.get('location');
    return { location: location === null ? null : originOf(location) };
  }
  // A custom fetch may follow redirects whatever it was asked: its answer came from elsewhere.
  if (response.redirected || (response.url !== '' && originOf(response.url) !== baseOrigin)) {
    return { location: response.url === '' ? null : originOf(response.url) };
  }
  return undefined;
}
