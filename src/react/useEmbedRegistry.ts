import { useSyncExternalStore } from 'react';
import type { EmbedBridge } from '../runtime/createEmbedBridge.js';
import { embedRegistry } from '../runtime/embedRegistry.js';

const EMPTY: ReadonlyMap<string, EmbedBridge> = new Map();
const serverSnapshot = (): ReadonlyMap<string, EmbedBridge> => EMPTY;

/** The connected embeds, re-rendering when one connects or disconnects. Empty during server rendering. */
export function useEmbedRegistry(): ReadonlyMap<string, EmbedBridge> {
  return useSyncExternalStore(embedRegistry.subscribe, embedRegistry.getSnapshot, serverSnapshot);
}
