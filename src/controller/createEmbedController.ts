import { createStore } from 'zustand/vanilla';
import { buildEmbedUrl } from '../protocol/buildEmbedUrl.js';
import { createEmbedBridge, type EmbedBridge } from '../runtime/createEmbedBridge.js';
import { runtimeOf } from '../runtime/defaultEmbedRuntime.js';
import type { ErrorPayload } from '../protocol/eventPayloads.js';
import { isDevelopment } from '../protocol/isDevelopment.js';
import { type SvcCodedError, svcError, withSubject } from '../protocol/svcError.js';
import { createControlledSync } from './createControlledSync.js';
import { createDebugHookSwitch } from './createDebugHookSwitch.js';
import { createEmbedFrame } from './createEmbedFrame.js';
import { createReveal } from './createReveal.js';
import { createSessionSource, isFinalSessionFailure, isUsableSession, sessionError } from './createSessionSource.js';
import type { EmbedController, EmbedControllerSnapshot } from './EmbedController.js';
import type { EmbedUpdatableOptions } from './EmbedUpdatableOptions.js';
import type { EmbedOptions } from './EmbedOptions.js';
import {
  initialLifecycle,
  type LifecycleEffects,
  type LifecycleEvent,
  type LifecycleState,
  type LifecycleTimer,
  snapshotOf,
  storeUpdate,
  transition,
} from './embedLifecycle.js';
import { createStaticPlacement } from './FramePlacement.js';
import { READY_TIMEOUT_MS, SESSION_TIMEOUT_MS } from './lifecycleLimits.js';
import { onTabWake } from './onTabWake.js';
import { sessionGateOf } from './sessionGate.js';
import { ledgerOf } from './sessionLedger.js';
import type { SessionRequestReason } from './SessionRequest.js';
import type { SvcErrorPayload } from './SvcErrorPayload.js';
import { traceLifecycle } from './traceLifecycle.js';

/**
 * The origin a refused embed's bridge is made for: a reserved name (`.invalid`) that no window ever has, so
 * the bridge of an embed whose tenant origin is unusable hears and posts nothing.
 */
const REFUSED_ORIGIN = 'https://refused.invalid';

/**
 * A coded error the library threw, as the failure of an embed (`context` says where it was found). In
 * development it names `subject` (the component) right after its code unless its text already does;
 * production texts stay the code and the field.
 */
const refusalOf = (error: unknown, context: string, subject: string | undefined): SvcErrorPayload => {
  const { name, message, code } = error as SvcCodedError;
  const named = !isDevelopment || subject === undefined || message.startsWith(subject, 7) ? message : withSubject(message, subject);
  return { name, context, fatal: true, message: named, code: code ?? 'SVC201' };
};

/**
 * Creates the controller of one embed: its message bridge, controlled sync, frame, reveal and session source,
 * driven by one state machine (see `embedLifecycle.ts`), with the snapshot a UI renders from. Creating it has
 * no side effect and reads no clock (safe during server rendering and in render functions that run twice);
 * {@link EmbedController.attach} starts the work. A bad identity (a missing `publicId`, an `http:` tenant that
 * is not loopback, the app surface without any session source) never throws: the embed starts in its failed
 * state with the coded error, reported to `onFailure` once attached. The initial controlled values are sent
 * once the embed is ready.
 *
 * @example
 * const controller = createEmbedController({
 *   surface: 'dashboard',
 *   tenantOrigin: 'https://acme.example.com',
 *   embedId: 'sales',
 *   publicId: 'sales-overview',
 *   getSession: ({ signal }) => fetch('/api/embed-session', { method: 'POST', signal }).then((r) => r.text()),
 *   colorScheme: 'dark',
 * });
 * const detach = controller.attach(document.getElementById('sales-embed')!);
 * controller.update({ colorScheme: 'light' }); // sent as svc:action:set-color-scheme once ready
 */
export function createEmbedController(options: EmbedOptions): EmbedController {
  const { embedId, surface } = options;
  let live: EmbedUpdatableOptions = options;
  const hidden = options.reveal !== 'immediate';
  /** Signed mode: the embed has a session source. */
  const signed = options.session !== undefined || options.getSession !== undefined;

  /**
   * Why the options make no address (checked with a stand-in session when `signedNow`), or undefined when
   * they make one. A bad option fails this embed, never its page.
   */
  const addressProblem = (signedNow: boolean): SvcErrorPayload | undefined => {
    try {
      buildEmbedUrl({ ...options, session: signedNow ? 'session' : undefined });
      return undefined;
    } catch (error) {
      return refusalOf(error, 'options', options.subject);
    }
  };
  /** What the bridge refused (a tenant origin that names no tenant, a bad `maxQueuedActions`), if anything. */
  let bridgeRefusal: SvcErrorPayload | undefined;
  let bridge: EmbedBridge;
  try {
    // The app's debug hook is added and removed with the attachment (see setDebugHook), not given to the bridge.
    bridge = createEmbedBridge({ ...options, onDebug: undefined });
  } catch (error) {
    bridgeRefusal = refusalOf(error, 'options', options.subject);
    bridge = createEmbedBridge({ ...options, onDebug: undefined, maxQueuedActions: undefined, tenantOrigin: REFUSED_ORIGIN });
  }
  /**
   * The refusal of the options as created. It lasts as long as the embed (its options never change), but for
   * the app surface without a session source, which the app may give later (see `update`).
   */
  let refusal = bridgeRefusal ?? addressProblem(signed);

  // A value the protocol refuses (production has no render-time check) fails the embed, never the page.
  const sync = createControlledSync(bridge, options, (error) => dispatch({ type: 'refused', error: refusalOf(error, 'props', options.subject) }));
  const keepAlive = typeof options.keepAlive?.createPlacement === 'function' ? options.keepAlive : undefined;
  const placement = keepAlive?.createPlacement() ?? createStaticPlacement();
  const setDebugHook = createDebugHookSwitch(bridge, (report) => live.onDebug?.(report));

  let state: LifecycleState = initialLifecycle({ hidden, signed, refusal });
  /** The snapshot a UI renders: replaced (never mutated) when what it shows changes. */
  const snapshots = createStore<EmbedControllerSnapshot>(() => snapshotOf(state));
  const destroyed = (): boolean => state.status === 'destroyed';

  const sessions = createSessionSource({ identity: options, signed: () => state.signed, readOptions: () => live, gate: sessionGateOf(options) });
  const frame = createEmbedFrame({
    placement,
    embedId,
    hidden,
    onLoad(reloaded) {
      // A document that replaced itself: its actions wait for its own ready.
      if (reloaded) bridge.reset();
      dispatch({ type: 'frame-loaded', reloaded });
    },
  });
  const reveal = createReveal({
    show: () => dispatch({ type: 'revealed' }),
    settleMs: options.revealSettleMs,
    timeoutMs: options.revealTimeoutMs,
  });

  const timers = new Map<LifecycleTimer, ReturnType<typeof setTimeout>>();
  /** The abort controllers of the session requests in flight, by request id. */
  const requests = new Map<number, AbortController>();

  /** Sends the latest controlled values (`all`: every one, else what changed); whether every value was taken. */
  const sendValues = (all: boolean): boolean => (all ? sync.reapply(live) : sync.update(live));

  /**
   * After an error: a new load, once the latest controlled values are all taken (a value still refused keeps
   * the embed failed). Options refused as created cannot load, whatever a retry asks for: no session is spent
   * on them.
   */
  const retry = (): void => {
    if (refusal === undefined && sendValues(false)) dispatch({ type: 'retry' });
  };

  /** The effects of the transition being handled, run once its state is in place. */
  const pending: (() => void)[] = [];
  /** An effect that waits for its transition's state (see `dispatch`). */
  const afterCommit =
    <A extends unknown[]>(effect: (...args: A) => void) =>
    (...args: A): void => {
      pending.push(() => effect(...args));
    };

  const effects: LifecycleEffects = {
    request: afterCommit((id: number, reason: SessionRequestReason, expiresAt: number | undefined) => {
      const abort = new AbortController();
      requests.set(id, abort);
      const settled = (event: LifecycleEvent): void => {
        requests.delete(id);
        dispatch(event);
      };
      const failed = (error: unknown): void => settled({ type: 'session-failed', id, error: error as ErrorPayload, final: isFinalSessionFailure(error) });
      let answer: string | undefined | Promise<string>;
      try {
        answer = sessions.take({ reason, expiresAt, signal: abort.signal });
      } catch (error) {
        failed(error);
        return;
      }
      if (typeof answer !== 'object') {
        settled({ type: 'session-settled', id, session: answer });
        return;
      }
      // A renewal is traced as such (see the transition); a new load says it waits for its session.
      if (isDevelopment && reason !== 'renewal') traceLifecycle(options, 'session-requested', reason);
      answer.then((session) => settled({ type: 'session-settled', id, session }), failed);
    }),
    abort: afterCommit((id: number) => {
      requests.get(id)?.abort();
      requests.delete(id);
    }),
    load: afterCommit((session: string | undefined) => {
      let src: string;
      try {
        // The identity (surface, ids, export, switches, params) is the options'; filters, locale and time zone
        // are the latest live values.
        src = buildEmbedUrl({ ...options, session, filters: live.filters, locale: live.locale, timezone: live.timezone });
      } catch (error) {
        dispatch({ type: 'refused', error: { ...refusalOf(error, 'address', options.subject), name: 'TypeError' } });
        return;
      }
      if (session !== undefined) ledgerOf(options).add(session);
      // A new document in a new element: nothing of the old one can post as the new, nor be revealed.
      reveal.cancel();
      bridge.reset();
      frame.load(src, live.title ?? `Analytics ${surface}`);
    }),
    handOver: afterCommit((session: string) => {
      ledgerOf(options).add(session);
      bridge.send('svc:action:set-session', { sessionId: session });
    }),
    retire: afterCommit(() => {
      reveal.cancel();
      frame.retire();
    }),
    show: afterCommit(() => frame.hide(false)),
    reveal: afterCommit((after: 'ready' | 'load') => {
      if (after === 'ready') reveal.afterReady();
      else reveal.afterLoad();
    }),
    cancelReveal: afterCommit(() => reveal.cancel()),
    timer: afterCommit((name: LifecycleTimer, ms: number) => {
      clearTimeout(timers.get(name));
      timers.set(
        name,
        setTimeout(() => {
          timers.delete(name);
          dispatch({ type: 'timer', name });
        }, ms),
      );
    }),
    clear: afterCommit((...names: LifecycleTimer[]) => {
      for (const name of names) {
        clearTimeout(timers.get(name));
        timers.delete(name);
      }
    }),
    sync: afterCommit(sendValues),
    forget: afterCommit(() => sync.forget()),
    report: afterCommit((error: ErrorPayload) => live.onFailure?.(error)),
    trace: afterCommit((phase: string, detail?: string) => traceLifecycle(options, phase, detail)),
  };

  // Events are handled one at a time, in order: an event raised by an effect waits for the current one.
  const queue: LifecycleEvent[] = [];
  let dispatching = false;
  function dispatch(event: LifecycleEvent): void {
    queue.push(event);
    if (dispatching) return;
    dispatching = true;
    try {
      for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
        const previous = state;
        state = transition(
          previous,
          next,
          {
            now: Date.now(),
            random: Math.random(),
            online: typeof navigator === 'undefined' || navigator.onLine !== false,
            fetchable: live.getSession !== undefined,
            readyTimeoutMs: options.readyTimeoutMs ?? READY_TIMEOUT_MS,
            sessionTimeoutMs: options.sessionTimeoutMs ?? SESSION_TIMEOUT_MS,
          },
          effects,
        );
        const store = storeUpdate(previous, state, bridge.store.getState());
        if (store) bridge.store.setState(store);
        for (const effect of pending.splice(0)) effect();
      }
    } finally {
      dispatching = false;
    }
    // Listeners hear of a change of the derived snapshot only (a transition that changes nothing they see is silent).
    const snapshot = snapshotOf(state);
    const current = snapshots.getState();
    if ((Object.keys(snapshot) as (keyof EmbedControllerSnapshot)[]).some((key) => snapshot[key] !== current[key])) snapshots.setState(snapshot, true);
  }

  bridge.onAny((message): void => {
    switch (message.type) {
      case 'svc:event:ready':
        frame.ready();
        dispatch({ type: 'ready' });
        return;
      case 'svc:event:session-expiring':
        dispatch({ type: 'session-expiring', expiresAt: message.payload.expiresAt });
        return;
      case 'svc:event:session-expired':
        dispatch({ type: 'session-expired' });
        return;
      case 'svc:event:error':
        dispatch({ type: 'embed-error', error: message.payload });
        return;
    }
  });

  /**
   * Set when an attach or park connects the bridge, so every detach (which follows an attach) has it. An embed
   * refused when it was created is never connected: it has no tenant to hear, and would only report every
   * message of the page as foreign.
   */
  let disconnect: (() => void) | undefined;
  let stopWaking: (() => void) | undefined;
  /** Set by a detach, read by its microtask: no attach came in between. */
  let teardownScheduled: boolean;

  const teardown = (): void => {
    if (destroyed()) return;
    dispatch({ type: 'destroy' });
    for (const timer of timers.values()) clearTimeout(timer);
    for (const abort of requests.values()) abort.abort();
    stopWaking?.();
    // Destroying the bridge disconnects it and drops every hook, the app's debug hook too.
    bridge.destroy();
    placement.dispose();
  };

  /** Connects the bridge, unless it is already, or the embed's options are refused (it has nothing to hear). */
  const connect = (): void => {
    if (!bridge.isConnected && refusal === undefined) disconnect = bridge.connect(() => frame.element?.contentWindow);
  };

  /** Keeps the embed (a pending teardown is called off), connects it, and queues its initial values. */
  const begin = (): void => {
    teardownScheduled = false;
    connect();
    // A renewal that should have happened while the tab slept happens when it is back; a renewal waiting for
    // the network goes on when it is back.
    stopWaking ??= onTabWake((online) => dispatch({ type: online ? 'online' : 'wake' }));
    // Sent here rather than when created: creating must not post (or stamp) anything. Queued until ready.
    if (state.status === 'idle') sendValues(false);
  };

  return {
    bridge,
    get iframe() {
      return destroyed() ? null : frame.element;
    },
    getSnapshot: snapshots.getState,
    subscribe: snapshots.subscribe,
    attach(element) {
      if (destroyed()) throw svcError(307, `embed "${embedId}"${isDevelopment ? ' was destroyed; create a new controller' : ''}`, Error);
      placement.show(element);
      runtimeOf(options).registry.setParked(embedId, false);
      setDebugHook(live.onDebug);
      begin();
      dispatch({ type: 'attach' });
      let detached = false;
      return () => {
        if (detached) return;
        detached = true;
        // Leave the page's listener and registry at once; keep the iframe and the session for a microtask,
        // in case the same commit attaches again (StrictMode), and only then tear down.
        disconnect?.();
        setDebugHook(undefined);
        teardownScheduled = true;
        queueMicrotask(() => {
          if (teardownScheduled) teardown();
        });
      };
    },
    update(next) {
      const offered = next.session;
      // A session is a credential, not identity: a new one for a live embed is handed over, never a reload.
      const fresh = offered !== undefined && offered !== live.session && !ledgerOf(options).has(offered);
      live = next;
      setDebugHook(next.onDebug);
      const element = frame.element;
      if (element && next.title !== undefined && element.title !== next.title) element.title = next.title;
      if (destroyed()) return;
      // The values the embed failed with were corrected: it starts again (see retry).
      if (state.status === 'failed' && state.error?.context === 'props') retry();
      else sendValues(false);
      // Nothing was loaded yet that a session could change (the first attach or park starts the first load).
      if (state.status === 'idle') return;
      if (!state.signed && (fresh || next.getSession)) {
        // The app surface refused for want of a session source has one now: it connects, and loads signed.
        if (refusal !== undefined) {
          refusal = bridgeRefusal ?? addressProblem(true);
          connect();
        }
        if (refusal === undefined) dispatch({ type: 'signed' });
      } else if (fresh) {
        dispatch(
          isUsableSession(offered)
            ? { type: 'session-prop', session: offered }
            : { type: 'refused', error: sessionError(303, 'session', isDevelopment ? 'the session option is not a usable session id' : 'session') },
        );
      }
    },
    park() {
      if (destroyed() || !keepAlive) return;
      placement.park();
      begin();
      // Out of reach of hooks and actions that name no embed, until shown again.
      runtimeOf(options).registry.setParked(embedId, true);
      dispatch({ type: 'park' });
    },
    retry,
    fail(error) {
      dispatch({ type: 'refused', error: refusalOf(error, 'props', options.subject) });
    },
    destroy: teardown,
  };
}
