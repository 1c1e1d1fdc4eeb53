import type { EmbedController, EmbedControllerSnapshot } from './EmbedController.js';
import type { FramePlacement, PlacedEmbed } from './FramePlacement.js';

/** The page-wide lot where kept-alive and preloaded embeds wait, by identity. */
export interface EmbedParkingLot {
  /** Parks an embed under its identity, calling its `park()` (kept alive, shown nowhere). */
  park(key: string, controller: EmbedController): void;
  /** The embed parked under `key`, left where it is. */
  peek(key: string): EmbedController | undefined;
  /** Takes an embed out of the lot without destroying it; whether it was there (another mount may have it). */
  release(controller: EmbedController): boolean;
}

/** What a UI binding asks of keep-alive when it mounts an embed (see {@link EmbedKeepAlive.claim}). */
export interface EmbedClaimRequest {
  /** The embed's identity (`embedIdentity`): the key it waits under while parked. */
  readonly key: string;
  /** Makes a new embed, when none waits under the key. */
  create(): EmbedController;
  /** Who mounts it, for a development message (`<SvcDashboard>`). */
  readonly subject?: string | undefined;
}

/**
 * One mount's hold on a kept-alive embed: the embed it shows, and how it takes it from the lot and gives it back.
 * The binding attaches the controller itself between {@link EmbedClaim.take} and {@link EmbedClaim.park}.
 */
export interface EmbedClaim {
  /** The embed parked under the key (kept alive, or preloaded), else a new one. */
  readonly controller: EmbedController;
  /**
   * What server rendering showed for this embed, which hydration must show too: the new embed's first snapshot,
   * or, for one that waited in the lot (it started after the page was served), nothing started.
   */
  readonly initial: EmbedControllerSnapshot;
  /**
   * Takes the embed out of the lot for this mount, before the binding attaches it. False when another mount
   * took that parked embed first (two mounts of one identity without an `embedId`): this mount then needs an
   * embed of its own, and development says why.
   */
  take(): boolean;
  /** Parks the embed under its key when the mount leaves, in place of detaching it: the next mount shows it. */
  park(): void;
}

/**
 * Keep-alive, as a value: pass `keepAlive` from `svc-embed-react/keep-alive` to an embed's (or the provider's)
 * `keepAlive` prop. It brings the code that parks iframes, moves them without a reload and hands parked embeds
 * to the next mount, so apps that do not keep embeds alive do not ship it.
 */
export interface EmbedKeepAlive {
  /**
   * Where the kept-alive iframe of `embed` lives: moved with `moveBefore`, or in a layer over its host. While it
   * is parked, its runtime's hooks that name no embed leave it out.
   */
  createPlacement(embed: PlacedEmbed): FramePlacement;
  /**
   * The embed a mount of `request.key` shows: the one parked under that key, else `request.create()`'s, with
   * the steps that take it from the lot and park it again (see {@link EmbedClaim}).
   */
  claim(request: EmbedClaimRequest): EmbedClaim;
  /** The lot embeds wait in under their identity (see `embedIdentity`). */
  readonly parking: EmbedParkingLot;
}
