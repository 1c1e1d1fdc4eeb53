import { useSyncExternalStore } from 'react';
import type { EmbedBridge } from '../runtime/createEmbedBridge.js';
import type { EmbedRegistry } from '../runtime/createEmbedRegistry.js';

const EMPTY: ReadonlyMap<string, EmbedBridge> = new Map();
const serverSnapshot = (): ReadonlyMap<string, EmbedBridge> => EMPTY;

/** The connected embeds of `registry`, re-rendering when one connects or disconnects. Empty during server rendering. */
export function useEmbedRegistry(registry: EmbedRegistry): ReadonlyMap<string, EmbedBridge> {
  return useSyncExternalStore(registry.subscribe, registry.getSnapshot, serverSnapshot);
}
