import { h } from './h.js';
import type { PageContext } from './PageContext.js';

/**
 * When the data was read, written in the zone in force (`Intl.DateTimeFormat` with `timeZone`) and the
 * page's locale, with the zone's short name: what "today" means in the embed. It follows `set-timezone`
 * and `set-locale` as they come.
 */
export function renderAsOf(context: PageContext, at: number): HTMLElement {
  const element = h('span', { class: 'muted as-of', 'data-testid': 'as-of', 'data-at': at });
  const draw = (): void => {
    const { locale, timezone } = context.store.get();
    element.dataset.timezone = timezone;
    element.textContent = new Intl.DateTimeFormat(locale, {
      year: 'numeric',
      month: 'short',
      day: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      timeZone: timezone,
      timeZoneName: 'short',
    }).format(at);
  };
  draw();
  context.store.subscribe((_state, changed) => {
    if (changed.has('timezone') || changed.has('locale')) draw();
  });
  return element;
}
