import { useSyncExternalStore } from 'react';
import type { EmbedBridge } from '../runtime/createEmbedBridge.js';
import { embedRegistry } from '../runtime/embedRegistry.js';

const NO_EMBEDS: ReadonlyMap<string, EmbedBridge> = new Map();
const serverSnapshot = (): ReadonlyMap<string, EmbedBridge> => NO_EMBEDS;

/** Every connected embed on the page, re-rendering as embeds connect and disconnect. */
export function useConnectedEmbeds(): ReadonlyMap<string, EmbedBridge> {
  return useSyncExternalStore(embedRegistry.subscribe, embedRegistry.getSnapshot, serverSnapshot);
}
