import type { ColorScheme } from '../protocol/actionPayloads.js';
import type { EmbedBridge } from '../runtime/createEmbedBridge.js';
import type { EmbedTheme } from '../protocol/embedTheme.js';
import { encodeFilterParameter } from '../protocol/encodeFilterParameter.js';
import { isDevelopment } from '../protocol/isDevelopment.js';
import { warnIgnoredTimezone } from '../protocol/warnIgnoredTimezone.js';
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
   * Time zone dates and times are bucketed and shown in, an IANA name such as `America/New_York`. The first
   * value goes into the address (`timezone=`); changes go as `svc:action:set-timezone`, which wins over
   * every other source. The platform ignores a bare UTC offset (`+05:30`) or a zone it does not know, and
   * development warns once about such a value.
   * @default the surrounding `<SvcProvider>`'s `timezone`, else the session's `settings.timezone`, else the
   * dashboard's pinned zone, else the account's
   */
  readonly timezone?: string | undefined;
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
  /** Sends the initial values, once: when the embed starts, never while it is created (see below). */
  start(): void;
  /**
   * Sends the difference between `values` and what the embed already has (after a commit). Returns whether
   * every value was taken: one the protocol refuses is handed to the synchroniser's `refuse`, never thrown.
   */
  update(values: ControlledValues): boolean;
  /**
   * Sends every current value again, the embed having reloaded and lost its runtime state; without a
   * controlled `path`, goes back to where the viewer was (the last path the embed reported).
   */
  reapply(values: ControlledValues): boolean;
  /**
   * Forgets what the embed was sent: it refused an action (its token had expired), so the next `update`
   * sends every current value again, without moving the viewer anywhere a controlled `path` does not.
   */
  forget(): void;
}

/**
 * Creates the controlled-prop synchroniser of one embed. Creating it sends nothing, since it may happen during a
 * render, which must read no clock (each action is stamped with one): `start` sends the `initial` values the
 * address does not carry (colour scheme, theme, path: queued until `ready`), unless another method sent newer
 * ones first. The address carries the initial
 * filters, locale and time zone, which therefore count as sent. The path the embed last reported (`view`,
 * `navigate`) is read from the bridge's store, so mirroring one back into `path` sends nothing. A value the
 * protocol refuses (a bad prop: `SVC141`, `SVC130`, ...) is handed to `refuse` with its coded error, never thrown
 * at the caller: the embed fails with it, not the page around it. What was sent before it stays sent.
 */
export function createControlledSync(bridge: EmbedBridge, initial: ControlledValues, refuse: (error: unknown) => void): ControlledSync {
  const sentFilters = new Map<string, string>();
  for (const [key, value] of Object.entries(initial.filters ?? {})) if (value !== undefined) sentFilters.set(key, stableKey(value));
  const addressKeys = [...sentFilters.keys()];
  let sentScheme: string | undefined;
  let sentTheme: string | undefined;
  let sentLocale: string | undefined = initial.locale;
  let sentTimezone: string | undefined = initial.timezone;
  let sentPath: string | undefined;

  const sendFilter = (key: string, value: FilterValue): void => {
    bridge.send('svc:action:set-filter', { filterUrlParameter: encodeFilterParameter(key, value) });
    sentFilters.set(key, stableKey(value));
  };

  const sync = (values: ControlledValues, force: boolean): void => {
    const { colorScheme, theme, locale, timezone, path } = values;
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
    if (timezone !== undefined && (force || timezone !== sentTimezone)) {
      if (isDevelopment) warnIgnoredTimezone('timezone', timezone);
      bridge.send('svc:action:set-timezone', { timezone });
      sentTimezone = timezone;
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

  /** Set by the first send of any kind: from then on, only the differences from what was sent go. */
  let started = false;
  const send = (values: ControlledValues, force: boolean): boolean => {
    started = true;
    try {
      sync(values, force);
      return true;
    } catch (error) {
      refuse(error);
      return false;
    }
  };
  return {
    start() {
      // Sent only while nothing else was: a later call already sent values at least as new.
      if (!started) send(initial, false);
    },
    update: (values) => send(values, false),
    reapply: (values) => send(values, true),
    forget() {
      started = true;
      sentFilters.clear();
      sentScheme = sentTheme = sentLocale = sentTimezone = sentPath = undefined;
    },
  };
}
