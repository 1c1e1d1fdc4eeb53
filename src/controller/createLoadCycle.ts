import { buildEmbedUrl } from '../protocol/buildEmbedUrl.js';
import type { EmbedBridge } from '../runtime/createEmbedBridge.js';
import type { ErrorPayload } from '../protocol/eventPayloads.js';
import { isDevelopment } from '../protocol/isDevelopment.js';
import type { SvcCodedError } from '../protocol/svcError.js';
import type { ControlledSync } from './createControlledSync.js';
import { createEmbedFrame, type EmbedFrame } from './createEmbedFrame.js';
import { createRenewal, type Renewal } from './createRenewal.js';
import { createReveal } from './createReveal.js';
import { type SessionSource, sessionError } from './createSessionSource.js';
import type { Lifecycle } from './createLifecycle.js';
import type { EmbedUpdatableOptions } from './EmbedUpdatableOptions.js';
import type { EmbedOptions } from './EmbedOptions.js';
import type { FramePlacement } from './FramePlacement.js';
import { isSessionFailure } from './isSessionFailure.js';
import type { SessionRequestReason } from './SessionRequest.js';
import type { SvcErrorPayload } from './SvcErrorPayload.js';
import { ledgerOf } from './sessionLedger.js';
import { traceLifecycle } from './traceLifecycle.js';

/** The embed's own error as the app hears it: coded `SVC310`, with the embed's name and message kept. */
const embedError = (error: ErrorPayload): SvcErrorPayload => ({ ...error, code: 'SVC310' });

/** The loads of one embed: each of its documents, from the session to `ready`, renewals and failure. */
export interface LoadCycle {
  /** The iframe of the current load. */
  readonly frame: EmbedFrame;
  /** The renewal policy of the loaded sessions. */
  readonly renewal: Renewal;
  /** Finds the session for a new load (at once when it can), then loads. */
  start(reason: SessionRequestReason): void;
  /**
   * The app's new session for a started embed; the latest always wins. A ready embed with nothing in flight
   * takes it in place; otherwise whatever is on its way for an older session (a `getSession`, a handover, a
   * load before `ready`) is called off, and this one is loaded.
   */
  offer(session: string): void;
  /** Ends in the error phase; `fromEmbed`: the embed's own fatal error, whose page is shown. */
  fail(error: SvcErrorPayload, fromEmbed?: boolean): void;
  /** Calls off whatever was on its way for the current load: a session, a renewal, a reveal. */
  halt(): void;
}

/** What a load cycle works with: its embed's parts, each a named contract. */
export interface LoadCycleParts {
  /** The embed's options as created (its identity, reveal rule, limits). */
  readonly options: EmbedOptions;
  /** The latest updatable options (the controlled values, `session`, `getSession`, callbacks). */
  readonly readOptions: () => EmbedUpdatableOptions;
  /** The embed's message bridge: what each document says, and the actions it is sent. */
  readonly bridge: EmbedBridge;
  /** Sends the controlled values again to a document that lost them. */
  readonly sync: ControlledSync;
  /** Where the iframe goes (the page element, or the keep-alive parking area). */
  readonly placement: FramePlacement;
  /** Where sessions come from (the `session` option, `getSession`). */
  readonly sessions: SessionSource;
  /** The lifecycle state: every step of the cycle is dispatched to it. */
  readonly lifecycle: Lifecycle;
}

/**
 * Creates the load cycle of one embed. A load takes a session from `sessions`, puts the address into a new
 * iframe (through `placement`), and shows it by the reveal rule; the cycle then follows what the document says
 * on `bridge` (`ready`, `session-expiring`, `session-expired`, `error`) and does on its own (a reload), sends
 * the controlled values again through `sync` when a document lost them, renews its session, and ends in the
 * error phase when nothing else helps. Each step it takes is dispatched to `lifecycle`.
 */
export function createLoadCycle({ options, readOptions, bridge, sync, placement, sessions, lifecycle }: LoadCycleParts): LoadCycle {
  const { state: snapshot, dispatch } = lifecycle;
  /** Whether the iframe starts hidden, to be shown once ready (`reveal: 'ready'`, the default). */
  const hidden = options.reveal !== 'immediate';
  /** Bumped by every start, load and halt: a late session (or failure) for an earlier start is ignored. */
  let generation = 0;
  /** Whether the current document was loaded with a session: only then is its session renewed. */
  let loadSigned: boolean;
  /** Until it fires, the current load may send its first `ready` (see `readyTimeoutMs`). */
  let readyTimer: ReturnType<typeof setTimeout> | undefined;

  // Nothing else of the reveal is pending when this runs: it is the reveal's own step, or follows a cancel.
  const reveal = createReveal({ show: () => dispatch({ type: 'reveal' }), settleMs: options.revealSettleMs, loadTimeoutMs: options.revealTimeoutMs });
  // Whether the current document has sent `ready` is the bridge's to know: it waits for that to post actions.
  const frame = createEmbedFrame({ placement, embedId: options.embedId, frameLoaded: (reloaded) => {
    // The document was replaced without us: its actions wait for its own ready, its pending reveal is off.
    if (reloaded) {
      bridge.reset();
      renewal.reset();
      if (isDevelopment) traceLifecycle(options, 'reloaded');
    }
    const { phase, visible } = snapshot();
    if (!bridge.isReady && hidden && !visible && (phase === 'loading' || phase === 'ready')) reveal.afterLoad();
  } });
  // The iframe is shown exactly when the state says so: a reveal, a load shown at once, the embed's own error
  // page; a renewal by reload hides the one being replaced.
  lifecycle.subscribe(() => frame.hide(!snapshot().visible));

  const halt = (): void => {
    generation += 1;
    clearTimeout(readyTimer);
    sessions.abort();
    renewal.reset(true);
    reveal.cancel();
  };

  const fail = (error: SvcErrorPayload, fromEmbed?: boolean): void => {
    halt();
    // The embed's own error page is worth seeing when the app shows no fallback over it; the store keeps what
    // the embed said (the bridge wrote it). A failure of the host's making goes to the store here.
    readOptions().onFailure?.(error);
    dispatch({ type: 'fail', error, fromEmbed });
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
    generation += 1;
    const src = address(session);
    if (src === undefined) return;
    loadSigned = session !== undefined;
    if (session !== undefined) ledgerOf(options).add(session);
    renewal.reset(true);
    reveal.cancel();
    // A new document in a new element: nothing of the old one can post as the new.
    bridge.reset();
    frame.load(src, readOptions().title ?? `Analytics ${options.surface}`);
    dispatch({ type: 'load', showNow: !hidden, signed: loadSigned });
    // A wrong tenant port, a frame the platform's frame-ancestors policy blocks and an address that is not the
    // platform all look like a document that never says ready: its first ready is awaited readyTimeoutMs. A
    // private load has no limit unless one is given: its viewer may be signing in there, which sends none.
    clearTimeout(readyTimer);
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
    dispatch({ type: 'request', reason });
    session.then(
      (id) => loadGeneration === generation && load(id),
      (error: SvcErrorPayload) => loadGeneration === generation && fail(error),
    );
  };

  const renewal = createRenewal({
    take: async (expiresAt) => sessions.take('renewal', expiresAt),
    started(inPlace) {
      // In place the viewer keeps the embed; a reload hides the iframe being replaced (its clicks go nowhere).
      if (!inPlace) frame.retire();
      dispatch({ type: 'renew', inPlace });
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
    const renewing = loadSigned && snapshot().phase !== 'error';
    switch (message.type) {
      case 'svc:event:ready': {
        const { session } = readOptions();
        // A failed embed keeps a new session from the app for its retry: a late ready from the document it
        // failed with (loaded with an older session, maybe another viewer's) must not bring that one back.
        if (snapshot().phase === 'error' && session !== undefined && !ledgerOf(options).has(session)) return;
        clearTimeout(readyTimer);
        frame.ready();
        // A new document lost the runtime state: send every controlled value again, and go back to where the
        // viewer was. A session handed over in place kept it.
        // In place, only what the embed refused while its token was expired goes again (see forget).
        if (renewal.answer()) sync.update(readOptions());
        else if (bridge.store.getState().readyCount > 1) sync.reapply(readOptions());
        // A ready embed has no error (every step out of the error phase clears it): only the phase can be new.
        dispatch({ type: 'ready' });
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
        } else if (snapshot().phase !== 'error') fail(embedError(error), true);
        return;
      }
    }
  });

  const offer = (session: string): void => {
    if (snapshot().phase === 'ready' && renewal.offer(session)) return;
    halt();
    load(session);
  };

  return { frame, renewal, start, offer, fail, halt };
}
