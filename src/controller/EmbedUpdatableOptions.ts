import type { EmbedDebugHook } from '../protocol/EmbedDebugReport.js';
import type { ControlledValues } from './createControlledSync.js';
import type { GetSession } from './SessionRequest.js';
import type { SvcErrorPayload } from './SvcErrorPayload.js';

/**
 * What may change while an embed lives (what `controller.update` takes): read at the moment it is needed, so
 * the latest value always counts. Part of the one options model (see `EmbedOptions`), beside
 * `EmbedLoadOptions`, which are read once, when the embed loads.
 */
export interface EmbedUpdatableOptions extends ControlledValues {
  /**
   * An embed session id minted by your backend: signed mode. A credential, not identity: the first load uses
   * it if this page has not loaded it yet (sessions are single-use); a new one for a live embed is offered in
   * place, or kept for the next load that needs a session.
   */
  readonly session?: string | undefined;
  /**
   * Acquires a new session for every load or renewal that needs one (first load, remount, renewal, retry):
   * signed mode. Its request carries an `AbortSignal` that fires when the embed is torn down. With neither
   * `session` nor `getSession`, the embed runs in private mode (the viewer signs in inside it).
   * @default the surrounding `<SvcProvider>`'s `getSession`
   */
  readonly getSession?: GetSession | undefined;
  /**
   * Receives everything the embed drops, with the reason.
   * @default the surrounding `<SvcProvider>`'s `onDebug`
   */
  readonly onDebug?: EmbedDebugHook | undefined;
  /**
   * Receives every failure the app should hear of, coded: the library's own (a rejected `getSession`, a reused
   * session, a bad option) and the errors the embed reported that the library did not absorb (`SVC310`, with the
   * embed's `name` and message kept; a non-fatal one leaves the embed as it is). Not what the library handles:
   * an expiry or a failed session it renews, an action refused while the token was expired.
   */
  readonly onFailure?: ((error: SvcErrorPayload) => void) | undefined;
  /** The iframe's accessible title. @default a description of the surface */
  readonly title?: string | undefined;
}

/** @deprecated Renamed {@link EmbedUpdatableOptions}: it read one letter away from `EmbedLoadOptions`. */
export type EmbedLiveOptions = EmbedUpdatableOptions;
