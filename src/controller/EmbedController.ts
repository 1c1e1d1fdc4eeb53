import type { EmbedBridge } from '../runtime/createEmbedBridge.js';
import type { ErrorPayload } from '../protocol/eventPayloads.js';
import type { EmbedUpdatableOptions } from './EmbedUpdatableOptions.js';

/**
 * Where an embed is in its lifecycle:
 * - `idle`: created, not attached to a page element yet (also during server rendering);
 * - `session`: waiting for `getSession` (at most `sessionTimeoutMs`);
 * - `loading`: the iframe is loading its address (a signed load's first `ready` is awaited at most
 *   `readyTimeoutMs`);
 * - `ready`: the embed sent `ready` for the current load;
 * - `renewing`: a new session is being fetched and handed to the embed (in place, the embed stays shown) or
 *   loaded (the embed is hidden until the new load is ready);
 * - `error`: the embed failed (a bad prop or option, a fatal error, a failed or timed-out `getSession`, no `ready` in time, too many
 *   renewals, an identity that makes no address); `retry()` starts again;
 * - `destroyed`: torn down; nothing will happen any more.
 *
 * Which phase may follow which (every phase may go to `destroyed`; the model-based test checks every change):
 * - `idle` -> `session` (a signed embed attached or parked), `loading` (an unused `session`, private mode),
 *   `error` (a bad option or prop);
 * - `session` -> `loading` (the session came), `error` (getSession failed or took too long), `ready` (the
 *   document still there said `ready` after all, while a retry waits for its session: shown until replaced);
 * - `loading` -> `ready` (`ready`), `renewing` (a session failure or expiry before `ready`), `session` (a new
 *   session is needed), `error` (no `ready` in time, a fatal error);
 * - `ready` -> `renewing` (an expiry announced or passed, a session failure), `loading` (the app's new session
 *   loaded: the document could not take it in place), `session` (a handover went unanswered), `error`;
 * - `renewing` -> `ready` (the handed session was taken), `loading` (a renewal by reload, a refused handover),
 *   `session` (a handover went unanswered), `error` (the renewal failed, or a fourth within a minute);
 * - `error` -> `session` or `loading` (`retry()`, a corrected prop, a new `session`, the tab or the network
 *   back after a `getSession` failure), `ready` (the embed recovered by itself: a late `ready`).
 */
export type EmbedPhase = 'idle' | 'session' | 'loading' | 'ready' | 'renewing' | 'error' | 'destroyed';

/** What a UI binding renders from: replaced (never mutated) on every change. */
export interface EmbedControllerSnapshot {
  readonly phase: EmbedPhase;
  /** Whether the iframe is shown. Until then a loading placeholder stands in (see `reveal`). */
  readonly visible: boolean;
  /** Why the embed failed, in the shape of an `svc:event:error` payload (`phase` is `error`). */
  readonly error: ErrorPayload | null;
  /** How many addresses were loaded into an iframe (renewals by reload and retries add one each). */
  readonly loads: number;
  /** How many times the session was renewed, in place or by reloading. */
  readonly renewals: number;
  /** Whether the embed is parked: alive (iframe, session, state) but shown nowhere. */
  readonly parked: boolean;
}

/** One embed's lifecycle: address, session, bridge, controlled-value sync, reveal, renewal. */
export interface EmbedController {
  /** The message bridge (events, actions, store). It keeps its identity across renewals. */
  readonly bridge: EmbedBridge;
  /** The iframe of the current load (null before the first address is known). */
  readonly iframe: HTMLIFrameElement | null;
  getSnapshot(): EmbedControllerSnapshot;
  /** Calls `listener` after every snapshot change; returns the unsubscribe function. */
  subscribe(listener: () => void): () => void;
  /**
   * Puts the embed into `host` (an element the UI owns) and starts its first load. Returns the function that
   * detaches it; a detached controller is destroyed a microtask later unless attached again first (React's
   * StrictMode detaches and attaches in one go: that keeps the load and the session).
   */
  attach(host: HTMLElement): () => void;
  /**
   * Takes the latest live options (after each render): sends only the controlled values that changed. A new
   * `session` is a credential, not a new embed: a live embed is offered it in place (`svc:action:set-session`);
   * an embed that refuses it (another viewer's session) is loaded with it, one that does not answer in time
   * with a new session from `getSession` when there is one (it may have taken this one).
   */
  update(live: EmbedUpdatableOptions): void;
  /**
   * Keeps the embed alive while shown nowhere: the iframe (and its document, session and in-embed state) goes
   * to a hidden parking area, the bridge keeps delivering events to the store and app-wide listeners, and the
   * next `attach` shows it again without a reload. A controller never attached starts loading there (preload).
   * Needs `keepAlive`.
   */
  park(): void;
  /**
   * Puts the embed in its failed state with `error`, a coded error its UI binding found (a bad prop): shown by
   * the error fallback and reported to `onFailure` like any failure, never thrown. Failed with the same text
   * already, the embed stays as it is (reported once). The next `update` (or `retry()`) starts it again.
   */
  fail(error: Error): void;
  /**
   * After an error: starts again with a new load, once the latest controlled values are all taken. In signed mode that is a new session from `getSession`;
   * without `getSession`, only a `session` never loaded on this page.
   */
  retry(): void;
  /** Tears everything down: aborts `getSession`, removes the iframe, disconnects the bridge. */
  destroy(): void;
}

/** The snapshot of an embed nobody has attached yet: the first snapshot, and the one server rendering sees. */
export const IDLE_SNAPSHOT: EmbedControllerSnapshot = { phase: 'idle', visible: false, error: null, loads: 0, renewals: 0, parked: false };
