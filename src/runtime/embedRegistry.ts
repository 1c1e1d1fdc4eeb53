import type { EmbedBridge } from './EmbedBridge.js';
import type { EmbedRegistry } from './createEmbedRegistry.js';
import { getDefaultEmbedRuntime } from './defaultEmbedRuntime.js';

/**
 * Adds a connected embed to the default runtime's registry (see {@link EmbedRegistry.register}).
 *
 * @throws Error naming the id when another embed already uses it (`SVC204`).
 */
export function registerEmbed(bridge: EmbedBridge): () => void {
  return getDefaultEmbedRuntime().registry.register(bridge);
}

/** Marks an embed of the default runtime parked or shown (see {@link EmbedRegistry.setParked}). */
export function setEmbedParked(embedId: string, isParked: boolean): void {
  getDefaultEmbedRuntime().registry.setParked(embedId, isParked);
}

/**
 * Every connected embed of the page's default runtime (the one embeds use without a `runtime` of their own),
 * by `embedId`: how hooks anywhere in an app find an embed they did not render. Embeds join when they connect
 * and leave when they disconnect. An embed given its own runtime is in that runtime's `registry` instead.
 */
export const embedRegistry: EmbedRegistry = {
  register: registerEmbed,
  setParked: setEmbedParked,
  shown: (embeds) => getDefaultEmbedRuntime().registry.shown(embeds),
  get: (embedId) => getDefaultEmbedRuntime().registry.get(embedId),
  getSnapshot: () => getDefaultEmbedRuntime().registry.getSnapshot(),
  subscribe: (listener) => getDefaultEmbedRuntime().registry.subscribe(listener),
};
