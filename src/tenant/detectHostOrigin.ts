/**
 * The origin of the page that embeds this one, or `null` when it cannot be known (a top-level page, or a
 * browser that reports neither source below).
 *
 * `location.ancestorOrigins[0]` (Chromium, WebKit) is the embedding page's origin as the browser knows it;
 * elsewhere the origin of `document.referrer` is used, which the default referrer policy still reports for
 * a cross-origin parent. An opaque origin (`"null"`, e.g. a sandboxed parent) is treated as unknown: no
 * message can be addressed to it.
 *
 * @param win The window inside the iframe. @default globalThis.window
 * @example
 * const hostOrigin = detectHostOrigin();
 * if (hostOrigin) createTenantBridge({ surface: 'dashboard', hostOrigin });
 */
export function detectHostOrigin(win: Window = window): string | null {
  if (win.parent === win) return null;
  const ancestors = win.location.ancestorOrigins as DOMStringList | undefined;
  if (ancestors !== undefined && ancestors.length > 0) {
    const first = ancestors.item(0);
    return first !== null && first !== 'null' ? first : null;
  }
  const referrer = win.document.referrer;
  if (referrer === '') return null;
  try {
    const origin = new URL(referrer).origin;
    return origin === 'null' ? null : origin;
  } catch {
    return null;
  }
}
