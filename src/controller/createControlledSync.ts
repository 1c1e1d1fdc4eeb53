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
 * Creates the controlled-prop synchroniser of one embed and sends the `initial` values the address does not
 * carry (colour scheme, theme, path: queued until `ready`). The address carries the initial filters and
 * locale, which therefore count as sent. It hears the paths the embed reports (`view`, `navigate`), so
 * mirroring one back into `path` sends nothing.
 */
export function createControlledSync(bridge: EmbedBridge, initial: ControlledValues): ControlledSync {
  const addressFilters = Object.entries(initial.filters ?? {}).filter(([, value]) => value !== undefined);
  const sentFilters = new Map<string, string>(addressFilters.map(([key, value]) => [key, stableKey(value)]));
  let sentScheme: string | undefined;
  let sentTheme: string | undefined;
  let sentLocale: string | undefined = initial.locale;
  let sentPath: string | undefined;
  let reportedPath: string | undefined;

  const sendFilter = (key: string, value: FilterValue): void => {
    bridge.send('svc:action:set-filter', { filterUrlParameter: encodeFilterParameter(key, value) });
    sentFilters.set(key, stableKey(value));
  };

  const syncFilters = (filters: Filters, force: boolean): void => {
    for (const [key, value] of Object.entries(filters)) {
      if (value === undefined) continue;
      if (force || sentFilters.get(key) !== stableKey(value)) sendFilter(key, value);
    }
    for (const [key, sent] of sentFilters) {
      const current = (filters as Readonly<Record<string, FilterValue | undefined>>)[key];
      if (current !== undefined) continue;
      // A removed filter is sent as null, once (project decision: the platform documents no "clear").
      if (force ? addressFilters.some(([addressKey]) => addressKey === key) || sent !== 'null' : sent !== 'null') {
        sendFilter(key, null);
      }
    }
  };

  const sync = (values: ControlledValues, force: boolean): void => {
    if (values.colorScheme !== undefined && (force || values.colorScheme !== sentScheme)) {
      bridge.send('svc:action:set-color-scheme', { scheme: values.colorScheme });
      sentScheme = values.colorScheme;
    }
    if (values.theme !== undefined) {
      const key = stableKey(values.theme);
      if (force || key !== sentTheme) {
        bridge.send('svc:action:set-theme', values.theme);
        sentTheme = key;
      }
    }
    if (values.locale !== undefined && (force || values.locale !== sentLocale)) {
      bridge.send('svc:action:set-locale', { locale: values.locale });
      sentLocale = values.locale;
    }
    syncFilters(values.filters ?? {}, force);
    if (values.path !== undefined && (force || values.path !== sentPath)) {
      // No echo: a path the embed reported itself is where it already is.
      if (force || values.path !== reportedPath) bridge.send('svc:action:navigate', { path: values.path });
      sentPath = values.path;
    } else if (force && reportedPath !== undefined) {
      // Back to where the viewer was: a controlled `path` (the branch above) wins.
      bridge.send('svc:action:navigate', { path: reportedPath });
    }
  };

  bridge.onAny((message) => {
    if (message.type === 'svc:event:view' || message.type === 'svc:event:navigate') reportedPath = message.payload.path;
  });
  sync(initial, false);
  return {
    update: (values) => sync(values, false),
    reapply: (values) => sync(values, true),
    forget() {
      sentFilters.clear();
      sentScheme = sentTheme = sentLocale = sentPath = undefined;
    },
  };
}
