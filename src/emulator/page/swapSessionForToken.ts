import type { EmulatorBootConfig } from '../EmulatorBootConfig.js';

/**
 * Replaces the single-use session in the page's own address with the embed token the server exchanged it
 * for (`boot.embedToken`), without a reload and without a new history entry. A reload of the frame then
 * presents the token instead of the spent session, as the platform's day-long embed token allows.
 */
export function swapSessionForToken(win: Window, boot: EmulatorBootConfig): void {
  if (boot.embedToken === undefined) return;
  const url = new URL(win.location.href);
  url.searchParams.delete(boot.surface === 'chat' ? 'sessionId' : 'session');
  url.searchParams.set('embedToken', boot.embedToken);
  win.history.replaceState(win.history.state, '', url.pathname + url.search + url.hash);
}
