import type { EmbedController } from './EmbedController.js';
import type { FramePlacement } from './FramePlacement.js';

/** The page-wide lot where kept-alive and preloaded embeds wait, as the embed components use it. */
export interface EmbedParkingLot {
  /** Parks an embed under its identity, calling its `park()` (kept alive, shown nowhere). */
  park(key: string, controller: EmbedController): void;
  /** The embed parked under `key`, left where it is. */
  peek(key: string): EmbedController | undefined;
  /** Takes an embed out of the lot without destroying it; whether it was there (another mount may have it). */
  release(controller: EmbedController): boolean;
}

/**
 * Keep-alive, as a value: pass `keepAlive` from `svc-embed-react/keep-alive` to an embed's (or the provider's)
 * `keepAlive` prop. It brings the code that parks iframes and moves them without a reload, so apps that do not
 * keep embeds alive do not ship it.
 */
export interface EmbedKeepAlive {
  /** Where a kept-alive iframe lives: moved with `moveBefore`, or in a layer over its host. */
  createPlacement(): FramePlacement;
  /** The page's parking lot, where embeds wait under their identity (see `embedIdentity`). */
  readonly parking: EmbedParkingLot;
}
