/**
 * Puts text on the clipboard: the asynchronous Clipboard API where the page may use it, else a selected,
 * off-screen textarea and `document.execCommand('copy')` (plain `http:` pages, embedded documents without
 * the clipboard permission, older browsers). Resolves to whether either way worked; never rejects.
 */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (typeof navigator !== 'undefined' && typeof navigator.clipboard?.writeText === 'function') {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Refused (no permission, no focus): try the older way below.
  }
  if (typeof document === 'undefined') return false;
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.setAttribute('aria-hidden', 'true');
  area.style.position = 'fixed';
  area.style.top = '-1000px';
  area.style.opacity = '0';
  const focused = document.activeElement;
  document.body.append(area);
  try {
    // The copy command copies the focused selection.
    area.focus({ preventScroll: true });
    area.select();
    // Deprecated but still the only synchronous way where the Clipboard API is missing or refused.
    return typeof document.execCommand === 'function' && document.execCommand('copy');
  } catch {
    return false;
  } finally {
    area.remove();
    if (focused instanceof HTMLElement) focused.focus();
  }
}
