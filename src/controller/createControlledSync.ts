import type { ColorScheme } from '../protocol/actionPayloads.js';
import type { EmbedBridge } from '../protocol/createEmbedBridge.js';
import type { EmbedTheme } from '../protocol/embedTheme.js';
import { encodeFilterParameter } from '../protocol/encodeFilterParameter.js';
import type { Filters, FilterValue } from '../protocol/filterValue.js';
import { stableKey } from './stableKey.js';

/** The controlled values, as the app currently renders them: each change is sent as an action. */
export interface ControlledValues {
  /**
   * Colour scheme, sent as `svc:action:set-color-scheme`: `light`, `dark` or `auto` (the viewer's OS preference).
   * @default the surrounding `<SvcProvider>`'s `colorScheme`, else the embed's own
   */
  readonly colorScheme?: ColorScheme | undefined;
  /**
   * Brand theme, sent as `svc:action:set-theme`.
   * @default the surrounding `<SvcProvider>`'s `theme`, else the embed's own
   */
  readonly theme?: EmbedTheme | undefined;
  /**
   * UI language (a BCP 47 tag). The first value goes into the address; changes go as `svc:action:set-locale`.
   * @default the surrounding `<SvcProvider>`'s `locale`, else the embed's own
   */
  readonly locale?: string | undefined;
  /**
   * Filters by `<semantic_view>.<dimension>`: `{ 'orders.status': { value: 'completed' } }`. The first value
   * goes into the address; each later change sends one `svc:action:set-filter` per changed key, and a removed
   * key sends `null`.
   */
  readonly filters?: Filters | undefined;
  /** In-embed route path, sent as `svc:action:navigate` when it changes (never echoed back). */
  readonly path?: string | undefined;
}

/** Keeps an embed in step with controlled props by sending only what changed. */
export interface ControlledSync {
  /** Sends the difference between `values` and what the embed already has (after a commit). */
  update(values: ControlledValues): void;
  /**
   * Sends every current value again, the embed having reloaded and lost its runtime state; without a
   * controlled `path`, goes back to where the viewer was (the last path the embed reported).
   */
  reapply(values: ControlledValues): void;
  /**
   * Forgets what the embed was sent: it refused an action (its token had expired), so the next `update`
   * sends every current value again, without moving the viewer anywhere a controlled `path` does not.
   */
  forget(): void;
}

/**
 * Creates the controlled-prop synchroniser of one embed. Creating it sends nothing (it may happen during a
 * render): the first `update` sends the values the address does not carry (colour scheme, theme, path: queued
 * until `ready`). The address carries the initial filters and locale, which therefore count as sent. The path the embed last reported (`view`, `navigate`) is read from
 * the bridge's store, so mirroring one back into `path` sends nothing.
 */
export function createControlledSync(bridge: EmbedBridge, initial: ControlledValues): ControlledSync {
  const sentFilters = new Map<string, string>();
  for (const [key, value] of Object.entries(initial.filters ?? {})) if (value !== undefined) sentFilters.set(key, stableKey(value));
  const addressKeys = [...sentFilters.keys()];
  let sentScheme: string | undefined;
  let sentTheme: string | undefined;
  let sentLocale: string | undefined = initial.locale;
  let sentPath: string | undefined;

  const sendFilter = (key: string, value: FilterValue): void => {
    bridge.send('svc:action:set-filter', { filterUrlParameter: encodeFilterParameter(key, value) });
    sentFilters.set(key, stableKey(value));
  };

  const sync = (values: ControlledValues, force: boolean): void => {
    const { colorScheme, theme, locale, path } = values;
    if (colorScheme !== undefined && (force || colorScheme !== sentScheme)) {
      bridge.send('svc:action:set-color-scheme', { scheme: colorScheme });
      sentScheme = colorScheme;
    }
    if (theme !== undefined) {
      const key = stableKey(theme);
      if (force || key !== sentTheme) {
        bridge.send('svc:action:set-theme', theme);
        sentTheme = key;
      }
    }
    if (locale !== undefined && (force || locale !== sentLocale)) {
      bridge.send('svc:action:set-locale', { locale });
      sentLocale = locale;
    }
    const filters: Readonly<Record<string, FilterValue | undefined>> = values.filters ?? {};
    for (const [key, value] of Object.entries(filters)) {
      if (value !== undefined && (force || sentFilters.get(key) !== stableKey(value))) sendFilter(key, value);
    }
    for (const [key, sent] of sentFilters) {
      // A removed filter is sent as null, once (project decision: the platform documents no "clear"), and
      // again to a reloaded document whose address brought it back.
      if (filters[key] === undefined && (sent !== 'null' || (force && addressKeys.includes(key)))) sendFilter(key, null);
    }
    const reportedPath = bridge.store.getState().path;
    if (path !== undefined) {
      // No echo: a path the embed reported itself is where it already is (a reloaded document is not).
      if (force || (path !== sentPath && path !== reportedPath)) bridge.send('svc:action:navigate', { path });
      sentPath = path;
    } else if (force && reportedPath !== null) {
      // Back to where the viewer was: a controlled `path` (the branch above) wins.
      bridge.send('svc:action:navigate', { path: reportedPath });
    }
  };

  return {
    update: (values) => sync(values, false),
    reapply: (values) => sync(values, true),
    forget() {
      sentFilters.clear();
      sentScheme = sentTheme = sentLocale = sentPath = undefined;
    },
  };
}
