import type { EmbedInspectorEntry } from '../protocol/embedInspector.js';
import { redactText } from './redactCredentials.js';

/** What one timeline row says: a headline (message type, drop reason or phase) and a detail line. */
export interface EntryDescription {
  readonly title: string;
  readonly detail: string;
}

const compact = (value: unknown): string => {
  try {
    const text = JSON.stringify(value) ?? '';
    return text.length > 160 ? `${text.slice(0, 157)}...` : text;
  } catch {
    return String(value);
  }
};

/** The row text for an entry; credential query parameters never appear in it. */
export function describeEntry(entry: EmbedInspectorEntry): EntryDescription {
  switch (entry.kind) {
    case 'event':
    case 'action-sent':
    case 'action-queued':
    case 'action-flushed':
      return { title: entry.message.type, detail: redactText(compact(entry.message.payload)) };
    case 'dropped':
      return {
        title: entry.report.type === undefined ? entry.report.reason : `${entry.report.reason}: ${entry.report.type}`,
        detail: redactText(entry.report.origin === undefined ? entry.report.detail : `${entry.report.detail} (from ${entry.report.origin})`),
      };
    case 'lifecycle':
      return { title: entry.phase, detail: redactText(entry.detail ?? '') };
  }
}
