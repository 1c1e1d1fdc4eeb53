import type { EmbedController } from '../controller/EmbedController.js';
import { svcError } from '../protocol/svcError.js';

/** Bounds of the page's parked embeds (kept alive after unmount, or preloaded before mount). */
export interface KeepAliveOptions {
  /** How many embeds may be parked at once; the least recently parked is destroyed first. @default 3 */
  readonly maxParked?: number | undefined;
  /** How long an embed may stay parked before it is destroyed, in milliseconds. @default 300000 (5 minutes) */
  readonly idleTimeoutMs?: number | undefined;
}

interface Parked {
  readonly controller: EmbedController;
  readonly timer: ReturnType<typeof setTimeout>;
}

let maxParked = 3;
let idleTimeoutMs = 300_000;
/** By identity; insertion order is park order, so the first entry is the least recently parked. */
const parked = new Map<string, Parked>();

const evict = (key: string): void => {
  const entry = parked.get(key);
  if (!entry) return;
  parked.delete(key);
  clearTimeout(entry.timer);
  entry.controller.destroy();
};

/**
 * The page-wide lot of parked embeds: an embed kept alive when it unmounted, or loaded ahead by
 * `preloadEmbed`, waits here (iframe, bridge, store and session intact) for the next mount with the same
 * identity. Bounded by count (least recently parked first out) and idle time; what leaves is destroyed.
 */
export const embedParking = {
  /** Sets the bounds; embeds over the new count are destroyed at once. */
  configure(options: KeepAliveOptions): void {
    const { maxParked: max = maxParked, idleTimeoutMs: idle = idleTimeoutMs } = options;
    if (!Number.isInteger(max) || max < 0) throw svcError(402, 'keepAlive maxParked must be a whole number, 0 or more');
    if (!(idle >= 0)) throw svcError(402, 'keepAlive idleTimeoutMs must be 0 or more');
    maxParked = max;
    idleTimeoutMs = idle;
    while (parked.size > maxParked) evict(parked.keys().next().value as string);
  },
  /**
   * Parks an embed under its identity (`controller.park()`: shown nowhere, kept alive); an embed already
   * parked under it is destroyed. With `start` false the embed only takes its place (the bound applies at
   * once): a preload starts loading later, if it is still here.
   */
  park(key: string, controller: EmbedController, start = true): void {
    if (start) controller.park();
    const current = parked.get(key);
    if (current?.controller === controller) return;
    evict(key);
    parked.set(key, { controller, timer: setTimeout(() => evict(key), idleTimeoutMs) });
    while (parked.size > maxParked) evict(parked.keys().next().value as string);
  },
  /** The embed parked under `key`, left where it is (for a render, which may be thrown away). */
  peek(key: string): EmbedController | undefined {
    return parked.get(key)?.controller;
  },
  /**
   * Takes an embed out of the lot without destroying it (a mount claims it, or keep-alive was turned off);
   * whether it was in the lot.
   */
  release(controller: EmbedController): boolean {
    for (const [key, entry] of parked) {
      if (entry.controller !== controller) continue;
      parked.delete(key);
      clearTimeout(entry.timer);
      return true;
    }
    return false;
  },
  /** How many embeds are parked, for tests and leak checks. */
  get size(): number {
    return parked.size;
  },
  /** Destroys every parked embed (tests, or an app signing its viewer out). */
  clear(): void {
    for (const key of [...parked.keys()]) evict(key);
  },
} as const;
