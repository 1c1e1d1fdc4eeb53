import { h } from './h.js';

/** The page's error state: why the surface cannot be shown (an invalid, used or expired session, ...). */
export function renderErrorState(root: HTMLElement, title: string, error: { readonly name: string; readonly message: string }): void {
  root.replaceChildren(
    h(
      'main',
      { class: 'page' },
      h(
        'section',
        { class: 'card error-state', role: 'alert', 'data-testid': 'error-state', 'data-error-name': error.name },
        h('div', { class: 'error-icon', 'aria-hidden': 'true' }, '⚠'),
        h('h1', null, title),
        h('p', { 'data-testid': 'error-message' }, error.message),
        h('code', null, error.name),
      ),
    ),
  );
}
