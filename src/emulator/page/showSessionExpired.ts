import type { SessionFailure } from './createTokenGuard.js';
import { h } from './h.js';

/**
 * Shows the "session expired" state over the surface without replacing it: the surface stays in the
 * document with its path, filters and unsaved input, out of the viewer's reach (`inert`) until a new session
 * arrives. Returns what takes the state away again.
 */
export function showSessionExpired(doc: Document, surface: HTMLElement, title: string, failure: SessionFailure): () => void {
  const overlay = h(
    'div',
    { class: 'session-expired', 'data-testid': 'session-expired', 'data-error-name': failure.name },
    h(
      'section',
      { class: 'card error-state', role: 'alert' },
      h('div', { class: 'error-icon', 'aria-hidden': 'true' }, '⚠'),
      h('h1', null, title),
      h('p', { 'data-testid': 'error-message' }, failure.message),
      h('code', null, failure.name),
    ),
  );
  surface.inert = true;
  doc.body.append(overlay);
  return () => {
    overlay.remove();
    surface.inert = false;
  };
}
