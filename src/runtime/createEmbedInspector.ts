import { createListeners } from './createListeners.js';
import type { EmbedInspector, EmbedInspectorEntry } from './EmbedInspectorEntry.js';
import type { EmbedRuntime } from './EmbedRuntime.js';

/** Creates an inspector nobody listens to yet (each runtime has one; see {@link inspectorOf}). */
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

/**
 * The inspector of `runtime`, made on first use. Only development code asks for it (behind the package's
 * development check), so a production bundle leaves the inspector out.
 */
export function inspectorOf(runtime: EmbedRuntime): EmbedInspector {
  return runtime.getPart('inspector', createEmbedInspector);
}
