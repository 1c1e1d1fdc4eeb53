import type { EmbedInspectorEntry } from '../runtime/EmbedInspectorEntry.js';
import { createListeners } from '../runtime/createListeners.js';
import { toTimelineEntry } from './toTimelineEntry.js';
import { svcError } from '../protocol/svcError.js';

/** One recorded entry with a number that stays the same while it is kept (a React key, a label). */
export interface TimelineItem {
  readonly id: number;
  /** A bounded, credential-free copy of the entry (see `toTimelineEntry`), never the entry itself. */
  readonly entry: EmbedInspectorEntry;
  /** About how many characters the copy holds. */
  readonly size: number;
  /**
   * A message from another origin or window (the page's own scripts, an extension, a docs site around the embed):
   * dropped as the protocol requires, nothing gone wrong. The panel shows it as a neutral entry.
   */
  readonly foreign: boolean;
}

/** A bounded, subscribable history of inspector entries, oldest first. */
export interface Timeline {
  /** Records a bounded copy of an entry; listeners hear about it once the current burst has settled. */
  push(entry: EmbedInspectorEntry): void;
  /** The kept entries, oldest first; a new array after every change, so it works as a snapshot. */
  getSnapshot(): readonly TimelineItem[];
  /** How many foreign messages (wrong origin or window) were recorded since the start or the last `clear`. */
  getForeignCount(): number;
  /** About how many characters the kept entries hold together. */
  getKeptSize(): number;
  /** Calls `listener` after changes; returns the function that stops it. */
  subscribe(listener: () => void): () => void;
  /** Forgets every entry. */
  clear(): void;
  /** Stops pending notifications. */
  dispose(): void;
}

/** The default number of entries a timeline keeps. */
export const DEFAULT_MAX_ENTRIES = 500;

/** The default bound on what the kept entries hold together, in characters (about 4 MB). */
export const DEFAULT_MAX_SIZE = 4 * 1024 * 1024;

/** How long a burst of entries is gathered before listeners re-render: one render per burst, not per message. */
const NOTIFY_DELAY_MS = 50;

/** `list` without its oldest items while it holds more than `maxEntries` items or `maxSize` characters. */
function trimmed(list: TimelineItem[], size: number, maxEntries: number, maxSize: number): { list: TimelineItem[]; size: number } {
  let first = 0;
  while (first < list.length && (list.length - first > maxEntries || size > maxSize)) size -= (list[first++] as TimelineItem).size;
  return { list: first === 0 ? list : list.slice(first), size };
}

/**
 * Creates a timeline that keeps the latest `maxEntries` entries, and only as many as hold `maxSize`
 * characters together. Each entry is kept as a bounded copy (about 16 KB at most, see `toTimelineEntry`), and a
 * foreign message only as a one-line description, so a flood of large messages cannot grow memory: 100 foreign
 * messages of 4 MB keep a few kilobytes. Entries can arrive by the thousand (a chatty embed); listeners are
 * told at most once per {@link NOTIFY_DELAY_MS}, so a panel re-renders per burst.
 *
 * @throws RangeError when `maxEntries` or `maxSize` is not a positive integer.
 */
export function createTimeline(maxEntries: number = DEFAULT_MAX_ENTRIES, maxSize: number = DEFAULT_MAX_SIZE): Timeline {
  if (!Number.isInteger(maxEntries) || maxEntries < 1) {
    throw svcError(901, `maxEntries: expected a positive integer, got ${String(maxEntries)}`, RangeError);
  }
  if (!Number.isInteger(maxSize) || maxSize < 1) {
    throw svcError(901, `maxSize: expected a positive integer, got ${String(maxSize)}`, RangeError);
  }
  let items: readonly TimelineItem[] = [];
  let itemsSize = 0;
  let pending: TimelineItem[] = [];
  let pendingSize = 0;
  let foreign = 0;
  let nextId = 1;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const changes = createListeners();
  const flush = (): void => {
    timer = undefined;
    if (pending.length === 0) return;
    const merged = trimmed(items.concat(pending), itemsSize + pendingSize, maxEntries, maxSize);
    pending = [];
    pendingSize = 0;
    items = merged.list;
    itemsSize = merged.size;
    changes.emit();
  };

  return {
    push(raw) {
      // The copy is made now, while the message is in hand: nothing here refers to the original afterwards.
      const { entry, size, foreign: isForeign } = toTimelineEntry(raw);
      if (isForeign) foreign++;
      pending.push({ id: nextId++, entry, size, foreign: isForeign });
      pendingSize += size;
      // A burst beyond the bounds would only be cut later: keep the pending buffer bounded too.
      if (pending.length > maxEntries || pendingSize > maxSize) ({ list: pending, size: pendingSize } = trimmed(pending, pendingSize, maxEntries, maxSize));
      timer ??= setTimeout(flush, NOTIFY_DELAY_MS);
    },
    getSnapshot: () => items,
    getForeignCount: () => foreign,
    getKeptSize: () => itemsSize,
    subscribe: changes.add,
    clear() {
      pending = [];
      pendingSize = 0;
      items = [];
      itemsSize = 0;
      foreign = 0;
      changes.emit();
    },
    dispose() {
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
      pending = [];
      pendingSize = 0;
    },
  };
}
