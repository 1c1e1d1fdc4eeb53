import { createStore } from 'zustand/vanilla';
import { isDevelopment } from '../protocol/isDevelopment.js';
import type { EmbedBridge } from '../runtime/createEmbedBridge.js';
import type { EmbedRuntime } from '../runtime/EmbedRuntime.js';
import { type EmbedControllerSnapshot, IDLE_SNAPSHOT } from './EmbedController.js';
import { type LifecycleAction, reduceLifecycle } from './reduceLifecycle.js';
import { traceLifecycle } from './traceLifecycle.js';

/** One embed's lifecycle state, changed only by dispatching what happened (see {@link reduceLifecycle}). */
export interface Lifecycle {
  /** The current state: the snapshot a UI renders. */
  readonly state: () => EmbedControllerSnapshot;
  /** Calls `listener` after every change of the state; returns the unsubscribe function. */
  readonly subscribe: (listener: () => void) => () => void;
  /** Takes a step: the next state, published to the UI and to the embed's state store. */
  readonly dispatch: (action: LifecycleAction) => void;
}

/** What the state store says of the lifecycle: its `status` and `lastError`, derived from the step taken. */
const storeChangeOf = (from: EmbedControllerSnapshot, action: LifecycleAction) => {
  switch (action.type) {
    case 'fail':
      // The embed's own failure is in the store already, as the embed said it (the bridge wrote it).
      return action.fromEmbed ? undefined : { status: 'error', lastError: action.error } as const;
    case 'renew':
      // In place the document stays ready; a reload starts a new one.
      return action.inPlace ? undefined : { status: 'loading' } as const;
    case 'request':
    case 'load':
      // Out of a failure (a retry, a corrected prop, a new session): the failure is over.
      return from.phase === 'error' ? { status: 'loading', lastError: null } as const : undefined;
  }
  return undefined;
};

/** The lifecycle step as the developer tools list it, named after the phase or flag it reached. */
const TRACED = {
  request: 'session-requested',
  load: 'loading',
  reveal: 'revealed',
  renew: 'renewing',
  fail: 'error',
  park: 'parked',
  show: 'shown',
  destroy: 'destroyed',
} as const;

/** Development only: the developer tools hear each step that changed the state, with what it was about. */
function trace(embed: { readonly embedId: string; readonly runtime?: EmbedRuntime | undefined }, action: LifecycleAction): void {
  if (isDevelopment && action.type !== 'ready') {
    const detail =
      action.type === 'request'
        ? action.reason
        : action.type === 'renew'
          ? action.inPlace
            ? 'in place'
            : 'by reload'
          : action.type === 'fail'
            ? action.error.message
            : action.type === 'load'
              ? action.signed
                ? 'signed mode'
                : 'private mode'
              : undefined;
    traceLifecycle(embed, TRACED[action.type], detail);
  }
}

/**
 * Creates the lifecycle state of one embed, idle. Every step goes through `dispatch`, which is the one place
 * where the snapshot changes and where the embed's state store (`bridge.store`) learns of a failure, a reload
 * or a new start.
 */
export function createLifecycle(embed: { readonly embedId: string; readonly runtime?: EmbedRuntime | undefined }, bridge: EmbedBridge): Lifecycle {
  const store = createStore<EmbedControllerSnapshot>(() => IDLE_SNAPSHOT);
  return {
    state: store.getState,
    subscribe: store.subscribe,
    dispatch(action) {
      const from = store.getState();
      const change = reduceLifecycle(from, action);
      if (!change) return;
      // The state store first: whoever renders the new phase finds the store in step with it.
      const status = storeChangeOf(from, action);
      if (status) bridge.store.setState(status);
      store.setState(change);
      if (isDevelopment) {
        trace(embed, action);
        // A load shown at once, or an embed's own error page: shown by that step.
        if (action.type !== 'reveal' && change.visible && !from.visible) trace(embed, { type: 'reveal' });
      }
    },
  };
}
