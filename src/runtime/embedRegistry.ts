import type { EmbedBridge } from './EmbedBridge.js';
import { isDevelopment } from '../protocol/isDevelopment.js';
import { svcError } from '../protocol/svcError.js';

/** The connected embeds; replaced, never mutated, so it doubles as an immutable snapshot. */
let embeds: ReadonlyMap<string, EmbedBridge> = new Map();
/** The ids of connected embeds that are parked (kept alive, shown nowhere). */
const parked = new Set<string>();
const listeners = new Set<() => void>();

function update(change: (next: Map<string, EmbedBridge>) => void): void {
  const next = new Map(embeds);
  change(next);
  embeds = next;
  for (const listener of [...listeners]) listener();
}

/**
 * Adds a connected embed. Two connected embeds cannot share an id. The same function as
 * {@link embedRegistry}'s `register`, exported on its own so that a bundle which only registers (an embed
 * component) leaves the registry's reading side out.
 *
 * @throws Error naming the id when another embed already uses it (`SVC204`).
 */
export function registerEmbed(bridge: EmbedBridge): () => void {
  const { embedId } = bridge;
  const current = embeds.get(embedId);
  if (current && current !== bridge) {
    throw svcError(
      204,
      isDevelopment
        ? `Two embeds use embedId "${embedId}": give each embed on the page its own embedId.`
        : `embedId "${embedId}"`,
      Error,
    );
  }
  if (current === undefined) update((next) => next.set(embedId, bridge));
  return () => {
    if (embeds.get(embedId) !== bridge) return;
    parked.delete(embedId);
    update((next) => next.delete(embedId));
  };
}

/**
 * Marks a connected embed parked or shown. A parked embed still hears its messages (app-wide listeners do
 * too), but a hook or action without an `embedId` never means it. A change is a new snapshot. The same
 * function as {@link embedRegistry}'s `setParked`, exported on its own like {@link registerEmbed}.
 */
export function setEmbedParked(embedId: string, isParked: boolean): void {
  if (parked.has(embedId) === isParked) return;
  if (isParked) parked.add(embedId);
  else parked.delete(embedId);
  update(() => {});
}

/**
 * Every connected embed on the page, by `embedId`: how hooks anywhere in an app find an embed they did not
 * render. Embeds join when they connect and leave when they disconnect.
 */
export const embedRegistry = {
  /** See {@link registerEmbed}. */
  register: registerEmbed,
  /** See {@link setEmbedParked}. */
  setParked: setEmbedParked,
  /** The connected embeds a hook or action without an `embedId` may mean: those not parked. */
  shown(embeds: ReadonlyMap<string, EmbedBridge>): EmbedBridge[] {
    return [...embeds.values()].filter((bridge) => !parked.has(bridge.embedId));
  },
  /** The connected embed with this id. */
  get(embedId: string): EmbedBridge | undefined {
    return embeds.get(embedId);
  },
  /** All connected embeds, by id (a new map after every change: usable as a snapshot). */
  getSnapshot(): ReadonlyMap<string, EmbedBridge> {
    return embeds;
  },
  /** Calls `listener` after every change; returns the unsubscribe function. */
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
} as const;
