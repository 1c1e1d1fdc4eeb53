import { useSyncExternalStore } from 'react';
import type { EmbedBridge } from '../runtime/createEmbedBridge.js';
import type { EmbedStatus } from '../runtime/createEmbedStore.js';

/** One embed's current status, from its store. */
export function useEmbedStatus(bridge: EmbedBridge): EmbedStatus {
  const read = (): EmbedStatus => bridge.store.getState().status;
  return useSyncExternalStore(bridge.store.subscribe, read, read);
}
