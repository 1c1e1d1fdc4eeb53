import type { ColorScheme } from '../../protocol/actionPayloads.js';
import type { EmbedTheme } from '../../protocol/embedTheme.js';
import type { JsonValue } from '../../protocol/filterValue.js';
import type { ShippedLocale } from '../../protocol/resolveLocale.js';
import type { TimeGrain } from './bucketTime.js';

/** What the host's actions (and the viewer) change on the page. */
export interface PageState {
  readonly colorScheme: ColorScheme;
  /** The theme in force: the session's, until `set-theme` replaces it. */
  readonly theme: EmbedTheme | null;
  readonly locale: ShippedLocale;
  /** Filters by `<semantic_view>.<dimension>` key. */
  readonly filters: { readonly [key: string]: JsonValue };
  readonly timeGrain: TimeGrain;
  /** The IANA zone dates and times are drawn in. */
  readonly timezone: string;
  /** Which source of the platform's ladder gave {@link timezone}, highest first. */
  readonly timezoneSource: TimezoneSource;
}

/** The time zone's sources, highest first: the runtime action, the address, the session, the default. */
export type TimezoneSource = 'action' | 'address' | 'session' | 'default';

/** The page's state, with change notifications. */
export interface PageStore {
  get(): PageState;
  /** Merges `patch` into the state and tells every listener which keys changed. */
  set(patch: Partial<PageState>): void;
  subscribe(listener: (state: PageState, changed: ReadonlySet<keyof PageState>) => void): () => void;
}

/** Creates the page's store. */
export function createPageStore(initial: PageState): PageStore {
  let state = initial;
  const listeners = new Set<(state: PageState, changed: ReadonlySet<keyof PageState>) => void>();
  return {
    get: () => state,
    set(patch) {
      const changed = new Set<keyof PageState>();
      for (const key of Object.keys(patch) as (keyof PageState)[]) {
        if (patch[key] !== state[key]) changed.add(key);
      }
      if (changed.size === 0) return;
      state = { ...state, ...patch };
      for (const listener of [...listeners]) listener(state, changed);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}
