import { createStore } from 'zustand/vanilla';
import { buildEmbedUrl } from '../protocol/buildEmbedUrl.js';
import type { ErrorPayload } from '../protocol/eventPayloads.js';
import { isDevelopment } from '../protocol/isDevelopment.js';
import { type SvcCodedError, svcError, withSubject } from '../protocol/svcError.js';
import { createEmbedBridge, type EmbedBridge } from '../runtime/createEmbedBridge.js';
import { createControlledSync } from './createControlledSync.js';
import { createDebugHookSwitch } from './createDebugHookSwitch.js';
import { createEmbedFrame } from './createEmbedFrame.js';
import { createRenewal } from './createRenewal.js';
import { createReveal } from './createReveal.js';
import { createSessionSource, isUsableSession, sessionError } from './createSessionSource.js';
import { type EmbedController, type EmbedControllerSnapshot, IDLE_SNAPSHOT } from './EmbedController.js';
import type { EmbedUpdatableOptions } from './EmbedUpdatableOptions.js';
import type { EmbedOptions } from './EmbedOptions.js';
import { createStaticPlacement } from './FramePlacement.js';
import { isSessionFailure } from './isSessionFailure.js';
import { onTabWake } from './onTabWake.js';
import type { SessionRequestReason } from './SessionRequest.js';
import { ledgerOf } from './sessionLedger.js';
import type { SvcErrorPayload } from './SvcErrorPayload.js';
import { traceLifecycle } from './traceLifecycle.js';

/** `message` naming `subject` right after its code, unless it already does (or there is no subject). */
const namedAfter = (message: string, subject: string | undefined): string =>
  subject === undefined || message.startsWith(subject, 7) ? message : withSubject(message, subject);

/** The embed's own error as the app hears it: coded `SVC310`, with the embed's name and message kept. */
const embedError = (error: ErrorPayload): SvcErrorPayload => ({ ...error, code: 'SVC310' });

/**
 * Creates the controller of one embed: its loads, each of its documents from the session to `ready`, renewals
 * and failure, over its collaborators (message bridge, controlled sync, frame placement, session source, iframe,
 * reveal, renewal policy), with the snapshot a UI renders from. Creating it has no side effect (safe during
 * server rendering and in render functions that run twice); {@link EmbedController.attach} starts the work. A
 * bad identity (a missing `publicId`, an `http:` tenant that is not loopback, the app surface without any
 * session source) never throws: once attached, the embed fails with the coded error (its `errorFallback` and
 * `onError` see it), and nothing is asked of `getSession`. Nor does a bad controlled value (`SVC141`, `SVC130`, ...) or
 * `maxQueuedActions` (`SVC142`): the embed fails with it, named after `subject`. An embed that a controlled
 * value failed starts again at the next `update` whose values are all taken. The initial controlled values are
 * sent once the embed is ready.
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
  const { embedId } = options;
  let live: EmbedUpdatableOptions = options;
  let signed = options.session !== undefined || options.getSession !== undefined;
  // A bad option never throws (an embed must not take its page down). One the bridge refuses (a tenant origin
  // that names no tenant, a bad maxQueuedActions: SVC142) fails every start of this embed instead of loading
  // (see go), and its bridge is made for a tenant origin no window has (a reserved name), so it hears nothing.
  // The rest of the identity is the first load's to refuse (see start).
  /** What the bridge refused, if anything. */
  let refusal: unknown;
  let bridge: EmbedBridge;
  try {
    // The app's debug hook is added and removed with the attachment (see setDebugHook), not given to the bridge.
    bridge = createEmbedBridge({ ...options, onDebug: undefined });
  } catch (error) {
    refusal = error;
    bridge = createEmbedBridge({ ...options, onDebug: undefined, maxQueuedActions: undefined, tenantOrigin: 'https://refused.invalid' });
  }
  const sync = createControlledSync(bridge, options, refuse);
  // A keep-alive value that is not one (a bad prop, which development reports) keeps nothing alive.
  const placement = options.keepAlive?.createPlacement?.(options) ?? createStaticPlacement();
  const setDebugHook = createDebugHookSwitch(bridge, (report) => live.onDebug?.(report));
  /** The latest updatable options (the controlled values, `session`, `getSession`, callbacks). */
  const readOptions = (): EmbedUpdatableOptions => live;
  /** The lifecycle state, the snapshot a UI renders: replaced (never mutated) at every step. */
  const snapshots = createStore<EmbedControllerSnapshot>(() => IDLE_SNAPSHOT);
  const snapshot = snapshots.getState;
  const set = (change: Partial<EmbedControllerSnapshot>): void => snapshots.setState(change);
  const destroyed = (): boolean => snapshot().phase === 'destroyed';

  const sessions = createSessionSource({ sessionsFor: options, signed: () => signed, readOptions });

  // The loads: each of the embed's documents, from the session to `ready`, renewals and failure.
  /** Whether the iframe starts hidden, to be shown once ready (`reveal: 'ready'`, the default). */
  const hidden = options.reveal !== 'immediate';
  /** Bumped by every start, load and halt: a late session (or failure) for an earlier start is ignored. */
  let generation = 0;
  /** Whether the current document was loaded with a session: only then is its session renewed. */
  let loadSigned: boolean;
  /** Until it fires, the current load may send its first `ready` (see `readyTimeoutMs`). */
  let readyTimer: ReturnType<typeof setTimeout> | undefined;

  // Nothing else of the reveal is pending when this runs: it is the reveal's own step, or follows a cancel.
  const show = (): void => {
    if (snapshot().visible) return;
    set({ visible: true });
    if (isDevelopment) traceLifecycle(options, 'revealed');
  };
  const reveal = createReveal({ show, settleMs: options.revealSettleMs, loadTimeoutMs: options.revealTimeoutMs });
  // Whether the current document has sent `ready` is the bridge's to know: it waits for that to post actions.
  const frame = createEmbedFrame({
    placement,
    embedId: options.embedId,
    frameLoaded(reloaded) {
      // The document was replaced without us: its actions wait for its own ready, its pending reveal is off.
      if (reloaded) {
        bridge.reset();
        renewal.reset();
        if (isDevelopment) traceLifecycle(options, 'reloaded');
      }
      const { phase, visible } = snapshot();
      if (!bridge.isReady && hidden && !visible && (phase === 'loading' || phase === 'ready')) reveal.afterLoad();
    },
  });
  // The iframe is shown exactly when the state says so: a reveal, a load shown at once, the embed's own error
  // page; a renewal by reload hides the one being replaced.
  snapshots.subscribe(() => frame.hide(!snapshot().visible));

  /** Calls off what the current load has pending: its late answers, its `ready` limit, its renewal, its reveal. */
  const callOff = (): void => {
    generation += 1;
    clearTimeout(readyTimer);
    renewal.reset(true);
    reveal.cancel();
  };
  /** Calls off everything on its way, a session being fetched included (a new session, an error, teardown). */
  const halt = (): void => {
    callOff();
    sessions.abort();
  };

  const fail = (error: SvcErrorPayload, fromEmbed?: boolean): void => {
    halt();
    // The embed's own error page is worth seeing when the app shows no fallback over it; the store keeps what
    // the embed said (the bridge wrote it). A failure of the host's making goes to the store here.
    readOptions().onFailure?.(error);
    if (fromEmbed) show();
    else bridge.store.setState({ status: 'error', lastError: error });
    set({ phase: 'error', error });
    if (isDevelopment) traceLifecycle(options, 'error', error.message);
  };

  /**
   * The address with `session`: the identity (surface, ids, export, switches, params) is the options'; filters,
   * locale and time zone are the latest live values. One the options make impossible (a bad tenant origin, a
   * missing `publicId`, ...) fails this embed with the refusal's code instead, never its page: undefined.
   */
  const address = (session: string | undefined): string | undefined => {
    try {
      return buildEmbedUrl({ ...options, session, filters: readOptions().filters, locale: readOptions().locale, timezone: readOptions().timezone });
    } catch (error) {
      const { message, code } = error as SvcCodedError;
      const failure: SvcErrorPayload = { name: 'TypeError', context: 'address', fatal: true, message, code };
      fail(failure);
      return undefined;
    }
  };

  /** Loads the address with `session` into a new iframe (the first load, a retry, a renewal by reload). */
  const load = (session: string | undefined): void => {
    callOff();
    const src = address(session);
    if (src === undefined) return;
    loadSigned = session !== undefined;
    if (session !== undefined) ledgerOf(options).add(session);
    // A new document in a new element: nothing of the old one can post as the new.
    bridge.reset();
    frame.load(src, readOptions().title ?? `Analytics ${options.surface}`);
    set({ phase: 'loading', loads: snapshot().loads + 1, visible: !hidden, error: null });
    if (isDevelopment) {
      traceLifecycle(options, 'loading', session === undefined ? 'private mode' : 'signed mode');
      if (!hidden) traceLifecycle(options, 'revealed');
    }
    // A wrong tenant port, a frame the platform's frame-ancestors policy blocks and an address that is not the
    // platform all look like a document that never says ready: its first ready is awaited readyTimeoutMs. A
    // private load has no limit unless one is given: its viewer may be signing in there, which sends none.
    const limit = options.readyTimeoutMs ?? (loadSigned ? 30_000 : undefined);
    if (limit !== undefined) {
      readyTimer = setTimeout(
        () =>
          fail(
            sessionError(
              309,
              'ready',
              isDevelopment
                ? `The embed sent no ready within ${limit} ms: the tenant address may be wrong or unreachable, or the platform's frame-ancestors policy may block this page.`
                : 'ready',
            ),
          ),
        Math.min(limit, 2_147_483_647),
      );
    }
  };

  const start = (reason: SessionRequestReason): void => {
    const loadGeneration = ++generation;
    reveal.cancel();
    // An address the options refuse asks for no session: checked first, with a stand-in one in signed mode.
    if (address(sessions.signed() ? 'session' : undefined) === undefined) return;
    let session: ReturnType<typeof sessions.take>;
    try {
      session = sessions.take(reason);
    } catch (error) {
      fail(error as SvcErrorPayload);
      return;
    }
    if (typeof session !== 'object') {
      load(session);
      return;
    }
    set({ phase: 'session', visible: false, error: null });
    if (isDevelopment) traceLifecycle(options, 'session-requested', reason);
    session.then(
      (id) => loadGeneration === generation && load(id),
      (error: SvcErrorPayload) => loadGeneration === generation && fail(error),
    );
  };

  const renewal = createRenewal({
    take: async (expiresAt) => sessions.take('renewal', expiresAt),
    started(inPlace) {
      // In place the viewer keeps the embed; a reload hides the iframe being replaced (its clicks go nowhere).
      if (!inPlace) {
        frame.retire();
        bridge.store.setState({ status: 'loading' });
      }
      set({ phase: 'renewing', renewals: snapshot().renewals + 1, visible: inPlace && snapshot().visible });
      if (isDevelopment) traceLifecycle(options, 'renewing', inPlace ? 'in place' : 'by reload');
    },
    handOver(session) {
      ledgerOf(options).add(session);
      // Only a document that said ready takes a session in place. The bridge would queue it for whichever
      // document says ready next, maybe a later load's with another viewer's session: this one is loaded now.
      if (bridge.isReady) bridge.send('svc:action:set-session', { sessionId: session });
      else load(session);
    },
    // An unanswered handover may still have been taken (a slow platform, a document that reloaded itself after
    // taking it): that session may be used, and sessions are single use, so a new one is loaded when getSession
    // can give one. Without it the handed session is all there is (a platform without in-place renewal never
    // took it).
    loadWith: (session, unanswered) => (unanswered && readOptions().getSession ? start('renewal') : load(session)),
    failWith: fail,
  });

  bridge.onAny((message): void => {
    const { phase } = snapshot();
    // Whether the document still is the embed: not once the embed failed, nor while a new load waits for its
    // session (a retry, an unanswered handover) to replace it. Only then is its token renewed, and a fatal error
    // of its own fails the embed (a retry is not undone by the document it replaces).
    const current = phase !== 'error' && phase !== 'session';
    const renewing = loadSigned && current;
    switch (message.type) {
      case 'svc:event:ready': {
        const { session } = readOptions();
        // A failed embed keeps a new session from the app for its retry: a late ready from the document it
        // failed with (loaded with an older session, maybe another viewer's) must not bring that one back.
        if (phase === 'error' && session !== undefined && !ledgerOf(options).has(session)) return;
        clearTimeout(readyTimer);
        frame.ready();
        // A new document lost the runtime state: send every controlled value again, and go back to where the
        // viewer was. A session handed over in place kept it.
        // In place, only what the embed refused while its token was expired goes again (see forget).
        if (renewal.answer()) sync.update(readOptions());
        else if (bridge.store.getState().readyCount > 1) sync.reapply(readOptions());
        // A ready embed has no error (every step out of the error phase clears it): only the phase can be new.
        if (snapshot().phase !== 'ready') set({ phase: 'ready', error: null });
        if (!snapshot().visible) reveal.afterReady();
        return;
      }
      case 'svc:event:session-expiring':
        if (renewing) renewal.expiring(message.payload.expiresAt);
        return;
      case 'svc:event:session-expired':
        if (renewing) renewal.renew(true);
        return;
      case 'svc:event:error': {
        // What the library absorbs is not reported; every other error of the embed is, coded (see embedError).
        const error = message.payload;
        if (error.fatal !== true) {
          // The embed refused an action while its token was expired: send the current values after the renewal.
          if (error.name === 'SessionExpiredError') sync.forget();
          // A refused handover loads the refused session instead; any other refusal is the app's to hear.
          else if (error.name !== 'SessionError' || !renewal.answer(true)) readOptions().onFailure?.(embedError(error));
        } else if (renewing && readOptions().getSession !== undefined && isSessionFailure(error, { signed: loadSigned, readySinceLoad: bridge.isReady })) {
          // Renewing is the answer: the app hears of it only if the renewal fails.
          if (isDevelopment) traceLifecycle(options, 'session-failed', error.name ?? error.message);
          renewal.renew();
        } else if (current) fail(embedError(error), true);
        return;
      }
    }
  });

  const offer = (session: string): void => {
    if (snapshot().phase === 'ready' && renewal.offer(session)) return;
    halt();
    load(session);
  };

  /**
   * Fails the embed with a coded error the library threw for one of the app's values (`context` says which
   * kind), in development named after the subject unless its text already is. Failed with that text already (StrictMode runs
   * effects twice; every render reports the same bad prop), the embed stays as it is: reported once.
   */
  function refuse(error: unknown, context = 'props'): void {
    const { name, message, code } = error as SvcCodedError;
    // Development names the component at fault; production texts stay the code and the field.
    const text = isDevelopment ? namedAfter(message, options.subject) : message;
    if (!destroyed() && snapshot().error?.message !== text) fail({ name, context, fatal: true, message: text, code });
  }

  /** Starts a load, unless the options refuse every load. */
  const go = (reason: SessionRequestReason): void => (refusal ? refuse(refusal, 'options') : start(reason));

  /** Set when an attach or park connects the bridge, so every detach (which follows an attach) has it. */
  let disconnect: () => void;
  let stopWaking: (() => void) | undefined;
  /** Set by a detach, read by its microtask: no attach came in between. */
  let teardownScheduled: boolean;

  const teardown = (): void => {
    if (destroyed()) return;
    halt();
    stopWaking?.();
    // Destroying the bridge disconnects it and drops every hook, the app's debug hook too.
    bridge.destroy();
    placement.dispose();
    set({ phase: 'destroyed', visible: false });
    if (isDevelopment) traceLifecycle(options, 'destroyed');
  };

  /** Keeps the embed (a pending teardown is called off), connects it, and starts the first load. */
  const begin = (): void => {
    teardownScheduled = false;
    if (!bridge.isConnected) disconnect = bridge.connect(() => frame.element?.contentWindow);
    // A renewal that should have happened while the tab slept happens when it is back. (In the error phase
    // none is planned: the failure reset the renewal, and only a new load's events plan one.) An embed that
    // failed for want of a session (getSession failed or took too long: offline, a backend down for a while)
    // tries again then, as its retry would, once per return of the tab or the network (unless parked: nobody
    // sees it, so no session is minted for it); other failures wait for the app's retry, since they would only
    // fail again the same way.
    stopWaking ??= onTabWake(() => {
      if (snapshot().error?.context === 'getSession' && !snapshot().parked) retry();
      renewal.wake();
    });
    // Only an embed that never started a load is idle. Its initial controlled values are queued now, not when
    // it was created: creating it may be part of a render.
    if (snapshot().phase === 'idle') {
      sync.start();
      // A refused initial value failed the embed already: nothing to load.
      if (snapshot().phase === 'idle') go('initial');
    }
  };

  /**
   * After an error (a destroyed embed is in its own phase): a new load, once the latest controlled values are
   * all taken (a value still refused keeps the embed failed).
   */
  function retry(): void {
    if (snapshot().phase !== 'error' || !sync.update(live)) return;
    bridge.store.setState({ status: 'loading', lastError: null });
    go('retry');
  }

  return {
    bridge,
    get iframe() {
      return destroyed() ? null : frame.element;
    },
    getSnapshot: snapshot,
    subscribe: snapshots.subscribe,
    attach(element) {
      if (destroyed()) throw svcError(307, `embed "${embedId}"${isDevelopment ? ' was destroyed; create a new controller' : ''}`, Error);
      placement.show(element);
      if (snapshot().parked) {
        set({ parked: false });
        if (isDevelopment) traceLifecycle(options, 'shown');
      }
      setDebugHook(live.onDebug);
      begin();
      let detached = false;
      return () => {
        if (detached) return;
        detached = true;
        // Leave the page's listener and registry at once; keep the iframe and the session for a microtask,
        // in case the same commit attaches again (StrictMode), and only then tear down.
        disconnect();
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
      if (snapshot().error?.context === 'props') retry();
      else sync.update(next);
      // Nothing was loaded yet that a session could change (the first attach or park starts the first load).
      if (snapshot().phase === 'idle') return;
      if (!signed && (fresh || next.getSession)) {
        // A private-mode embed given a session source: load it signed.
        signed = true;
        go('initial');
      } else if (fresh) {
        if (!isUsableSession(offered)) fail(sessionError(303, 'session', isDevelopment ? 'the session option is not a usable session id' : 'session'));
        // The latest session wins over whatever is in flight (see offer); an embed in error loads it at retry.
        // A retry just now (the values it failed with were corrected) may have loaded it already: never twice.
        else if (snapshot().phase !== 'error' && !ledgerOf(options).has(offered)) offer(offered);
      }
    },
    park() {
      if (destroyed() || !options.keepAlive) return;
      // Out of reach of hooks and actions that name no embed (the placement marks it), until shown again.
      placement.park();
      begin();
      set({ parked: true });
      if (isDevelopment) traceLifecycle(options, 'parked');
    },
    retry,
    fail: refuse,
    destroy: teardown,
  };
}
