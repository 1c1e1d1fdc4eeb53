import type { EventMap, EventType } from '../../protocol/eventPayloads.js';
import type { EmulatorBootConfig } from '../EmulatorBootConfig.js';
import type { PageStore } from './createPageStore.js';
import type { Row } from './filterRows.js';
import type { Labels } from './labels.js';

/** Where the page's events go: the tenant bridge, or nowhere when the page has no host to talk to. */
export interface EventSink {
  emit<T extends EventType>(type: T, payload: EventMap[T]): unknown;
}

/** What every part of the page works from. */
export interface PageContext {
  readonly boot: EmulatorBootConfig;
  readonly store: PageStore;
  readonly events: EventSink;
  /** The labels of the current locale. */
  labels(): Labels;
  /** A number in the current locale's format. */
  format(value: number, compact?: boolean): string;
  /** The data set's rows that pass the current filters. */
  rows(): readonly Row[];
  /**
   * Called whenever the page acts for the viewer (an action, a refresh, a query, an export): a signed page
   * then looks at its token's schedule and asks the server whether the token still holds, so an expiry
   * (or the window before it) is noticed at once rather than at the next periodic check.
   */
  checkSession(): void;
}
