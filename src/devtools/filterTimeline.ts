import type { TimelineItem } from './createTimeline.js';
import { describeEntry } from './describeEntry.js';
import type { InspectorKind } from './inspectorKinds.js';
import { toDisplayJson } from './toDisplayJson.js';

/** What the panel shows: one embed or all, some kinds, entries containing a text. */
export interface TimelineFilter {
  /** Only this embed's entries; `undefined` for every embed. */
  readonly embedId?: string | undefined;
  /** Only these kinds; `undefined` for every kind. */
  readonly kinds?: ReadonlySet<InspectorKind> | undefined;
  /** Only entries whose row text or JSON contains this, ignoring case; blank for all. */
  readonly text?: string | undefined;
}

/** The searchable text of an item, computed once per item (items never change). */
const searchableText = new WeakMap<TimelineItem, string>();

function textOf(item: TimelineItem): string {
  let text = searchableText.get(item);
  if (text === undefined) {
    const { title, detail } = describeEntry(item.entry);
    text = `${item.entry.kind}\n${item.entry.embedId}\n${title}\n${detail}\n${toDisplayJson(item.entry)}`.toLowerCase();
    searchableText.set(item, text);
  }
  return text;
}

/** The items that pass every part of the filter, in their original order. */
export function filterTimeline(items: readonly TimelineItem[], filter: TimelineFilter): TimelineItem[] {
  const needle = filter.text?.trim().toLowerCase() ?? '';
  return items.filter(
    (item) =>
      (filter.embedId === undefined || item.entry.embedId === filter.embedId) &&
      (filter.kinds === undefined || filter.kinds.has(item.entry.kind)) &&
      (needle === '' || textOf(item).includes(needle)),
  );
}
