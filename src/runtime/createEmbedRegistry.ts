import { isDevelopment } from '../protocol/isDevelopment.js';
import { svcError } from '../protocol/svcError.js';
import { createListeners } from './createListeners.js';
import type { EmbedBridge } from './EmbedBridge.js';

/**
 * The connected embeds of one runtime, by `embedId`: how hooks anywhere in an app find an embed they did not
 * render. Embeds join when they connect and leave when they disconnect.
 */
export interface EmbedRegistry {
  /**
   * Adds a connected embed; returns the function that removes it. Two connected embeds cannot share an id.
   *
   * @throws Error naming the id when another embed already uses it (`SVC204`).
   */
  register(bridge: EmbedBridge): () => void;
  /**
   * Publishes a new snapshot of the same embeds: something about one of them changed that hooks read beside
   * the registry (keep-alive parked it or showed it again; see `setEmbedParked`).
   */
  changed(): void;
  /** The connected embed with this id. */
  get(embedId: string): EmbedBridge | undefined;
  /** All connected embeds, by id (a new map after every change: usable as a snapshot). */
  getSnapshot(): ReadonlyMap<string, EmbedBridge>;
  /** Calls `listener` after every change; returns the unsubscribe function. */
  subscribe(listener: () => void): () => void;
}

/**
 * Creates an empty registry (each runtime has one; see `createEmbedRuntime`).
 *
 * @example
 * const registry = createEmbedRegistry();
 * const unregister = registry.register(bridge);
 * registry.get(bridge.embedId); // bridge
 */
export function createEmbedRegistry(): EmbedRegistry {
  /** The connected embeds; replaced, never mutated, so it doubles as an immutable snapshot. */
  let embeds: ReadonlyMap<string, EmbedBridge> = new Map();
  const changes = createListeners();

  const update = (change: (next: Map<string, EmbedBridge>) => void): void => {
    const next = new Map(embeds);
    change(next);
    embeds = next;
    changes.emit();
  };

  return {
    register(bridge) {
      const { embedId } = bridge;
      const current = embeds.get(embedId);
      if (current && current !== bridge) {
        throw svcError(
          204,
          isDevelopment ? `Two embeds use embedId "${embedId}": give each embed on the page its own embedId.` : `embedId "${embedId}"`,
          Error,
        );
      }
      if (current === undefined) update((next) => next.set(embedId, bridge));
      return () => {
        if (embeds.get(embedId) === bridge) update((next) => next.delete(embedId));
      };
    },
    changed: () => update(() => {}),
    get: (embedId) => embeds.get(embedId),
    getSnapshot: () => embeds,
    subscribe: changes.add,
  };
}
