import { createStore } from 'zustand/vanilla';
import type { EmbedBridge } from './createEmbedBridge.js';
import { isDevelopment } from './isDevelopment.js';

interface RegistryState {
  readonly embeds: ReadonlyMap<string, EmbedBridge>;
}

const store = createStore<RegistryState>()(() => ({ embeds: new Map() }));

/**
 * Every connected embed on the page, by `embedId`: how hooks anywhere in an app find an embed they did not
 * render. Embeds join when they connect and leave when they disconnect.
 */
export const embedRegistry = {
  /**
   * Adds a connected embed. Two connected embeds cannot share an id.
   *
   * @throws Error naming the id when another embed already uses it.
   */
  register(bridge: EmbedBridge): () => void {
    const current = store.getState().embeds.get(bridge.embedId);
    if (current !== undefined && current !== bridge) {
      throw new Error(
        isDevelopment
          ? `Two embeds use embedId "${bridge.embedId}": give each embed on the page its own embedId.`
          : `duplicate embedId "${bridge.embedId}"`,
      );
    }
    if (current === undefined) {
      const embeds = new Map(store.getState().embeds);
      embeds.set(bridge.embedId, bridge);
      store.setState({ embeds });
    }
    return () => {
      if (store.getState().embeds.get(bridge.embedId) !== bridge) return;
      const embeds = new Map(store.getState().embeds);
      embeds.delete(bridge.embedId);
      store.setState({ embeds });
    };
  },
  /** The connected embed with this id. */
  get(embedId: string): EmbedBridge | undefined {
    return store.getState().embeds.get(embedId);
  },
  /** All connected embeds, by id (a new map after every change: usable as a snapshot). */
  getSnapshot(): ReadonlyMap<string, EmbedBridge> {
    return store.getState().embeds;
  },
  /** Calls `listener` after every change; returns the unsubscribe function. */
  subscribe(listener: () => void): () => void {
    return store.subscribe(listener);
  },
} as const;
