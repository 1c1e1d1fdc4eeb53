import { useSyncExternalStore } from 'react';
import type { EmbedBridge } from '../runtime/createEmbedBridge.js';
import { useEmbedRuntime } from '../reactBase/useEmbedRuntime.js';

const NO_EMBEDS: ReadonlyMap<string, EmbedBridge> = new Map();
const serverSnapshot = (): ReadonlyMap<string, EmbedBridge> => NO_EMBEDS;

/** Every connected embed of the surrounding provider's runtime (else the page's default one), re-rendering as embeds connect and disconnect. */
export function useConnectedEmbeds(): ReadonlyMap<string, EmbedBridge> {
  const { registry } = useEmbedRuntime();
  return useSyncExternalStore(registry.subscribe, registry.getSnapshot, serverSnapshot);
}
