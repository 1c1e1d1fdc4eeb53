import type { ErrorPayload } from '../protocol/eventPayloads.js';
import { isDevelopment } from '../protocol/isDevelopment.js';
import { sessionError } from './createSessionSource.js';
import type { EmbedControllerSnapshot, EmbedPhase } from './EmbedController.js';
import { isSessionFailure } from './isSessionFailure.js';
import {
  HANDOVER_TIMEOUT_MS,
  MAX_TIMER_MS,
  RENEWAL_WINDOW_MS,
  RENEWALS_PER_WINDOW,
  RETRY_FIRST_DELAY_MS,
  RETRY_MAX_DELAY_MS,
  WAKE_SPREAD_MS,
} from './lifecycleLimits.js';
import type { SessionRequestReason } from './SessionRequest.js';
import type { SvcErrorPayload } from './SvcErrorPayload.js';

/*
 * The embed lifecycle as one state machine. `transition(state, event, context, effects)` returns the next
 * state; it reads the world only from `context` and acts on it only through `effects`, a port of named effects
 * (load an iframe, hand a session over, ask for a session, set a timer...) that the controller runs once the
 * new state is in place, and a test records. Whatever an effect learns comes back as an event. The snapshot a
 * UI renders and the state store's `status` / `lastError` are derived from the state by `snapshotOf` and
 * `storeUpdate`, nowhere else.
 *
 * States (`status`); `parked` is a flag beside them (a parked embed lives on, shown nowhere):
 *   idle          created, not attached (also during server rendering)
 *   requesting    a new load waits for its session (getSession)
 *   loading       the iframe loads; its first `ready` has not come
 *   ready         the current document sent `ready`
 *   renewing      a renewal in place waits for its session: the document stays and will be handed it
 *   reloading     a renewal by reload waits for its session: the old iframe is hidden, the session will be loaded
 *   handing-over  a session was handed to the live document (`set-session`); its `ready` is awaited
 *   failed        a coded error is shown (error fallback, or the embed's own error page); `retry` starts over
 *   destroyed     torn down; every event is ignored
 *
 * Transitions ("renew" passes the bound: at most 3 renewals in any minute, else failed with SVC306; a renewal
 * in flight is joined, not doubled; it goes in place (renewing) once the document said ready and spoke of its
 * token, else by reload (reloading); "load s" makes a new iframe with session s and waits for `ready` at most
 * readyTimeoutMs; "request" asks for a session, aborting any earlier request, for at most sessionTimeoutMs):
 *
 *   state          event                                next state      effects
 *   idle           attach / park                        requesting      request (signed), else load
 *   requesting     session settled (latest request)     loading         load s
 *   requesting     session failed / timed out           failed          report
 *   requesting     session prop s                       loading         abort request, load s
 *   loading        ready                                ready           reveal; values re-sent to a 2nd+ document
 *   loading        ready, a session prop came meanwhile handing-over    hand the prop over before any reveal
 *   loading        ready timer                          failed          SVC309, report
 *   loading        session prop s                       loading         kept, handed over at ready
 *   ready          session-expiring t (finite)          ready           plan a renewal in the first half of t-now
 *                                                                       (t past: renew now; beyond 2^31-1 ms:
 *                                                                       re-plan when that timer ends)
 *   ready          planned renewal due / session-expired renewing /    renew
 *                                                       reloading
 *   ready          fatal session failure (getSession)   renewing /      renew, not reported
 *                                                       reloading
 *   ready          session prop s                       handing-over    hand s over
 *   ready          tab wake, planned renewal overdue    ready           renew within a 2 s random spread
 *   renewing       session settled                      handing-over    hand s over, 10 s handover timer (a
 *                                                                       document that reloaded meanwhile: load s)
 *   reloading      session settled                      loading         load s
 *   renewing       session failed, token still trusted  renewing        retry after min(1 s * 2^n, 30 s), if that
 *                                                                       comes before the announced end
 *   renewing       session failed, offline              renewing        wait for `online`, then request again
 *   renewing /     session failed otherwise             failed          report
 *   reloading
 *   renewing       session prop s                       handing-over    abort request; hand s over (a document
 *                                                                       that reloaded meanwhile: load s)
 *   reloading      session prop s                       loading         abort request; load s
 *   handing-over   ready from the same document         ready           re-send what the embed refused meanwhile
 *   handing-over   ready from a reloaded document       handing-over    re-send every value and the last path
 *   handing-over   SessionError (refused)               loading         load the refused session
 *   handing-over   handover timer (10 s)                reloading       request a new session to load (without
 *                                                                       getSession: load the handed one)
 *   handing-over   session prop s                       handing-over    hand s over too (the latest wins)
 *   any live       iframe reloaded by itself            same            new document: not ready, not speaking
 *   reloading      anything the retired document says   same            ignored (it is on its way out)
 *   any live       fatal error (not a renewable one)    failed          embed's page shown, reported with SVC310
 *   failed         a value of the app refused           failed          that refusal shown and reported instead
 *   failed         retry                                requesting      request (or load)
 *   failed         session prop s                       loading         load s (never the older viewer)
 *   failed         online; the shown document spoke,    renewing        renew (the network came back), within
 *                  not parked                                           the bound
 *   failed         ready after SVC309, or the embed     ready           the embed recovered by itself (a session
 *                  recovered from its own error                         prop kept from the load is handed over)
 *   any            destroy                              destroyed       abort, clear every timer
 */

/** The states of the machine (see the table above). */
export type LifecycleStatus =
  | 'idle'
  | 'requesting'
  | 'loading'
  | 'ready'
  | 'renewing'
  | 'reloading'
  | 'handing-over'
  | 'failed'
  | 'destroyed';

/** The timers the machine sets; each one's end comes back as a `timer` event. */
export type LifecycleTimer = 'ready' | 'session' | 'handover' | 'renew' | 'retry';

/** A session handed to the document and not answered yet. */
interface HandoverState {
  readonly session: string;
  /**
   * How many handovers to the current document are unanswered (a newer session may follow an older one); 0
   * once that document replaced itself: the new document's `ready` answers none of them.
   */
  readonly answers: number;
  /** Part of a renewal (shown as `renewing`), rather than a session the app passed. */
  readonly renewal: boolean;
}

/** The whole state of one embed's lifecycle (an optional field is absent while there is none). */
export interface LifecycleState {
  readonly status: LifecycleStatus;
  readonly parked: boolean;
  readonly visible: boolean;
  /** `reveal: 'ready'`: a new iframe starts hidden and is shown after its `ready`. */
  readonly hidden: boolean;
  /** Signed mode: the embed has a session source. */
  readonly signed: boolean;
  /** The failure shown while `failed` (only read then). */
  readonly error: ErrorPayload | null;
  /** The failure is the embed's own error page (shown, the store keeps what the embed said). */
  readonly fromEmbed: boolean;
  readonly loads: number;
  readonly renewals: number;
  /** Some document of this embed sent `ready`: a later new document has lost what was sent to it. */
  readonly everReady: boolean;
  /** The current document was loaded with a session: only then is it renewed. */
  readonly loadSigned: boolean;
  /** The current document sent `ready`. */
  readonly docReady: boolean;
  /** The current document (a signed one) announced the end of its token: it takes a session in place. */
  readonly speaks: boolean;
  /** When the current token ends, as the document announced (epoch ms). */
  readonly expiresAt?: number | undefined;
  /** When the planned renewal is due (epoch ms). */
  readonly renewAt?: number | undefined;
  /** When each recent renewal started (the bound). */
  readonly recent: readonly number[];
  /**
   * The id of the session request in flight: the only one whose answer counts. What its session is for
   * follows from the status (`renewing`: the live document; otherwise a new load).
   */
  readonly inFlight?: number | undefined;
  readonly lastRequestId: number;
  /** With `handing-over`, the session handed over (undefined in every other state). */
  readonly handover?: HandoverState | undefined;
  /** A session the app passed while the document was loading: handed over at its `ready`. */
  readonly pendingOffer?: string | undefined;
  /** Failed tries of the renewal's session request (set when a renewal starts). */
  readonly attempts: number;
  /** The renewal's session request waits for the network. */
  readonly offline: boolean;
  /** A failure found when the embed was created, reported once it is attached (never while rendering). */
  readonly unreported: boolean;
}

/** What happened: the app, the document, the network, a timer or a session request speaking. */
export type LifecycleEvent =
  | { readonly type: 'attach' }
  | { readonly type: 'park' }
  /** A private-mode embed was given a session source: it loads signed. */
  | { readonly type: 'signed' }
  /** The app passed a usable session this page never loaded. */
  | { readonly type: 'session-prop'; readonly session: string }
  | { readonly type: 'session-settled'; readonly id: number; readonly session: string | undefined }
  /** `final`: not worth another try (an unusable or already used session). */
  | { readonly type: 'session-failed'; readonly id: number; readonly error: ErrorPayload; readonly final?: boolean }
  /** A failure the host found: a bad option, an address it cannot build, an unusable session prop. */
  | { readonly type: 'refused'; readonly error: ErrorPayload }
  | { readonly type: 'frame-loaded'; readonly reloaded: boolean }
  | { readonly type: 'ready' }
  | { readonly type: 'session-expiring'; readonly expiresAt: number }
  | { readonly type: 'session-expired' }
  | { readonly type: 'embed-error'; readonly error: ErrorPayload }
  | { readonly type: 'timer'; readonly name: LifecycleTimer }
  | { readonly type: 'wake' }
  | { readonly type: 'online' }
  | { readonly type: 'retry' }
  | { readonly type: 'revealed' }
  | { readonly type: 'destroy' };

/**
 * What the machine asks of the world, one method per effect, called in the order the effects are to run. The
 * controller runs them once the new state is in place (an effect that raises an event queues it); a test
 * records them.
 */
export interface LifecycleEffects {
  /** Asks for a session; its answer comes back as `session-settled` or `session-failed` with this `id`. */
  request(id: number, reason: SessionRequestReason, expiresAt: number | undefined): void;
  /** Gives up the session request `id` (its signal is aborted). */
  abort(id: number): void;
  /** Loads a new iframe with the session (any pending reveal of the old one is called off). */
  load(session: string | undefined): void;
  /** Hands the session to the live document (`svc:action:set-session`). */
  handOver(session: string): void;
  /** Hides the current iframe, calls off its reveal and stops hearing it: it is being replaced. */
  retire(): void;
  /** Shows the iframe now. */
  show(): void;
  /** Shows the iframe once it has settled after its `ready`, or after its load event. */
  reveal(after: 'ready' | 'load'): void;
  /** Calls off a pending reveal. */
  cancelReveal(): void;
  /** Starts (or restarts) the named timer; its end comes back as a `timer` event. */
  timer(name: LifecycleTimer, ms: number): void;
  clear(...names: LifecycleTimer[]): void;
  /** Sends the controlled values: `all` to a new document (and back to its last path), else what changed. */
  sync(all: boolean): void;
  /** The embed refused actions (its token had expired): the next sync sends every value. */
  forget(): void;
  /** Tells the app (onError) about a failure it should hear. */
  report(error: ErrorPayload): void;
  /** Development only: tells the inspector which step the embed took. */
  trace(phase: string, detail?: string): void;
}

/** Facts of the moment the controller reads for each transition, so the transition itself reads no world. */
export interface LifecycleContext {
  readonly now: number;
  /** A random number in [0, 1): where in a window a spread renewal falls. */
  readonly random: number;
  /** `navigator.onLine`. */
  readonly online: boolean;
  /** The app gave `getSession`: a new session can be asked for at any time. */
  readonly fetchable: boolean;
  readonly readyTimeoutMs: number;
  readonly sessionTimeoutMs: number;
}

/** The state of a new embed. */
export function initialLifecycle(options: { readonly hidden: boolean; readonly signed: boolean; readonly refusal?: ErrorPayload | undefined }): LifecycleState {
  const { refusal } = options;
  return {
    status: refusal ? 'failed' : 'idle',
    parked: false,
    visible: false,
    hidden: options.hidden,
    signed: options.signed,
    error: refusal ?? null,
    fromEmbed: false,
    loads: 0,
    renewals: 0,
    everReady: false,
    loadSigned: false,
    docReady: false,
    speaks: false,
    recent: [],
    lastRequestId: 0,
    attempts: 0,
    offline: false,
    unreported: refusal !== undefined,
  };
}

/** The states in which a document is (or is about to be) on screen and what it says counts. */
const LIVE: readonly LifecycleStatus[] = ['loading', 'ready', 'renewing', 'handing-over'];

/** What the document of a renewal by reload may say: nothing it says counts any more (see `reloading`). */
const FROM_RETIRED_DOCUMENT: readonly LifecycleEvent['type'][] = ['frame-loaded', 'session-expiring', 'session-expired', 'embed-error'];

/** The embed's own error, coded, its name and message kept: what reaches `onError` always has a code. */
const embedError = (error: ErrorPayload): ErrorPayload => ('code' in error ? error : { ...error, code: 'SVC310' } as SvcErrorPayload);

/**
 * The transition function: the next state for `event` in `state` (see the table at the top of this file),
 * with its effects asked of `effects` in order. Everything it needs to know about the world comes in
 * `context`; the caller's state is never touched.
 */
export function transition(state: LifecycleState, event: LifecycleEvent, context: LifecycleContext, effects: LifecycleEffects): LifecycleState {
  // The status the event finds (the draft's may change as it is handled).
  const { status } = state;
  if (status === 'destroyed') return state;
  // While a renewal by reload waits for its session, the document on its way out (retired: hidden, inert) no
  // longer speaks for the embed: what it says is ignored (a ready still spends the queued values, see below).
  if (status === 'reloading' && FROM_RETIRED_DOCUMENT.includes(event.type)) return state;

  // One mutable draft per transition, for readability.
  const next: { -readonly [K in keyof LifecycleState]: LifecycleState[K] } = { ...state };
  const { now } = context;
  const live = LIVE.includes(status);
  const timer = (name: LifecycleTimer, ms: number): void => effects.timer(name, Math.min(Math.max(0, ms), MAX_TIMER_MS));
  const renewalInFlight = (): boolean => next.status === 'renewing' || next.status === 'reloading' || next.status === 'handing-over';
  /** The renewals of the last minute (the bound). */
  const recentRenewals = (): number[] => next.recent.filter((at) => at > now - RENEWAL_WINDOW_MS);

  const dropRequest = (): void => {
    if (next.inFlight !== undefined) effects.abort(next.inFlight);
    next.inFlight = undefined;
    next.offline = false;
    effects.clear('session', 'retry');
  };

  /** Ends every wait but the token's: the session request, the timers, the handover and any pending reveal. */
  const endWaits = (): void => {
    dropRequest();
    effects.clear('ready', 'handover', 'renew');
    effects.cancelReveal();
    next.renewAt = next.handover = undefined;
  };

  /** Calls off the planned renewal. */
  const unplan = (): void => {
    next.renewAt = undefined;
    effects.clear('renew');
  };

  /** Forgets what the document said about its token and any plan made from it. */
  const forgetToken = (): void => {
    next.expiresAt = undefined;
    unplan();
  };

  /** The document on screen is being replaced: hidden, its reveal called off, no longer heard. */
  const retireDocument = (): void => {
    effects.retire();
    next.visible = false;
  };

  const show = (): void => {
    next.visible = true;
    effects.show();
    if (isDevelopment) effects.trace('revealed');
  };

  /** Shows a hidden embed once its document is ready (reveal timing), or leaves it as it is. */
  const revealAfterReady = (): void => {
    if (!next.visible) effects.reveal('ready');
  };

  /** Asks for a session; an earlier request in flight is aborted (its answer would be discarded anyway). */
  const request = (reason: SessionRequestReason): void => {
    dropRequest();
    next.inFlight = next.lastRequestId += 1;
    effects.request(next.inFlight, reason, reason === 'renewal' ? next.expiresAt : undefined);
    timer('session', context.sessionTimeoutMs);
  };

  const load = (session: string | undefined): void => {
    endWaits();
    forgetToken();
    effects.load(session);
    timer('ready', context.readyTimeoutMs);
    if (isDevelopment && !next.hidden && !next.visible) effects.trace('revealed');
    Object.assign(next, {
      status: 'loading',
      loads: next.loads + 1,
      loadSigned: session !== undefined,
      docReady: false,
      speaks: false,
      pendingOffer: undefined,
      visible: !next.hidden,
    } satisfies Partial<LifecycleState>);
    if (isDevelopment) effects.trace('loading', session === undefined ? 'private mode' : 'signed mode');
  };

  /** A new load: its session first (in signed mode), then the address. */
  const start = (reason: SessionRequestReason): void => {
    if (!next.signed) {
      load(undefined);
      return;
    }
    endWaits();
    forgetToken();
    // Whatever is on screen belongs to the previous load: hidden until the new one is ready.
    retireDocument();
    next.status = 'requesting';
    request(reason);
  };

  const fail = (error: ErrorPayload, fromEmbed: boolean): void => {
    // The announced end stays (a renewal after the network's return tells getSession), and so does a session
    // the app passed during the load: a document that recovers is handed it before anything.
    endWaits();
    // The embed's own error page is worth seeing when the app shows no fallback over it.
    if (fromEmbed && !next.visible) show();
    effects.report(error);
    Object.assign(next, { status: 'failed', error, fromEmbed } satisfies Partial<LifecycleState>);
    if (isDevelopment) effects.trace('error', error.message);
  };

  const handOver = (session: string, renewal: boolean): void => {
    dropRequest();
    unplan();
    const previous = next.handover;
    next.handover = { session, answers: (previous?.answers ?? 0) + 1, renewal: renewal || previous?.renewal === true };
    next.status = 'handing-over';
    effects.handOver(session);
    timer('handover', HANDOVER_TIMEOUT_MS);
  };

  /** Renews the current document's session, within the bound; a renewal in flight is joined. */
  const renew = (): void => {
    if (renewalInFlight()) return;
    const recent = recentRenewals();
    if (recent.length >= RENEWALS_PER_WINDOW) {
      next.recent = recent;
      fail(
        sessionError(
          306,
          'renewal',
          isDevelopment
            ? `The session was renewed ${RENEWALS_PER_WINDOW} times within a minute and failed again; renewal stopped. Check what getSession returns, then retry.`
            : 'renewal',
        ),
        false,
      );
      return;
    }
    next.recent = [...recent, now];
    next.renewals += 1;
    unplan();
    effects.clear('ready');
    next.attempts = 0;
    // In place only for a document that is up (it said ready) and spoke of its token; else by reload, where
    // the iframe being replaced is hidden (its clicks go nowhere).
    if (next.speaks && next.docReady) next.status = 'renewing';
    else {
      retireDocument();
      next.status = 'reloading';
    }
    if (isDevelopment) effects.trace('renewing', next.status === 'renewing' ? 'in place' : 'by reload');
    request('renewal');
  };

  /** Plans the renewal at `at`: a timer, re-armed when the moment is beyond what a timer holds. */
  const plan = (at: number): void => {
    next.renewAt = at;
    timer('renew', at - now);
  };

  /**
   * The machine slept or the tab was hidden: what fell due meanwhile renews now, spread over a short window
   * so that many embeds waking together do not ask in the same tick.
   */
  const wake = (): void => {
    if (next.renewAt !== undefined && now >= next.renewAt && (status === 'ready' || status === 'loading')) {
      plan(now + context.random * WAKE_SPREAD_MS);
    }
  };

  /** The document is ready: the session the app passed meanwhile goes first (never the older viewer). */
  const becomeReady = (): void => {
    if (next.pendingOffer === undefined) {
      next.status = 'ready';
      revealAfterReady();
      return;
    }
    // Handed over before the embed is shown, so the older viewer's content is never revealed.
    handOver(next.pendingOffer, false);
    next.pendingOffer = undefined;
  };

  const requestFailed = (error: ErrorPayload, final: boolean | undefined): void => {
    // Only a renewal in place is worth waiting for: the viewer goes on using the document meanwhile. A new
    // load (a renewal by reload included) has nothing on screen, so its failure is shown at once.
    if (final || next.status !== 'renewing') {
      fail(error, false);
      return;
    }
    dropRequest();
    if (!context.online) {
      // Offline: tries now would only fail too. The network's return asks again (see `online`).
      next.offline = true;
      if (isDevelopment) effects.trace('offline');
      return;
    }
    const delay = Math.min(RETRY_FIRST_DELAY_MS * 2 ** next.attempts, RETRY_MAX_DELAY_MS);
    // Worth another try while the embed still trusts its token: a blip of the app's backend must not end the
    // viewer's session. Otherwise (an expired token) the failure is shown at once.
    if (next.expiresAt !== undefined && now + delay < next.expiresAt) {
      next.attempts += 1;
      timer('retry', delay);
    } else fail(error, false);
  };

  switch (event.type) {
    case 'attach':
    case 'park': {
      const parked = event.type === 'park';
      if (next.unreported) {
        next.unreported = false;
        effects.report(next.error as ErrorPayload);
      }
      if (status === 'idle') start('initial');
      if (isDevelopment && next.parked !== parked) effects.trace(parked ? 'parked' : 'shown');
      next.parked = parked;
      break;
    }
    case 'signed':
      next.signed = true;
      if (status !== 'idle') start('initial');
      break;
    case 'session-prop': {
      const { session } = event;
      switch (status) {
        case 'loading':
          next.pendingOffer = session;
          break;
        case 'ready':
        case 'handing-over':
          handOver(session, false);
          break;
        case 'renewing':
          if (next.speaks) handOver(session, true);
          else load(session);
          break;
        case 'requesting':
        case 'reloading':
        case 'failed':
          load(session);
          break;
      }
      break;
    }
    case 'session-settled':
      // A superseded request: its answer is never loaded or handed over.
      if (next.inFlight !== event.id) break;
      if (status === 'renewing' && event.session !== undefined && next.speaks) handOver(event.session, true);
      else load(event.session);
      break;
    case 'session-failed':
      if (next.inFlight === event.id) requestFailed(event.error, event.final);
      break;
    case 'refused':
      // One failure at a time: a failed embed stays with the error it shows until it starts again. A refusal
      // found at creation and not reported yet gives way to a more precise one (its UI binding's), and a value
      // of the app refused meanwhile is shown and reported (once per text): it is what now stands in the way
      // of a retry, until the app corrects it.
      if (status === 'failed') {
        if (next.unreported) next.error = event.error;
        else if (event.error.context === 'props' && event.error.message !== next.error?.message) fail(event.error, false);
        break;
      }
      // An address that could not be built was never loaded into an iframe.
      if (event.error.context === 'address' && status === 'loading') next.loads -= 1;
      fail(event.error, false);
      break;
    case 'frame-loaded':
      if (!live && status !== 'failed') break;
      if (event.reloaded) {
        // The document was replaced without us: it has said nothing about its token, lost what was sent, and
        // answers no handover made to the one before.
        next.docReady = false;
        next.speaks = false;
        if (next.handover) next.handover = { ...next.handover, answers: 0 };
        if (!renewalInFlight()) forgetToken();
        effects.cancelReveal();
        if (isDevelopment) effects.trace('reloaded');
      }
      if (!next.docReady && next.hidden && !next.visible && (status === 'loading' || status === 'ready')) effects.reveal('load');
      break;
    case 'ready': {
      // Whatever document said it (a retired one too), the bridge flushed its queued actions to it: a later new
      // document gets every value again.
      const spent = next.everReady;
      next.everReady = true;
      // Nothing to hear before a load, and nothing from the retired document of a renewal by reload.
      if (!live && status !== 'failed') break;
      // `ready` is once per session: one that answers no handover to this document comes from a new document,
      // even when no `load` event told us (an embed that sends ready before its load event).
      const answers = next.docReady && (next.handover?.answers ?? 0) > 0;
      if (!answers) {
        if (next.docReady) next.speaks = false;
        effects.clear('ready');
        // A new document lost the runtime state: every controlled value again, and back to where the viewer was.
        if (spent) effects.sync(true);
      }
      next.docReady = true;
      switch (status) {
        case 'loading':
        case 'ready':
          // A document that reloaded itself is shown after its own ready too.
          becomeReady();
          break;
        case 'handing-over': {
          const handover = next.handover as HandoverState;
          // Only the document the session was handed to can answer; a reloaded one is a new document.
          if (!answers) break;
          if (handover.answers > 1) {
            next.handover = { ...handover, answers: handover.answers - 1 };
            break;
          }
          next.handover = undefined;
          effects.clear('handover');
          next.status = 'ready';
          // The token the document announced was replaced; the new one announces its own end.
          forgetToken();
          // What the embed refused while its token was expired goes again (see `forget`).
          effects.sync(false);
          revealAfterReady();
          break;
        }
        case 'failed':
          // The embed recovered by itself (its own error page, or a document slower than readyTimeoutMs).
          if (next.fromEmbed || (next.error as SvcErrorPayload | null)?.code === 'SVC309') becomeReady();
          break;
      }
      break;
    }
    case 'session-expiring': {
      const { expiresAt } = event;
      if (!next.loadSigned || !live || !Number.isFinite(expiresAt)) break;
      next.speaks = true;
      next.expiresAt = expiresAt;
      // A renewal in flight answers this too.
      if (renewalInFlight()) break;
      const lead = expiresAt - now;
      if (lead <= 0) renew();
      // Many embeds are told at once: each renews at its own moment in the first half of the time left.
      else plan(now + (context.random * lead) / 2);
      break;
    }
    case 'session-expired':
      if (!next.loadSigned || !live) break;
      next.speaks = true;
      renew();
      break;
    case 'embed-error': {
      const { error } = event;
      if (error.fatal !== true) {
        if (error.name === 'SessionError' && next.handover) {
          // Refused in place (another viewer's session, say): the refused session was not used; load it.
          load(next.handover.session);
        } else if (error.name === 'SessionExpiredError') {
          // The embed refused an action while its token was expired: the library sends it again after renewal.
          effects.forget();
        } else effects.report(embedError(error));
        break;
      }
      if (next.loadSigned && live && context.fetchable && isSessionFailure(error, { signed: true, readySinceLoad: next.docReady })) {
        // Absorbed: renewing is the answer, and the app hears of it only if renewal fails.
        if (isDevelopment) effects.trace('session-failed', error.name ?? error.message);
        renew();
      } else if (status !== 'failed') fail(embedError(error), true);
      break;
    }
    case 'timer':
      switch (event.name) {
        case 'ready':
          // (A document that sent ready is no longer loading.)
          if (status === 'loading') {
            fail(
              sessionError(
                309,
                'ready',
                isDevelopment
                  ? `The embed sent no ready within ${context.readyTimeoutMs} ms: the tenant address may be wrong or unreachable, or the platform's frame-ancestors policy may block this page.`
                  : 'ready',
              ),
              false,
            );
          }
          break;
        case 'session':
          // Aborted, then handled as any failed request.
          if (next.inFlight !== undefined) {
            requestFailed(sessionError(308, 'getSession', isDevelopment ? `getSession did not answer within ${context.sessionTimeoutMs} ms` : 'getSession'), false);
          }
          break;
        case 'handover': {
          if (!next.handover) break;
          const { session } = next.handover;
          next.handover = undefined;
          if (isDevelopment) effects.trace('handover-timeout');
          if (context.fetchable) {
            // The document may have used the handed session or not: a new one is loaded, never that one again.
            retireDocument();
            next.status = 'reloading';
            next.speaks = false;
            request('renewal');
          } else load(session);
          break;
        }
        case 'renew':
          if (next.renewAt === undefined || !(status === 'ready' || status === 'loading')) break;
          // Beyond what a timer holds: planned again from now.
          if (now < next.renewAt) plan(next.renewAt);
          else renew();
          break;
        case 'retry':
          if (status === 'renewing' && next.inFlight === undefined) request('renewal');
          break;
      }
      break;
    case 'online':
      // The network is back: a renewal waiting for it asks again.
      if (status === 'renewing' && next.offline) {
        next.offline = false;
        request('renewal');
        break;
      }
      if (status === 'failed') {
        // A document that can still take a session in place is renewed (not while
        // parked, and not past the bound: then nothing more happens until a retry).
        if (
          !next.parked &&
          next.visible &&
          next.docReady &&
          next.speaks &&
          !next.fromEmbed &&
          context.fetchable &&
          recentRenewals().length < RENEWALS_PER_WINDOW
        ) {
          next.status = 'ready';
          renew();
        }
        break;
      }
      // Otherwise it is a wake.
      wake();
      break;
    case 'wake':
      wake();
      break;
    case 'retry':
      if (status === 'failed') start('retry');
      break;
    case 'revealed':
      if (!next.visible) show();
      break;
    case 'destroy':
      endWaits();
      next.status = 'destroyed';
      next.visible = false;
      if (isDevelopment) effects.trace('destroyed');
      break;
  }
  return next;
}

/** The phase a UI shows for each state (the snapshot keeps its earlier phase names). */
const PHASES: Readonly<Record<LifecycleStatus, EmbedPhase>> = {
  idle: 'idle',
  requesting: 'session',
  loading: 'loading',
  ready: 'ready',
  renewing: 'renewing',
  reloading: 'renewing',
  'handing-over': 'renewing',
  failed: 'error',
  destroyed: 'destroyed',
};

/** The snapshot a UI renders, derived from the state (the one place it is). */
export function snapshotOf(state: LifecycleState): EmbedControllerSnapshot {
  return {
    phase: state.status === 'handing-over' && !state.handover?.renewal ? 'ready' : PHASES[state.status],
    visible: state.visible,
    error: state.status === 'failed' ? state.error : null,
    loads: state.loads,
    renewals: state.renewals,
    parked: state.parked,
  };
}

/** Whether the state waits for a new document (nothing usable on screen). */
const awaitsDocument = (state: LifecycleState): boolean => state.status === 'requesting' || state.status === 'loading' || state.status === 'reloading';

/**
 * What the state store's `status` and `lastError` become after a transition from `previous` to `next`, given
 * what the store says now (the one place they are derived). Undefined: the store keeps what the embed said.
 */
export function storeUpdate(
  previous: LifecycleState,
  next: LifecycleState,
  store: { readonly status: string },
): { readonly status: 'loading' | 'ready' | 'error'; readonly lastError?: ErrorPayload | null } | undefined {
  if (next.status === 'failed') return next.fromEmbed ? undefined : { status: 'error', lastError: next.error };
  if (awaitsDocument(next) && !awaitsDocument(previous)) {
    return { status: 'loading', lastError: null };
  }
  // A session failure the library absorbs by renewing in place is no failure of the embed.
  if ((next.status === 'renewing' || next.status === 'handing-over') && store.status === 'error') {
    return { status: 'ready', lastError: null };
  }
  return undefined;
}
