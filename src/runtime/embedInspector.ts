import type { EmbedInspector } from './EmbedInspectorEntry.js';
import { getDefaultEmbedRuntime } from './defaultEmbedRuntime.js';

/**
 * The inspector of the page's default runtime (the one embeds use without a `runtime` of their own): what
 * developer tools read. An embed given its own runtime reports to that runtime's `inspector` instead. See
 * {@link EmbedInspector}.
 */
export const embedInspector: EmbedInspector = {
  get active() {
    return getDefaultEmbedRuntime().inspector.active;
  },
  subscribe: (listener) => getDefaultEmbedRuntime().inspector.subscribe(listener),
  emit: (entry) => getDefaultEmbedRuntime().inspector.emit(entry),
};
