import { createEmbedBridge } from '../runtime/createEmbedBridge.js';
import { runtimeOf } from '../runtime/defaultEmbedRuntime.js';
import { isDevelopment } from '../protocol/isDevelopment.js';
import { type SvcCodedError, svcError, withSubject } from '../protocol/svcError.js';
import type { EmbedBridge } from '../runtime/createEmbedBridge.js';
import { createControlledSync } from './createControlledSync.js';
import { createDebugHookSwitch } from './createDebugHookSwitch.js';
import { createLifecycle } from './createLifecycle.js';
import { createLoadCycle } from './createLoadCycle.js';
import { createSessionSource, isUsableSession, sessionError } from './createSessionSource.js';
import type { EmbedController } from './EmbedController.js';
import type { EmbedUpdatableOptions } from './EmbedUpdatableOptions.js';
import type { EmbedOptions } from './EmbedOptions.js';
import { createStaticPlacement } from './FramePlacement.js';
import { onTabWake } from './onTabWake.js';
import type { SessionRequestReason } from './SessionRequest.js';
import { ledgerOf } from './sessionLedger.js';

/** `message` naming `subject` right after its code, unless it already does (or there is no subject). */
const namedAfter = (message: string, subject: string | undefined): string =>
  subject === undefined || message.startsWith(subject, 7) ? message : withSubject(message, subject);

/**
 * Creates the controller of one embed: a composition of its message bridge, controlled sync, frame placement,
 * session source and load cycle (iframe, reveal, renewal), with the snapshot a UI renders from. Creating it has no side effect (safe during server rendering
 * and in render functions that run twice); {@link EmbedController.attach} starts the work. A bad identity (a
 * missing `publicId`, an `http:` tenant that is not loopback, the app surface without any session source)
 * never throws: once attached, the embed fails with the coded error (its `errorFallback` and `onError` see
 * it), and nothing is asked of `getSession`. Nor does a bad controlled value (`SVC141`, `SVC130`, ...) or
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
  // The rest of the identity is the first load's to refuse (see the load cycle's start).
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
  const placement = options.keepAlive?.createPlacement?.() ?? createStaticPlacement();
  const setDebugHook = createDebugHookSwitch(bridge, (report) => live.onDebug?.(report));
  const latest = (): EmbedUpdatableOptions => live;
  /** The lifecycle state, the snapshot a UI renders: replaced (never mutated) at every step. */
  const lifecycle = createLifecycle(options, bridge);
  const { state: snapshot, dispatch } = lifecycle;
  const destroyed = (): boolean => snapshot().phase === 'destroyed';

  const { frame, renewal, start, offer, fail, halt } = createLoadCycle({
    options,
    readOptions: latest,
    bridge,
    sync,
    placement,
    sessions: createSessionSource({ identity: options, signed: () => signed, readOptions: latest }),
    lifecycle,
  });

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
    dispatch({ type: 'destroy' });
  };

  /** Keeps the embed (a pending teardown is called off), connects it, and starts the first load. */
  const begin = (): void => {
    teardownScheduled = false;
    if (!bridge.isConnected) disconnect = bridge.connect(() => frame.element?.contentWindow);
    // A renewal that should have happened while the tab slept happens when it is back. (In the error phase
    // none is planned: the failure reset the renewal, and only a new load's events plan one.)
    stopWaking ??= onTabWake(renewal.wake);
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
    if (snapshot().phase === 'error' && sync.update(live)) go('retry');
  }

  return {
    bridge,
    get iframe() {
      return destroyed() ? null : frame.element;
    },
    getSnapshot: snapshot,
    subscribe: lifecycle.subscribe,
    attach(element) {
      if (destroyed()) throw svcError(307, `embed "${embedId}"${isDevelopment ? ' was destroyed; create a new controller' : ''}`, Error);
      placement.show(element);
      runtimeOf(options).registry.setParked(embedId, false);
      dispatch({ type: 'show' });
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
      placement.park();
      begin();
      // Out of reach of hooks and actions that name no embed, until shown again.
      runtimeOf(options).registry.setParked(embedId, true);
      dispatch({ type: 'park' });
    },
    retry,
    fail: refuse,
    destroy: teardown,
  };
}
