import type { EmbedController } from '../controller/EmbedController.js';
import type { EmbedParkingLot } from '../controller/EmbedKeepAlive.js';
import { getDefaultEmbedRuntime } from '../runtime/defaultEmbedRuntime.js';
import type { EmbedRuntime } from '../runtime/EmbedRuntime.js';
import { svcError } from '../protocol/svcError.js';

/** Bounds of a runtime's parked embeds (kept alive after unmount, or preloaded before mount). */
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

/**
 * A runtime's lot of parked embeds: an embed kept alive when it unmounted, or loaded ahead by `preloadEmbed`,
 * waits here (iframe, bridge, store and session intact) for the next mount with the same identity. Bounded by
 * count (least recently parked first out) and idle time; what leaves is destroyed.
 */
export interface EmbedParking extends EmbedParkingLot {
  /** Sets the bounds; embeds over the new count are destroyed at once. */
  configure(options: KeepAliveOptions): void;
  /**
   * Parks an embed under its identity (`controller.park()`: shown nowhere, kept alive); an embed already
   * parked under it is destroyed. With `start` false the embed only takes its place (the bound applies at
   * once): a preload starts loading later, if it is still here.
   */
  park(key: string, controller: EmbedController, start?: boolean): void;
  /** How many embeds are parked, for tests and leak checks. */
  readonly size: number;
  /** Destroys every parked embed (tests, or an app signing its viewer out). */
  clear(): void;
}

/** The bounds of a new lot. */
const DEFAULT_MAX_PARKED = 3;
const DEFAULT_IDLE_TIMEOUT_MS = 300_000;

/** Creates an empty lot with the default bounds (each runtime has one, made on first use: see {@link parkingOf}). */
export function createEmbedParking(): EmbedParking {
  let maxParked = DEFAULT_MAX_PARKED;
  let idleTimeoutMs = DEFAULT_IDLE_TIMEOUT_MS;
  /** By identity; insertion order is park order, so the first entry is the least recently parked. */
  const parked = new Map<string, Parked>();

  const evict = (key: string): void => {
    const entry = parked.get(key);
    if (!entry) return;
    parked.delete(key);
    clearTimeout(entry.timer);
    entry.controller.destroy();
  };
  const trim = (): void => {
    while (parked.size > maxParked) evict(parked.keys().next().value as string);
  };

  return {
    configure(options) {
      const { maxParked: max = maxParked, idleTimeoutMs: idle = idleTimeoutMs } = options;
      if (!Number.isInteger(max) || max < 0) throw svcError(402, 'keepAlive maxParked must be a whole number, 0 or more');
      if (!(idle >= 0)) throw svcError(402, 'keepAlive idleTimeoutMs must be 0 or more');
      maxParked = max;
      idleTimeoutMs = idle;
      trim();
    },
    park(key, controller, start = true) {
      if (start) controller.park();
      const current = parked.get(key);
      if (current?.controller === controller) return;
      evict(key);
      parked.set(key, { controller, timer: setTimeout(() => evict(key), idleTimeoutMs) });
      trim();
    },
    peek: (key) => parked.get(key)?.controller,
    release(controller) {
      for (const [key, entry] of parked) {
        if (entry.controller !== controller) continue;
        parked.delete(key);
        clearTimeout(entry.timer);
        return true;
      }
      return false;
    },
    get size() {
      return parked.size;
    },
    clear() {
      for (const key of [...parked.keys()]) evict(key);
    },
  };
}

/** The parking lot of `runtime`, made on first use. */
export function parkingOf(runtime: EmbedRuntime): EmbedParking {
  return runtime.getPart('parking', createEmbedParking);
}

/**
 * The parking lot of the page's default runtime (the one embeds use without a `runtime` of their own): its
 * bounds, what waits in it. An app that gives its embeds a runtime configures that runtime's lot with
 * `parkingOf(runtime)`. See {@link EmbedParking}.
 */
export const embedParking: EmbedParking = {
  configure: (options) => parkingOf(getDefaultEmbedRuntime()).configure(options),
  park: (key, controller, start) => parkingOf(getDefaultEmbedRuntime()).park(key, controller, start),
  peek: (key) => parkingOf(getDefaultEmbedRuntime()).peek(key),
  release: (controller) => parkingOf(getDefaultEmbedRuntime()).release(controller),
  get size() {
    return parkingOf(getDefaultEmbedRuntime()).size;
  },
  clear: () => parkingOf(getDefaultEmbedRuntime()).clear(),
};
