import type { EmbedInspectorEntry } from '../runtime/EmbedInspectorEntry.js';
import { redactShownText } from '../credentials/redactShownText.js';
import { formatSize } from '../credentials/formatSize.js';
import { previewValue } from '../credentials/previewValue.js';

/** What the timeline keeps of an entry: a bounded, credential-free copy, its size, and whether it was foreign. */
export interface TimelineEntry {
  /** The entry's copy: the same shape, strings cut and summarised past about 16 KB, credentials removed. */
  readonly entry: EmbedInspectorEntry;
  /** About how many characters the copy holds. */
  readonly size: number;
  /** Whether it reports a message from another origin or window, whose data is not kept at all. */
  readonly foreign: boolean;
}

/** Drops of messages that were never the embed's: anyone on the page may post them, at any size. */
const FOREIGN_REASONS: ReadonlySet<string> = /* @__PURE__ */ new Set(['wrong-origin', 'wrong-source-window']);

/** The longest message type quoted from a foreign message's data. */
const MAX_FOREIGN_TYPE = 80;

/**
 * What is said of a foreign message's data instead of keeping it: its kind and size, and its `type` when it
 * has a short one (which page feature posted it), e.g. `[object with 6 keys, type "x:ping"; foreign, not kept]`.
 */
function describeForeign(data: unknown): string {
  let what: string;
  if (typeof data === 'string') what = `${formatSize(data.length)} string`;
  else if (Array.isArray(data)) what = `array of ${data.length} items`;
  else if (typeof data === 'object' && data !== null) {
    const type = (data as { type?: unknown }).type;
    const named = typeof type === 'string' && type.length <= MAX_FOREIGN_TYPE ? `, type ${JSON.stringify(redactShownText(type))}` : '';
    what = `object with ${Object.keys(data).length} keys${named}`;
  } else what = data === null ? 'null' : typeof data;
  return `[${what}; foreign, not kept]`;
}

/**
 * Turns an inspector entry into what the timeline keeps: a copy made by `previewValue` (about 16 KB at most,
 * credentials removed), so the panel never holds a large message alive. A foreign message (dropped for its
 * origin or window) keeps only a one-line description of its data: counted, not stored.
 */
export function toTimelineEntry(entry: EmbedInspectorEntry): TimelineEntry {
  const foreign = entry.kind === 'dropped' && FOREIGN_REASONS.has(entry.report.reason);
  const source = foreign ? { ...entry, report: { ...entry.report, data: describeForeign(entry.report.data) } } : entry;
  const { value, size } = previewValue(source);
  return { entry: value as EmbedInspectorEntry, size, foreign };
}
