import { buildEmbedUrl } from '../protocol/buildEmbedUrl.js';
import { createEmbedBridge, type EmbedBridge } from '../protocol/createEmbedBridge.js';
import type { EmbedDebugHook } from '../protocol/EmbedDebugReport.js';
import { embedInspector } from '../protocol/embedInspector.js';
import type { Surface } from '../protocol/envelope.js';
import type { ErrorPayload } from '../protocol/eventPayloads.js';
import { isDevelopment } from '../protocol/isDevelopment.js';
import type { SvcEventMessage } from '../protocol/messages.js';
import { type ControlledValues, createControlledSync } from './createControlledSync.js';
import { createEmbedIframe, setFrameHidden } from './createEmbedIframe.js';
import type { EmbedKeepAlive } from './EmbedKeepAlive.js';
import { createStaticPlacement } from './FramePlacement.js';
import { isSessionFailure } from './isSessionFailure.js';
import type { GetSession, SessionRequestReason } from './SessionRequest.js';
import { sessionLedger } from './sessionLedger.js';

/**
 * Where an embed is in its lifecycle:
 * - `idle`: created, not attached to a page element yet (also during server rendering);
 * - `session`: waiting for `getSession`;
 * - `loading`: the iframe is loading its address;
 * - `ready`: the embed sent `ready` for the current load;
 * - `renewing`: the session failed; a new one is being fetched and loaded;
 * - `error`: the embed failed (a fatal error, a failed `getSession`); `retry()` starts again;
 * - `destroyed`: torn down; nothing will happen any more.
 */
export type EmbedPhase = 'idle' | 'session' | 'loading' | 'ready' | 'renewing' | 'error' | 'destroyed';

/** What a UI binding renders from: replaced (never mutated) on every change. */
export interface EmbedControllerSnapshot {
  readonly phase: EmbedPhase;
  /** Whether the iframe is shown. Until then a loading placeholder stands in (see `reveal`). */
  readonly visible: boolean;
  /** Why the embed failed, in the shape of an `svc:event:error` payload (`phase` is `error`). */
  readonly error: ErrorPayload | null;
  /** How many addresses were loaded into an iframe (renewals and retries add one each). */
  readonly loads: number;
  /** How many times the session was renewed. */
  readonly renewals: number;
  /** Whether the embed is parked: alive (iframe, session, state) but shown nowhere. */
  readonly parked: boolean;
}

/**
 * When the iframe is shown:
 * - `ready`: once `ready` arrived and the initial colour scheme, theme and locale were delivered (no flash of
 *   unstyled embed); an iframe that loaded but sends no `ready` (the platform's sign-in page in private mode) is
 *   shown after `revealTimeoutMs`;
 * - `immediate`: at once, like a plain iframe.
 */
export type EmbedReveal = 'ready' | 'immediate';

/** What may change between renders: read at the moment it is needed, so the latest value always counts. */
export interface EmbedLiveOptions extends ControlledValues {
  /** Acquires sessions (see {@link GetSession}). */
  readonly getSession?: GetSession | undefined;
  /** Receives everything the embed drops, with the reason. */
  readonly onDebug?: EmbedDebugHook | undefined;
  /** Receives failures that did not come from the embed (a rejected `getSession`, a reused session). */
  readonly onFailure?: ((error: ErrorPayload) => void) | undefined;
  /** The iframe's accessible title. */
  readonly title?: string | undefined;
}

/** Options of {@link createEmbedController}. Everything except the live options is the embed's identity. */
export interface EmbedControllerOptions extends EmbedLiveOptions {
  readonly surface: Surface;
  /** The tenant's origin, `https:` (or `http:` on a loopback host). */
  readonly tenantOrigin: string;
  /** The embed's id on the page (hooks address it by this). */
  readonly embedId: string;
  /** The dashboard's public id (dashboard surface). */
  readonly publicId?: string | undefined;
  /** The deployment (app surface). */
  readonly deploymentId?: number | string | undefined;
  /** A session id minted for this embed: used for the first load unless this page already loaded it. */
  readonly session?: string | undefined;
  /** Turn on the download controls. @default false */
  readonly allowExport?: boolean | undefined;
  /** Extra address parameters. */
  readonly params?: Readonly<Record<string, string | number | boolean | undefined>> | undefined;
  /** When the iframe is shown. @default 'ready' */
  readonly reveal?: EmbedReveal | undefined;
  /**
   * How long after the iframe's `load` an embed that sent no `ready` is shown anyway (the sign-in page of
   * private mode sends none).
   * @default 1500
   */
  readonly revealTimeoutMs?: number | undefined;
  /**
   * With `reveal: 'ready'`: how long after `ready` the iframe stays hidden, so the embed can apply the initial
   * colour scheme, theme and locale that were flushed to it (it typically draws its first screen in its
   * default look before reading them, and reports nothing when it has).
   * @default 150
   */
  readonly revealSettleMs?: number | undefined;
  /** How many actions may wait for `ready`. @default 100 */
  readonly maxQueuedActions?: number | undefined;
  /**
   * Lets the embed be parked (see {@link EmbedController.park}) and shown again without a reload: `keepAlive`
   * from `svc-embed-react/keep-alive`. It decides where the iframe lives (moved with `moveBefore` where the
   * browser has it, else in a layer over its host). Without it the iframe lives and dies with its host.
   */
  readonly keepAlive?: EmbedKeepAlive | undefined;
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
  /** Takes the latest live options (after each render): sends only the controlled values that changed. */
  update(live: EmbedLiveOptions): void;
  /**
   * Keeps the embed alive while shown nowhere: the iframe (and its document, session and in-embed state) goes
   * to a hidden parking area, the bridge keeps delivering events to the store and app-wide listeners, and the
   * next `attach` shows it again without a reload. A controller never attached starts loading there (preload).
   * Needs `keepAlive`.
   */
  park(): void;
  /**
   * After an error: starts again with a new load. In signed mode that is a new session from `getSession`;
   * without `getSession`, only a `session` never loaded on this page (its first address could not be built).
   */
  retry(): void;
  /** Tears everything down: aborts `getSession`, removes the iframe, disconnects the bridge. */
  destroy(): void;
}

/** The snapshot of an embed nobody has attached yet: the first snapshot, and the one server rendering sees. */
export const IDLE_SNAPSHOT: EmbedControllerSnapshot = { phase: 'idle', visible: false, error: null, loads: 0, renewals: 0, parked: false };

/** Waits two animation frames: the embed has handled the flushed actions and painted before it is shown. */
const afterPaint = (callback: () => void): (() => void) => {
  if (typeof requestAnimationFrame !== 'function') {
    const timer = setTimeout(callback, 32);
    return () => clearTimeout(timer);
  }
  let second = 0;
  const first = requestAnimationFrame(() => {
    second = requestAnimationFrame(callback);
  });
  return () => {
    cancelAnimationFrame(first);
    cancelAnimationFrame(second);
  };
};

const describeError = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/**
 * Creates the controller of one embed. Creating it has no side effect (safe during server rendering and in
 * render functions that run twice); {@link EmbedController.attach} starts the work. A bad identity (a missing
 * `publicId`, an `http:` tenant that is not loopback, the app surface without any session source) throws here.
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
export function createEmbedController(options: EmbedControllerOptions): EmbedController {
  const { surface, embedId, session: given } = options;
  const signed = given !== undefined || options.getSession !== undefined;
  /** Whether the iframe starts hidden, to be shown once ready (`reveal: 'ready'`, the default). */
  const hidden = options.reveal !== 'immediate';
  let live: EmbedLiveOptions = options;

  // The identity (surface, ids, export, params) is the options'; filters and locale are the latest live values.
  const address = (session: string | undefined): string =>
    buildEmbedUrl({ ...options, session, filters: live.filters, locale: live.locale });
  // Validate the identity now, with a stand-in session, so a bad prop fails where it is written.
  address(signed ? 'session' : undefined);

  // The app's debug hook is added and removed with the attachment (see setDebugHook), not given to the bridge.
  const bridge = createEmbedBridge({ ...options, onDebug: undefined });
  // The address already carries the first filters and locale.
  const sync = createControlledSync(bridge, options);

  let snapshot = IDLE_SNAPSHOT;
  const placement = options.keepAlive?.createPlacement() ?? createStaticPlacement();
  const listeners = new Set<() => void>();
  /**
   * Tells the inspector which lifecycle step this was. Development only and guarded twice, like the bridge's
   * taps (the inspector's one reader renders nothing in production): inside, so nothing of the inspector is
   * kept, and at each call, so a production bundle drops the call with its step names too.
   */
  const trace = (phase: string, detail?: string): void => {
    if (isDevelopment && embedInspector.active) embedInspector.emit({ kind: 'lifecycle', embedId, at: Date.now(), phase, detail });
  };
  /** Publishes a new snapshot. */
  const set = (change: Partial<EmbedControllerSnapshot>): void => {
    snapshot = { ...snapshot, ...change };
    for (const listener of [...listeners]) listener();
  };

  let iframe: HTMLIFrameElement | null = null;
  let disconnect: (() => void) | undefined;
  let removeDebugHook: (() => void) | undefined;
  let destroyed = false;
  let teardownScheduled = false;
  /**
   * Bumped by every start (0 until the first) and by teardown: a late `getSession` answer or timer of an
   * earlier load is ignored.
   */
  let generation = 0;
  let abort: AbortController | undefined;
  let readySinceLoad = false;
  /** Renewals since the last `ready`: at most one, so a platform that keeps refusing cannot loop. */
  let renewalsWithoutReady = 0;
  let lastPath: string | undefined;
  let cancelReveal: (() => void) | undefined;
  let revealTimer: ReturnType<typeof setTimeout> | undefined;
  /** Per iframe document: `load` events seen, and whether the first document sent `ready` before its `load`. */
  let frameLoads = 0;
  let readyAtLoad = -1;
  let readyBeforeLoad: boolean | undefined;

  const clearRevealWork = (): void => {
    cancelReveal?.();
    clearTimeout(revealTimer);
  };

  const show = (): void => {
    clearRevealWork();
    if (iframe) setFrameHidden(iframe, false);
    if (!snapshot.visible) {
      set({ visible: true });
      if (isDevelopment) trace('revealed');
    }
  };

  const fail = (error: ErrorPayload, fromEmbed?: boolean): void => {
    abort?.abort();
    if (fromEmbed) {
      // The embed's own error page is worth seeing when the app shows no fallback over it.
      show();
    } else {
      clearRevealWork();
      bridge.store.setState({ status: 'error', lastError: error });
      live.onFailure?.(error);
    }
    set({ phase: 'error', error });
    if (isDevelopment) trace('error', error.message);
  };

  /** A failure of the host's own making (the address, the session), in the shape of an embed's fatal error. */
  const refuse = (context: string, message: string, name = 'SessionError'): void =>
    fail({ name, context, fatal: true, message });

  const refuseUsedSession = (): void =>
    refuse(
      'session',
      isDevelopment
        ? 'This embed session was already loaded on this page, and sessions are single-use. Pass getSession ' +
            '(on the component or on <SvcProvider>) so each load gets a new session.'
        : 'session already used',
    );

  const onFrameLoad = (frame: HTMLIFrameElement, loadGeneration: number): void => {
    if (loadGeneration !== generation || frame !== iframe) return;
    frameLoads += 1;
    // The document was replaced without us (the embed reloaded itself): its actions must wait for its next
    // ready. A first document that sent ready before its load event tells us this embed does that: then a
    // ready seen since the previous load belongs to the new document.
    if (frameLoads > 1 && !(readyBeforeLoad && readyAtLoad === frameLoads - 1)) {
      readySinceLoad = false;
      bridge.reset();
      if (isDevelopment) trace('reloaded');
    }
    if (!readySinceLoad && hidden && !snapshot.visible) {
      clearTimeout(revealTimer);
      revealTimer = setTimeout(() => {
        if (loadGeneration === generation && !readySinceLoad && snapshot.phase === 'loading') show();
      }, options.revealTimeoutMs ?? 1500);
    }
  };

  const load = (session: string | undefined, loadGeneration: number): void => {
    if (loadGeneration !== generation) return;
    let src: string;
    try {
      src = address(session);
    } catch (error) {
      refuse('address', describeError(error), 'TypeError');
      return;
    }
    if (session !== undefined) sessionLedger.add(session);
    const previous = iframe;
    const frame = createEmbedIframe(src, embedId, live.title ?? `Analytics ${surface}`, hidden);
    frame.addEventListener('load', () => onFrameLoad(frame, loadGeneration));
    iframe = frame;
    frameLoads = 0;
    readyAtLoad = -1;
    readySinceLoad = false;
    // A new document in a new element: no history entry, and nothing of the old one can post as the new.
    if (previous) bridge.reset();
    placement.put(frame, previous);
    if (!hidden) show();
    set({ phase: 'loading', loads: snapshot.loads + 1, visible: !hidden, error: null });
    if (isDevelopment) trace('loading', session === undefined ? 'private mode' : 'signed mode');
  };

  /** Finds the session for a new load (synchronously when it can), then loads. */
  const start = (reason: SessionRequestReason): void => {
    const loadGeneration = ++generation;
    clearRevealWork();
    const { getSession } = live;
    // Unsigned (no session: `given` is undefined too), or a session this page never loaded: on the first load,
    // or on a retry without getSession (the first address could not be built, so the session is still unused).
    if (!signed || (given !== undefined && !sessionLedger.has(given) && (reason === 'initial' || !getSession))) {
      load(given, loadGeneration);
      return;
    }
    if (getSession === undefined) {
      refuseUsedSession();
      return;
    }
    abort?.abort();
    const controller = new AbortController();
    abort = controller;
    set({ phase: reason === 'renewal' ? 'renewing' : 'session', visible: false, error: null });
    if (isDevelopment) trace('session-requested', reason);
    let pending: Promise<string>;
    try {
      pending = Promise.resolve(
        getSession({ surface, embedId, publicId: options.publicId, deploymentId: options.deploymentId, reason, signal: controller.signal }),
      );
    } catch (error) {
      pending = Promise.reject(error);
    }
    pending.then(
      (session) => {
        if (loadGeneration !== generation) return;
        abort = undefined;
        if (typeof session !== 'string' || session === '') refuse('getSession', 'getSession did not return a session id');
        else if (sessionLedger.has(session)) refuseUsedSession();
        else load(session, loadGeneration);
      },
      (error: unknown) => {
        if (loadGeneration === generation) refuse('getSession', `getSession failed: ${describeError(error)}`);
      },
    );
  };

  bridge.onAny((message: SvcEventMessage): void => {
    switch (message.type) {
      case 'svc:event:ready': {
        readySinceLoad = true;
        renewalsWithoutReady = 0;
        readyAtLoad = frameLoads;
        readyBeforeLoad ??= frameLoads === 0;
        if (bridge.store.getState().readyCount > 1) {
          // A new document lost the runtime state: send every controlled value again, and go back to where
          // the viewer was. A controlled `path` is sent by reapply and wins; otherwise the last reported path.
          sync.reapply(live);
          if (live.path === undefined && lastPath !== undefined) bridge.send('svc:action:navigate', { path: lastPath });
        }
        if (snapshot.phase !== 'ready' || snapshot.error !== null) set({ phase: 'ready', error: null });
        if (!snapshot.visible) {
          clearRevealWork();
          // The flushed actions are on their way, but the embed usually draws its first screen (in its default
          // look) before it reads them, and nothing it sends tells us when it has: give it `revealSettleMs`, then
          // show it after the next paint.
          const settle = setTimeout(() => {
            cancelReveal = afterPaint(show);
          }, options.revealSettleMs ?? 150);
          cancelReveal = () => clearTimeout(settle);
        }
        return;
      }
      case 'svc:event:view':
      case 'svc:event:navigate':
        lastPath = message.payload.path;
        sync.observePath(lastPath);
        return;
      case 'svc:event:error': {
        const error = message.payload;
        if (error.fatal !== true) return;
        if (signed && live.getSession !== undefined && renewalsWithoutReady === 0 && isSessionFailure(error, { signed, readySinceLoad })) {
          renewalsWithoutReady += 1;
          bridge.store.setState({ status: 'loading' });
          set({ renewals: snapshot.renewals + 1 });
          if (isDevelopment) trace('renewing', error.name ?? error.message);
          start('renewal');
        } else fail(error, true);
        return;
      }
      default:
    }
  });

  const teardown = (): void => {
    if (destroyed) return;
    destroyed = true;
    generation += 1;
    clearRevealWork();
    abort?.abort();
    // Destroying the bridge disconnects it and drops every hook, the app's debug hook too.
    bridge.destroy();
    placement.dispose();
    iframe = null;
    set({ phase: 'destroyed', visible: false });
    if (isDevelopment) trace('destroyed');
  };

  const setDebugHook = (hook: EmbedDebugHook | undefined): void => {
    // Installed only while the app has one, so a dropped foreign message costs nothing otherwise.
    if (hook && !removeDebugHook) removeDebugHook = bridge.addDebugHook((report) => live.onDebug?.(report));
    else if (!hook && removeDebugHook) {
      removeDebugHook();
      removeDebugHook = undefined;
    }
  };

  /** Keeps the embed (a pending teardown is called off), connects its bridge, and starts the first load. */
  const begin = (): void => {
    teardownScheduled = false;
    if (!bridge.isConnected) disconnect = bridge.connect(() => iframe?.contentWindow);
    if (!generation) start('initial');
  };

  return {
    bridge,
    get iframe() {
      return iframe;
    },
    getSnapshot: () => snapshot,
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    attach(element) {
      if (destroyed) throw new Error(`embed "${embedId}" was destroyed; create a new controller`);
      placement.show(element);
      if (snapshot.parked) {
        set({ parked: false });
        if (isDevelopment) trace('shown');
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
      live = next;
      setDebugHook(next.onDebug);
      if (iframe && next.title !== undefined && iframe.title !== next.title) iframe.title = next.title;
      if (!destroyed) sync.update(next);
    },
    park() {
      if (destroyed || !options.keepAlive) return;
      placement.park();
      begin();
      set({ parked: true });
      if (isDevelopment) trace('parked');
    },
    retry() {
      // Only after an error (a destroyed embed is in its own phase).
      if (snapshot.phase !== 'error') return;
      renewalsWithoutReady = 0;
      bridge.store.setState({ status: 'loading', lastError: null });
      start('retry');
    },
    destroy: teardown,
  };
}
