import type { EmbedRegistry } from './createEmbedRegistry.js';
import { getDefaultEmbedRuntime } from './defaultEmbedRuntime.js';

/**
 * Every connected embed of the page's default runtime (the one embeds use without a `runtime` of their own),
 * by `embedId`: how hooks anywhere in an app find an embed they did not render. Embeds join when they connect
 * and leave when they disconnect. An embed given its own runtime is in that runtime's `registry` instead.
 * (The default runtime's own registry object: reading it here makes that runtime, once per page.)
 */
export const embedRegistry: EmbedRegistry = /* @__PURE__ */ getDefaultEmbedRuntime().registry;
