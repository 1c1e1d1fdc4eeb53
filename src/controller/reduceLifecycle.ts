import type { EmbedState } from '../runtime/createEmbedStore.js';
import type { EmbedControllerSnapshot } from './EmbedController.js';
import type { SessionRequestReason } from './SessionRequest.js';
import type { SvcErrorPayload } from './SvcErrorPayload.js';

/**
 * What happened to an embed, as its lifecycle hears it. The controller and its renewal policy decide what to do
 * about an event (a `ready`, a `session-expiring`, a timer, an app's call) and dispatch the step they took; {@link reduceLifecycle} alone turns it into the next state.
 */
export type LifecycleAction =
  /** A new load needs a session and waits for `getSession`. */
  | { readonly type: 'request'; readonly reason: SessionRequestReason }
  /**
   * An address went into a new iframe; `showNow`: without waiting for `ready` (`reveal: 'immediate'`); `signed`:
   * with a session.
   */
  | { readonly type: 'load'; readonly showNow: boolean; readonly signed: boolean }
  /** The iframe is shown (the reveal rule's moment came, or the embed's own error page is worth seeing). */
  | { readonly type: 'reveal' }
  /** The current document sent `ready`. */
  | { readonly type: 'ready' }
  /** A renewal started: `inPlace`, the document stays and will be handed a session; else it is reloaded. */
  | { readonly type: 'renew'; readonly inPlace: boolean }
  /**
   * The embed failed with a coded error; `fromEmbed`: the embed's own fatal error, whose page is shown (the
   * state store keeps what the embed said).
   */
  | { readonly type: 'fail'; readonly error: SvcErrorPayload; readonly fromEmbed?: boolean | undefined }
  /** Kept alive in the parking area, shown nowhere. */
  | { readonly type: 'park' }
  /** Attached to a page element again (or for the first time). */
  | { readonly type: 'show' }
  /** Torn down: nothing happens any more. */
  | { readonly type: 'destroy' };

/**
 * The embed lifecycle's transition function: what `action` changes in `state` (undefined: nothing; the rest of
 * the state stays as it is). Pure; the effects of a step (an iframe, a timer, a message) are the controller's,
 * whose `dispatch` is the one place that publishes a step: this change to the snapshot a UI renders, and
 * {@link statusAfter} to the embed's state store.
 *
 * The states are the phases of {@link EmbedControllerSnapshot}; `parked` and `visible` are flags beside them.
 *
 * | from                       | action    | to         | also                                               |
 * | -------------------------- | --------- | ---------- | -------------------------------------------------- |
 * | idle, error, any live      | `request` | `session`  | hidden, error cleared                               |
 * | idle, session, error, live | `load`    | `loading`  | `loads` + 1, shown only with `reveal: 'immediate'`  |
 * | loading, ready, renewing   | `reveal`  | (same)     | `visible`                                           |
 * | any other live             | `ready`   | `ready`    | error cleared                                       |
 * | ready, loading, renewing   | `renew`   | `renewing` | `renewals` + 1; hidden unless in place              |
 * | any live                   | `fail`    | `error`    | the coded error; shown when it is the embed's page |
 * | any live                   | `park`    | (same)     | `parked`                                            |
 * | any live                   | `show`    | (same)     | not `parked`                                        |
 * | any                        | `destroy` | `destroyed`| hidden                                              |
 * | destroyed                  | any       | destroyed  | nothing: a late answer or timer changes nothing     |
 *
 * ("live": every phase but `destroyed`.) What leads to each action is written beside its dispatch, and the
 * whole lifecycle, events included, on the Sessions and renewal page.
 */
export function reduceLifecycle(state: EmbedControllerSnapshot, action: LifecycleAction): Partial<EmbedControllerSnapshot> | undefined {
  if (state.phase === 'destroyed') return undefined;
  switch (action.type) {
    case 'request':
      return { phase: 'session', visible: false, error: null };
    case 'load':
      return { phase: 'loading', loads: state.loads + 1, visible: action.showNow, error: null };
    case 'reveal':
      return state.visible ? undefined : { visible: true };
    case 'ready':
      return state.phase === 'ready' ? undefined : { phase: 'ready', error: null };
    case 'renew':
      return { phase: 'renewing', renewals: state.renewals + 1, visible: action.inPlace && state.visible };
    case 'fail':
      return { phase: 'error', error: action.error, visible: action.fromEmbed === true || state.visible };
    case 'park':
      return state.parked ? undefined : { parked: true };
    case 'show':
      return state.parked ? { parked: false } : undefined;
    case 'destroy':
      return { phase: 'destroyed', visible: false };
  }
}

/**
 * What the embed's state store (`bridge.store`) says after `action` taken in `state`: its `status` and
 * `lastError`, or undefined when the step does not concern them. The store hears the embed's own messages from
 * the bridge; from the lifecycle it hears what only the host knows: a failure of the host's making, a reload, a
 * new start out of a failure.
 */
export function statusAfter(state: EmbedControllerSnapshot, action: LifecycleAction): Partial<Pick<EmbedState, 'status' | 'lastError'>> | undefined {
  switch (action.type) {
    case 'fail':
      // The embed's own failure is in the store already, as the embed said it (the bridge wrote it).
      return action.fromEmbed ? undefined : { status: 'error', lastError: action.error };
    case 'renew':
      // In place the document stays ready; a reload starts a new one.
      return action.inPlace ? undefined : { status: 'loading' };
    case 'request':
    case 'load':
      // Out of a failure (a retry, a corrected prop, a new session): the failure is over.
      return state.phase === 'error' ? { status: 'loading', lastError: null } : undefined;
  }
  return undefined;
}
