import { ACTION_TYPES, type ActionType } from '../../protocol/actionPayloads.js';
import { parseFilterParameter } from '../../protocol/parseFilterParameter.js';
import { resolveLocale } from '../../protocol/resolveLocale.js';
import { resolveTimezone } from '../../protocol/resolveTimezone.js';
import type { TenantActionHandler, TenantBridge } from '../../tenant/createTenantBridge.js';
import type { EmulatorBootConfig } from '../EmulatorBootConfig.js';
import { applyTheme } from './applyTheme.js';
import type { PageStore } from './createPageStore.js';
import { filterProblem } from './filterRows.js';
import type { SurfaceView } from './SurfaceView.js';

/** What the host's actions act on. */
export interface ActionTargets {
  readonly boot: EmulatorBootConfig;
  readonly store: PageStore;
  readonly view: SurfaceView;
  /** `<html>`, where the theme's custom properties go. */
  readonly root: HTMLElement;
  /** Every action acts for the viewer: the page checks its session first (see `PageContext.checkSession`). */
  readonly checkSession: () => void;
  /** Whether the page has stopped trusting its token and waits for `svc:action:set-session`. */
  readonly sessionExpired: () => boolean;
}

/** An action that arrived while the page waits for a new session: not applied, and the host is told. */
class SessionExpiredError extends Error {
  override readonly name = 'SessionExpiredError';
}

/**
 * Gives every host action its visible effect. A handler that throws is answered by the bridge with a
 * non-fatal `svc:event:error` naming the action: a theme value that is not CSS, a filter that filters
 * nothing, a path that is not a page of this surface.
 */
export function handleActions(bridge: TenantBridge, { boot, store, view, root, checkSession, sessionExpired }: ActionTargets): void {
  for (const type of ACTION_TYPES) bridge.on(type, checkSession);
  // An expired page acts for nobody: the host learns the action was dropped and can send it again after
  // the `ready` that follows a new session.
  const on = <T extends ActionType>(type: T, handler: TenantActionHandler<T>): void => {
    bridge.on(type, (payload, message) => {
      if (sessionExpired()) throw new SessionExpiredError('the session expired; the embed takes actions again once svc:action:set-session renews it');
      handler(payload, message);
    });
  };
  on('svc:action:set-color-scheme', ({ scheme }) => store.set({ colorScheme: scheme }));
  on('svc:action:set-theme', (theme) => {
    const rejected = applyTheme(root, theme);
    store.set({ theme });
    if (rejected.length > 0) throw new TypeError(`ignored theme fields that are not valid CSS: ${rejected.join(', ')}`);
  });
  on('svc:action:set-locale', ({ locale }) => {
    // The platform ignores a locale it does not ship; so does the emulator.
    const shipped = resolveLocale(locale);
    if (shipped) store.set({ locale: shipped });
  });
  on('svc:action:set-timezone', ({ timezone }) => {
    // Above every other source, but only a zone the platform knows: a bare offset or an unknown name is
    // ignored, and the zone in force stays.
    const zone = resolveTimezone(timezone);
    if (zone) store.set({ timezone: zone, timezoneSource: 'action' });
  });
  on('svc:action:set-filter', ({ filterUrlParameter }) => {
    const parsed = parseFilterParameter(filterUrlParameter);
    if (!parsed.ok) return;
    const { [parsed.key]: _previous, ...others } = store.get().filters;
    store.set({ filters: parsed.value === null ? others : { ...others, [parsed.key]: parsed.value } });
    const problem = parsed.value === null ? null : filterProblem(boot.dataset, parsed.key, parsed.value);
    // The filter is kept (and shown on its chip), but the host should know it filters nothing.
    if (problem !== null) throw new TypeError(`the filter is kept but filters nothing: ${problem}`);
  });
  on('svc:action:navigate', ({ path }) => view.navigate(path));
  on('svc:action:refresh', () => view.refresh());
}
