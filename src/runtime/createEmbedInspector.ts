import { createListeners } from './createListeners.js';
import type { EmbedInspector, EmbedInspectorEntry } from './EmbedInspectorEntry.js';

/** Creates an inspector nobody listens to yet (each runtime has one; see `createEmbedRuntime`). */
export function createEmbedInspector(): EmbedInspector {
  const listeners = createListeners<[EmbedInspectorEntry]>();
  return {
    get active() {
      return listeners.size > 0;
    },
    subscribe: listeners.add,
    emit: listeners.emit,
  };
}
