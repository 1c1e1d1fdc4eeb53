import type { EmbedInspectorEntry } from '../protocol/embedInspector.js';

/** One recorded entry with a number that stays the same while it is kept (a React key, a label). */
export interface TimelineItem {
  readonly id: number;
  readonly entry: EmbedInspectorEntry;
}

/** A bounded, subscribable history of inspector entries, oldest first. */
export interface Timeline {
  /** Records an entry; listeners hear about it once the current burst has settled. */
  push(entry: EmbedInspectorEntry): void;
  /** The kept entries, oldest first; a new array after every change, so it works as a snapshot. */
  getSnapshot(): readonly TimelineItem[];
  /** Calls `listener` after changes; returns the function that stops it. */
  subscribe(listener: () => void): () => void;
  /** Forgets every entry. */
  clear(): void;
  /** Stops pending notifications. */
  dispose(): void;
}

/** The default number of entries a timeline keeps. */
export const DEFAULT_MAX_ENTRIES = 500;

/** How long a burst of entries is gathered before listeners re-render: one render per burst, not per message. */
const NOTIFY_DELAY_MS = 50;

/**
 * Creates a timeline that keeps the latest `maxEntries` entries. Entries can arrive by the thousand (a chatty
 * embed); listeners are told at most once per {@link NOTIFY_DELAY_MS}, so a panel re-renders per burst.
 *
 * @throws RangeError when `maxEntries` is not a positive integer.
 */
export function createTimeline(maxEntries: number = DEFAULT_MAX_ENTRIES): Timeline {
  if (!Number.isInteger(maxEntries) || maxEntries < 1) {
    throw new RangeError(`maxEntries: expected a positive integer, got ${String(maxEntries)}`);
  }
  let items: readonly TimelineItem[] = [];
  let pending: TimelineItem[] = [];
  let nextId = 1;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const listeners = new Set<() => void>();

  const notify = (): void => {
    for (const listener of [...listeners]) listener();
  };
  const flush = (): void => {
    timer = undefined;
    if (pending.length === 0) return;
    const merged = items.concat(pending);
    pending = [];
    items = merged.length > maxEntries ? merged.slice(merged.length - maxEntries) : merged;
    notify();
  };

  return {
    push(entry) {
      pending.push({ id: nextId++, entry });
      // A burst longer than the bound would only be cut later: keep the pending buffer bounded too.
      if (pending.length > maxEntries) pending.splice(0, pending.length - maxEntries);
      timer ??= setTimeout(flush, NOTIFY_DELAY_MS);
    },
    getSnapshot: () => items,
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    clear() {
      pending = [];
      items = [];
      notify();
    },
    dispose() {
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
      pending = [];
    },
  };
}
