import { buildEmbedUrl } from '../protocol/buildEmbedUrl.js';
import { createEmbedBridge } from '../protocol/createEmbedBridge.js';
import type { ErrorPayload } from '../protocol/eventPayloads.js';
import { embedRegistry } from '../protocol/embedRegistry.js';
import { isDevelopment } from '../protocol/isDevelopment.js';
import { type SvcCodedError, svcError } from '../protocol/svcError.js';
import { createControlledSync } from './createControlledSync.js';
import { createDebugHookSwitch } from './createDebugHookSwitch.js';
import { createEmbedFrame } from './createEmbedFrame.js';
import { createRenewal } from './createRenewal.js';
import { createReveal } from './createReveal.js';
import { createSessionSource, isUsableSession, sessionError } from './createSessionSource.js';
import { type EmbedController, type EmbedControllerSnapshot, IDLE_SNAPSHOT } from './EmbedController.js';
import type { EmbedLiveOptions } from './EmbedLiveOptions.js';
import type { EmbedOptions } from './EmbedOptions.js';
import { createStaticPlacement } from './FramePlacement.js';
import { isSessionFailure } from './isSessionFailure.js';
import type { SessionRequestReason } from './SessionRequest.js';
import type { SvcErrorPayload } from './SvcErrorPayload.js';
import { onTabWake } from './onTabWake.js';
import { sessionLedger } from './sessionLedger.js';
import { traceLifecycle } from './traceLifecycle.js';

/**
 * Creates the controller of one embed: a composition of its session source, frame, reveal, controlled sync
 * and renewal policy around one message bridge. Creating it has no side effect (safe during server rendering
 * and in render functions that run twice); {@link EmbedController.attach} starts the work. A bad identity (a
 * missing `publicId`, an `http:` tenant that is not loopback, the app surface without any session source)
 * throws here. The initial controlled values are sent once the embed is ready.
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
  const { surface, embedId } = options;
  let live: EmbedLiveOptions = options;
  let signed = options.session !== undefined || options.getSession !== undefined;
  // The identity (surface, ids, export, params) is the options'; filters and locale are the latest live values.
  const address = (session: string | undefined): string => buildEmbedUrl({ ...options, session, filters: live.filters, locale: live.locale });
  // Validate the identity now, with a stand-in session, so a bad prop fails where it is written.
  address(signed ? 'session' : undefined);

  // The app's debug hook is added and removed with the attachment (see setDebugHook), not given to the bridge.
  const bridge = createEmbedBridge({ ...options, onDebug: undefined });
  const sync = createControlledSync(bridge, options);
  const placement = options.keepAlive?.createPlacement() ?? createStaticPlacement();
  /** Whether the iframe starts hidden, to be shown once ready (`reveal: 'ready'`, the default). */
  const hidden = options.reveal !== 'immediate';
  const sessions = createSessionSource(options, () => signed, () => live);
  const setDebugHook = createDebugHookSwitch(bridge, (report) => live.onDebug?.(report));
  const listeners = new Set<() => void>();
  let snapshot = IDLE_SNAPSHOT;
  let disconnect: (() => void) | undefined;
  let stopWaking: (() => void) | undefined;
  let teardownScheduled = false;
  /** Bumped by every load (0 until the first) and by teardown: a late answer for an earlier load is ignored. */
  let generation = 0;
  let readySinceLoad = false;
  /** Whether the current document was loaded with a session: only then is its session renewed. */
  let loadSigned = false;

  const set = (change: Partial<EmbedControllerSnapshot>): void => {
    snapshot = { ...snapshot, ...change };
    for (const listener of [...listeners]) listener();
  };
  const destroyed = (): boolean => snapshot.phase === 'destroyed';

  const show = (): void => {
    reveal.cancel();
    frame.hide(false);
    if (!snapshot.visible) {
      set({ visible: true });
      if (isDevelopment) traceLifecycle(embedId, 'revealed');
    }
  };
  const reveal = createReveal(show, options.revealSettleMs, options.revealTimeoutMs);
  const frame = createEmbedFrame(placement, embedId, hidden, (reloaded) => {
    // The document was replaced without us: its actions wait for its own ready, its pending reveal is off.
    if (reloaded) {
      readySinceLoad = false;
      bridge.reset();
      renewal.reset();
      if (isDevelopment) traceLifecycle(embedId, 'reloaded');
    }
    if (!readySinceLoad && hidden && !snapshot.visible && (snapshot.phase === 'loading' || snapshot.phase === 'ready')) reveal.afterLoad();
  });

  /** Calls off whatever was on its way for the current load: a session, a renewal, a reveal. */
  const halt = (): void => {
    generation += 1;
    sessions.abort();
    renewal.reset(true);
    reveal.cancel();
  };

  const fail = (error: ErrorPayload, fromEmbed?: boolean): void => {
    halt();
    if (fromEmbed) {
      // The embed's own error page is worth seeing when the app shows no fallback over it.
      show();
    } else {
      bridge.store.setState({ status: 'error', lastError: error });
      live.onFailure?.(error);
    }
    set({ phase: 'error', error });
    if (isDevelopment) traceLifecycle(embedId, 'error', error.message);
  };

  const load = (session: string | undefined, loadGeneration: number): void => {
    if (loadGeneration !== generation) return;
    let src: string;
    try {
      src = address(session);
    } catch (error) {
      // The address's own refusal (its code included), as a failure of the embed.
      const { message, code } = error as SvcCodedError;
      const failure: SvcErrorPayload = { name: 'TypeError', context: 'address', fatal: true, message, code };
      fail(failure);
      return;
    }
    loadSigned = session !== undefined;
    if (session !== undefined) sessionLedger.add(session);
    readySinceLoad = false;
    renewal.reset(true);
    reveal.cancel();
    // A new document in a new element: nothing of the old one can post as the new.
    bridge.reset();
    frame.load(src, live.title ?? `Analytics ${surface}`);
    if (!hidden) show();
    set({ phase: 'loading', loads: snapshot.loads + 1, visible: !hidden, error: null });
    if (isDevelopment) traceLifecycle(embedId, 'loading', session === undefined ? 'private mode' : 'signed mode');
  };

  /** Finds the session for a new load (at once when it can), then loads. */
  const start = (reason: SessionRequestReason): void => {
    const loadGeneration = ++generation;
    reveal.cancel();
    let session: ReturnType<typeof sessions.take>;
    try {
      session = sessions.take(reason);
    } catch (error) {
      fail(error as ErrorPayload);
      return;
    }
    if (typeof session !== 'object') {
      load(session, loadGeneration);
      return;
    }
    set({ phase: 'session', visible: false, error: null });
    if (isDevelopment) traceLifecycle(embedId, 'session-requested', reason);
    session.then(
      (id) => load(id, loadGeneration),
      (error: ErrorPayload) => loadGeneration === generation && fail(error),
    );
  };

  const renewal = createRenewal(
    async (expiresAt) => sessions.take('renewal', expiresAt),
    (inPlace) => {
      // In place the viewer keeps the embed; a reload hides the iframe being replaced (its clicks go nowhere).
      if (!inPlace) {
        frame.retire();
        bridge.store.setState({ status: 'loading' });
      }
      set({ phase: 'renewing', renewals: snapshot.renewals + 1, visible: inPlace && snapshot.visible });
      if (isDevelopment) traceLifecycle(embedId, 'renewing', inPlace ? 'in place' : 'by reload');
    },
    (session) => {
      sessionLedger.add(session);
      bridge.send('svc:action:set-session', { sessionId: session });
    },
    (session) => load(session, ++generation),
    fail,
  );

  bridge.onAny((message): void => {
    const renewing = loadSigned && snapshot.phase !== 'error';
    switch (message.type) {
      case 'svc:event:ready':
        readySinceLoad = true;
        frame.ready();
        // A new document lost the runtime state: send every controlled value again, and go back to where the
        // viewer was. A session handed over in place kept it.
        // In place, only what the embed refused while its token was expired goes again (see forget).
        if (renewal.answer()) sync.update(live);
        else {
          if (bridge.store.getState().readyCount > 1) sync.reapply(live);
          // A session the app gave while this load was under way (a preloaded embed mounted for another
          // viewer, a loader that ran again) is handed over now: never the old viewer.
          const given = live.session;
          if (loadSigned && given !== undefined && !sessionLedger.has(given) && isUsableSession(given)) renewal.offer(given);
        }
        if (snapshot.phase !== 'ready' || snapshot.error !== null) set({ phase: 'ready', error: null });
        if (!snapshot.visible) reveal.afterReady();
        return;
      case 'svc:event:session-expiring':
        if (renewing) renewal.expiring(message.payload.expiresAt);
        return;
      case 'svc:event:session-expired':
        if (renewing) renewal.renew(true);
        return;
      case 'svc:event:error': {
        const error = message.payload;
        if (error.fatal !== true) {
          if (error.name === 'SessionError') renewal.answer(true);
          // The embed refused an action while its token was expired: send the current values after the renewal.
          else if (error.name === 'SessionExpiredError') sync.forget();
        } else if (renewing && live.getSession !== undefined && isSessionFailure(error, { signed: loadSigned, readySinceLoad })) {
          if (isDevelopment) traceLifecycle(embedId, 'session-failed', error.name ?? error.message);
          renewal.renew();
        } else fail(error, true);
        return;
      }
      default:
    }
  });

  const teardown = (): void => {
    if (destroyed()) return;
    halt();
    stopWaking?.();
    // Destroying the bridge disconnects it and drops every hook, the app's debug hook too.
    bridge.destroy();
    placement.dispose();
    set({ phase: 'destroyed', visible: false });
    if (isDevelopment) traceLifecycle(embedId, 'destroyed');
  };

  /** Keeps the embed (a pending teardown is called off), connects it, and starts the first load. */
  const begin = (): void => {
    teardownScheduled = false;
    if (!bridge.isConnected) disconnect = bridge.connect(() => frame.element?.contentWindow);
    // A renewal that should have happened while the tab slept happens when it is back.
    stopWaking ??= onTabWake(() => snapshot.phase !== 'error' && renewal.wake());
    if (!generation) start('initial');
  };

  return {
    bridge,
    get iframe() {
      return destroyed() ? null : frame.element;
    },
    getSnapshot: () => snapshot,
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    attach(element) {
      if (destroyed()) throw svcError(307, `embed "${embedId}"${isDevelopment ? ' was destroyed; create a new controller' : ''}`, Error);
      placement.show(element);
      embedRegistry.setParked(embedId, false);
      if (snapshot.parked) {
        set({ parked: false });
        if (isDevelopment) traceLifecycle(embedId, 'shown');
      }
      setDebugHook(live.onDebug);
      begin();
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
      const fresh = offered !== undefined && offered !== live.session && !sessionLedger.has(offered);
      live = next;
      setDebugHook(next.onDebug);
      const element = frame.element;
      if (element && next.title !== undefined && element.title !== next.title) element.title = next.title;
      if (destroyed()) return;
      sync.update(next);
      if (!generation) return;
      if (!signed && (fresh || next.getSession)) {
        // A private-mode embed given a session source: load it signed.
        signed = true;
        start('initial');
      } else if (!fresh) return;
      else if (!isUsableSession(offered)) fail(sessionError(303, 'session', isDevelopment ? 'the session option is not a usable session id' : 'session'));
      else if (snapshot.phase === 'ready') renewal.offer(offered);
      // Otherwise it waits for the next load that needs a session.
    },
    park() {
      if (destroyed() || !options.keepAlive) return;
      placement.park();
      begin();
      // Out of reach of hooks and actions that name no embed, until shown again.
      embedRegistry.setParked(embedId, true);
      set({ parked: true });
      if (isDevelopment) traceLifecycle(embedId, 'parked');
    },
    retry() {
      // Only after an error (a destroyed embed is in its own phase).
      if (snapshot.phase !== 'error') return;
      bridge.store.setState({ status: 'loading', lastError: null });
      start('retry');
    },
    destroy: teardown,
  };
}
