import type { Surface } from '../../protocol/envelope.js';

/**
 * Replaces the single-use session (or an earlier token) in the page's own address with the embed token the
 * server exchanged it for, without a reload and without a new history entry. A reload of the frame then
 * presents the token instead of the spent session, as the platform's day-long embed token allows. The rest
 * of the address (the in-embed path, filters) stays as it is.
 */
export function swapSessionForToken(win: Window, surface: Surface, embedToken: string): void {
  const url = new URL(win.location.href);
  url.searchParams.delete(surface === 'chat' ? 'sessionId' : 'session');
  url.searchParams.set('embedToken', embedToken);
  win.history.replaceState(win.history.state, '', url.pathname + url.search + url.hash);
}
