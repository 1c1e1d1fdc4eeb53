import { inspectorOf } from './createEmbedInspector.js';
import { getDefaultEmbedRuntime } from './defaultEmbedRuntime.js';
import type { EmbedInspector } from './EmbedInspectorEntry.js';

/**
 * The inspector of the page's default runtime (the one embeds use without a `runtime` of their own): what
 * developer tools read. An embed given its own runtime reports to that runtime's inspector instead
 * (`inspectorOf(runtime)`). See {@link EmbedInspector}. (The default runtime's own inspector: reading it here
 * makes that runtime, once per page.)
 */
export const embedInspector: EmbedInspector = /* @__PURE__ */ inspectorOf(/* @__PURE__ */ getDefaultEmbedRuntime());
