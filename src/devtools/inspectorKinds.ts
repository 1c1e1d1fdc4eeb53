import type { EmbedInspectorEntry } from '../runtime/EmbedInspectorEntry.js';

/** A kind of timeline entry, as the inspector tap reports it. */
export type InspectorKind = EmbedInspectorEntry['kind'];

/** Every entry kind, in the order the panel offers them as filters. */
export const INSPECTOR_KINDS: readonly InspectorKind[] = [
  'event',
  'action-sent',
  'action-queued',
  'action-flushed',
  'dropped',
  'lifecycle',
];
