import { redactShownText } from '../credentials/redactShownText.js';
import type { EmbedInspectorEntry } from '../runtime/EmbedInspectorEntry.js';
import { previewString } from '../credentials/previewValue.js';

/** What one timeline row says: a headline (message type, drop reason or phase) and a detail line. */
export interface EntryDescription {
  readonly title: string;
  readonly detail: string;
}

/** The longest detail line; the JSON view has the rest. */
const DETAIL_LENGTH = 160;

/** One line: redacted, then cut so that a cut never shows part of a secret (see `previewString`). */
const line = (text: string): string => previewString(text, DETAIL_LENGTH);

const compact = (value: unknown): string => {
  try {
    return JSON.stringify(value) ?? '';
  } catch {
    return String(value);
  }
};

/**
 * The row text for an entry, credentials removed (`redactShownText`). Timeline entries are already
 * credential-free copies; the text is redacted again so a secret the page remembered since is hidden too.
 */
export function describeEntry(entry: EmbedInspectorEntry): EntryDescription {
  switch (entry.kind) {
    case 'event':
    case 'action-sent':
    case 'action-queued':
    case 'action-flushed':
      return { title: redactShownText(String(entry.message.type)), detail: line(compact(entry.message.payload)) };
    case 'dropped':
      return {
        title: redactShownText(entry.report.type === undefined ? entry.report.reason : `${entry.report.reason}: ${entry.report.type}`),
        detail: line(entry.report.origin === undefined ? entry.report.detail : `${entry.report.detail} (from ${entry.report.origin})`),
      };
    case 'lifecycle':
      return { title: redactShownText(entry.phase), detail: line(entry.detail ?? '') };
  }
}
