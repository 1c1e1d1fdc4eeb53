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
 * The embed lifecycle as one state machine. `transition(state, event, context)` is pure: it returns the next
 * state and the effects the controller runs (load an iframe, hand a session over, ask for a session, set a
 * timer...). Whatever an effect learns comes back as an event. The snapshot a UI renders and the state store's
 * `status` / `lastError` are derived from the state by `snapshotOf` and `storeUpdate`, nowhere else.
 *
 * States (`status`); `parked` is a flag beside them (a parked embed lives on, shown nowhere):
 *   idle          created, not attached (also during server rendering)
 *   requesting    a new load waits for its session (getSession)
 *   loading       the iframe loads; its first `ready` has not come
 *   ready         the current document sent `ready`
 *   renewing      a renewal waits for its session: in place (the document stays and is handed it) or by reload
 *                 (the old iframe is hidden and the session will be loaded)
 *   handing-over  a session was handed to the live document (`set-session`); its `ready` is awaited
 *   failed        a coded error is shown (error fallback, or the embed's own error page); `retry` starts over
 *   destroyed     torn down; every event is ignored
 *
 * Transitions ("renew" passes the bound: at most 3 renewals in any minute, else failed with SVC306; a renewal
 * in flight is joined, not doubled; "load s" makes a new iframe with session s and waits for `ready` at most
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
 *   ready          planned renewal due / session-expired renewing      renew (in place once the document said
 *                                                                       ready and spoke of its token)
 *   ready          fatal session failure (getSession)   renewing        renew, not reported
 *   ready          session prop s                       handing-over    hand s over
 *   ready          tab wake, planned renewal overdue    ready           renew within a 2 s random spread
 *   renewing       session settled, in place            handing-over    hand s over, 10 s handover timer
 *   renewing       session settled, by reload           loading         load s
 *   renewing       session failed, in place, token      renewing        retry after min(1 s * 2^n, 30 s), if that
 *                  still trusted                                        comes before the announced end
 *   renewing       session failed in place, offline     renewing        wait for `online`, then request again
 *   renewing       session failed otherwise             failed          report
 *   renewing       session prop s                       handing-over    abort request; hand s over (by reload:
 *                                                                       load s)
 *   handing-over   ready from the same document         ready           re-send what the embed refused meanwhile
 *   handing-over   ready from a reloaded document       handing-over    re-send every value and the last path
 *   handing-over   SessionError (refused)               loading         load the refused session
 *   handing-over   handover timer (10 s)                renewing        request a new session to load (without
 *                                                                       getSession: load the handed one)
 *   handing-over   session prop s                       handing-over    hand s over too (the latest wins)
 *   any live       iframe reloaded by itself            same            new document: not ready, not speaking
 *   renewing       anything the retired document says   same            ignored (by reload: it is on its way out)
 *   any live       fatal error (not a renewable one)    failed          embed's page shown, reported with SVC310
 *   failed         retry                                requesting      request (or load)
 *   failed         session prop s                       loading         load s (never the older viewer)
 *   failed         online; the shown document spoke,    renewing        renew (the network came back), within
 *                  not parked                                           the bound
 *   failed         ready after SVC309, or the embed     ready           the embed recovered by itself (a session
 *                  recovered from its own error                         prop kept from the load is handed over)
 *   any            destroy                              destroyed       abort, clear every timer
 */

/** The states of the machine (see the table above). */
export type LifecycleStatus = 'idle' | 'requesting' | 'loading' | 'ready' | 'renewing' | 'handing-over' | 'failed' | 'destroyed';

/** The timers the machine sets; each one's end comes back as a `timer` event. */
export type LifecycleTimer = 'ready' | 'session' | 'handover' | 'renew' | 'retry';

/** A session request in flight: the latest one is the only one whose answer counts. */
interface RequestState {
  readonly id: number;
  readonly reason: SessionRequestReason;
  /** What its session is for: a new load, or the live document (in place). */
  readonly then: 'load' | 'hand-over';
}

/** A session handed to a document and not answered yet. */
interface HandoverState {
  readonly session: string;
  /** The document it was handed to: only that document's `ready` answers it. */
  readonly doc: number;
  /** How many handovers to that document are unanswered (a newer session may follow an older one). */
  readonly answers: number;
  /** Part of a renewal (shown as `renewing`), rather than a session the app passed. */
  readonly renewal: boolean;
}

/** The whole state of one embed's lifecycle. */
export interface LifecycleState {
  readonly status: LifecycleStatus;
  readonly parked: boolean;
  readonly visible: boolean;
  /** `reveal: 'ready'`: a new iframe starts hidden and is shown after its `ready`. */
  readonly hidden: boolean;
  /** Signed mode: the embed has a session source. */
  readonly signed: boolean;
  readonly error: ErrorPayload | null;
  /** The failure is the embed's own error page (shown, the store keeps what the embed said). */
  readonly fromEmbed: boolean;
  readonly loads: number;
  readonly renewals: number;
  /** Some document of this embed sent `ready`: a later new document has lost what was sent to it. */
  readonly everReady: boolean;
  /** The current document: bumped by every load and by every reload the document does by itself. */
  readonly doc: number;
  /** The current document was loaded with a session: only then is it renewed. */
  readonly loadSigned: boolean;
  /** The current document sent `ready`. */
  readonly docReady: boolean;
  /** The current document announced the end of its token: it takes a session in place. */
  readonly speaks: boolean;
  /** When the current token ends, as the document announced (epoch ms). */
  readonly expiresAt: number | undefined;
  /** When the planned renewal is due (epoch ms). */
  readonly renewAt: number | undefined;
  /** When each recent renewal started (the bound). */
  readonly recent: readonly number[];
  readonly request: RequestState | undefined;
  readonly lastRequestId: number;
  readonly handover: HandoverState | undefined;
  /** A session the app passed while the document was loading: handed over at its `ready`. */
  readonly pendingOffer: string | undefined;
  /** Failed tries of the renewal's session request. */
  readonly attempts: number;
  /** The renewal's session request waits for the network. */
  readonly offline: boolean;
  /** With `renewing`: the session goes to the live document (else it is loaded). */
  readonly inPlace: boolean;
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

/** What the controller does for a transition, in order. */
export type LifecycleEffect =
  | { readonly type: 'request'; readonly id: number; readonly reason: SessionRequestReason; readonly expiresAt: number | undefined }
  | { readonly type: 'abort'; readonly id: number }
  /** Load a new iframe with the session (any pending reveal of the old one is called off). */
  | { readonly type: 'load'; readonly session: string | undefined }
  | { readonly type: 'hand-over'; readonly session: string }
  /** Hide the current iframe, call off its reveal and stop hearing it: it is being replaced. */
  | { readonly type: 'retire' }
  | { readonly type: 'show' }
  | { readonly type: 'reveal'; readonly after: 'ready' | 'load' }
  | { readonly type: 'cancel-reveal' }
  | { readonly type: 'timer'; readonly name: LifecycleTimer; readonly ms: number }
  | { readonly type: 'clear'; readonly name: LifecycleTimer }
  /** Send the controlled values: `all` to a new document (and back to its last path), else what changed. */
  | { readonly type: 'sync'; readonly all: boolean }
  /** The embed refused actions (its token had expired): the next sync sends every value. */
  | { readonly type: 'forget' }
  /** Tell the app (onError) about a failure it should hear. */
  | { readonly type: 'report'; readonly error: ErrorPayload }
  | { readonly type: 'trace'; readonly phase: string; readonly detail?: string | undefined };

/** Facts of the moment the controller reads for each transition, so the transition itself stays pure. */
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
    doc: 0,
    loadSigned: false,
    docReady: false,
    speaks: false,
    expiresAt: undefined,
    renewAt: undefined,
    recent: [],
    request: undefined,
    lastRequestId: 0,
    handover: undefined,
    pendingOffer: undefined,
    attempts: 0,
    offline: false,
    inPlace: false,
    unreported: refusal !== undefined,
  };
}

/** The states in which a document is (or is about to be) on screen and its events count. */
const LIVE: readonly LifecycleStatus[] = ['loading', 'ready', 'renewing', 'handing-over'];

/** The embed's own error, coded, its name and message kept: what reaches `onError` always has a code. */
export const embedError = (error: ErrorPayload): ErrorPayload => ('code' in error ? error : { ...error, code: 'SVC310' } as SvcErrorPayload);

/**
 * The transition function: the next state and the effects to run, for `event` in `state` (see the table at
 * the top of this file). Pure: everything it needs to know about the world comes in `context`.
 */
export function transition(
  state: LifecycleState,
  event: LifecycleEvent,
  context: LifecycleContext,
): { readonly state: LifecycleState; readonly effects: readonly LifecycleEffect[] } {
  // One mutable draft per transition, for readability; the caller's state is never touched.
  const next: { -readonly [K in keyof LifecycleState]: LifecycleState[K] } = { ...state };
  const effects: LifecycleEffect[] = [];
  const { now } = context;
  const effect = (item: LifecycleEffect): void => {
    effects.push(item);
  };
  const trace = (phase: string, detail?: string): void => {
    if (isDevelopment) effect({ type: 'trace', phase, detail });
  };
  const timer = (name: LifecycleTimer, ms: number): void => effect({ type: 'timer', name, ms: Math.min(Math.max(0, ms), MAX_TIMER_MS) });
  const clear = (...names: LifecycleTimer[]): void => {
    for (const name of names) effect({ type: 'clear', name });
  };
  const dropRequest = (): void => {
    if (next.request) effect({ type: 'abort', id: next.request.id });
    next.request = undefined;
    next.offline = false;
    clear('session', 'retry');
  };
  /** Forgets what the document said about its token and any plan made from it. */
  const forgetToken = (): void => {
    next.expiresAt = next.renewAt = undefined;
    clear('renew');
  };

  /** The document on screen is being replaced: hidden, its reveal called off, no longer heard. */
  const retireDocument = (): void => {
    effect({ type: 'retire' });
    next.visible = false;
  };

  /** Asks for a session; an earlier request in flight is aborted (its answer would be discarded anyway). */
  const request = (reason: SessionRequestReason, then: RequestState['then']): void => {
    dropRequest();
    const id = next.lastRequestId + 1;
    next.lastRequestId = id;
    next.request = { id, reason, then };
    effect({ type: 'request', id, reason, expiresAt: reason === 'renewal' ? next.expiresAt : undefined });
    timer('session', context.sessionTimeoutMs);
  };

  const load = (session: string | undefined): void => {
    dropRequest();
    forgetToken();
    clear('handover');
    effect({ type: 'load', session });
    timer('ready', context.readyTimeoutMs);
    if (isDevelopment && !next.hidden && !next.visible) trace('revealed');
    Object.assign(next, {
      status: 'loading',
      loads: next.loads + 1,
      doc: next.doc + 1,
      loadSigned: session !== undefined,
      docReady: false,
      speaks: false,
      handover: undefined,
      pendingOffer: undefined,
      attempts: 0,
      inPlace: false,
      visible: !next.hidden,
      error: null,
      fromEmbed: false,
    } satisfies Partial<LifecycleState>);
    if (isDevelopment) trace('loading', session === undefined ? 'private mode' : 'signed mode');
  };

  /** A new load: its session first (in signed mode), then the address. */
  const start = (reason: SessionRequestReason): void => {
    next.error = null;
    next.fromEmbed = false;
    if (!next.signed) {
      load(undefined);
      return;
    }
    // Whatever is on screen belongs to the previous load: hidden until the new one is ready.
    retireDocument();
    next.status = 'requesting';
    clear('ready', 'handover');
    forgetToken();
    next.handover = undefined;
    request(reason, 'load');
  };

  const fail = (error: ErrorPayload, fromEmbed: boolean): void => {
    dropRequest();
    clear('ready', 'handover', 'renew');
    effect({ type: 'cancel-reveal' });
    next.renewAt = undefined;
    next.handover = undefined;
    // A session the app passed during the load stays: a document that recovers is handed it before anything.
    if (fromEmbed && !next.visible) {
      // The embed's own error page is worth seeing when the app shows no fallback over it.
      next.visible = true;
      effect({ type: 'show' });
      if (isDevelopment) trace('revealed');
    }
    effect({ type: 'report', error });
    Object.assign(next, { status: 'failed', error, fromEmbed } satisfies Partial<LifecycleState>);
    if (isDevelopment) trace('error', error.message);
  };

  const handOver = (session: string, renewal: boolean): void => {
    dropRequest();
    clear('renew');
    next.renewAt = undefined;
    const previous = next.handover;
    next.handover = {
      session,
      doc: next.doc,
      answers: previous && previous.doc === next.doc ? previous.answers + 1 : 1,
      renewal: renewal || (previous?.renewal ?? false),
    };
    next.status = 'handing-over';
    next.inPlace = true;
    effect({ type: 'hand-over', session });
    timer('handover', HANDOVER_TIMEOUT_MS);
  };

  /** Renews the current document's session, within the bound; a renewal in flight is joined. */
  const renew = (): void => {
    if (next.status === 'renewing' || next.status === 'handing-over') return;
    const recent = next.recent.filter((at) => at > now - RENEWAL_WINDOW_MS);
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
    clear('renew', 'ready');
    next.renewAt = undefined;
    // In place only for a document that is up (it said ready) and spoke of its token; else by reload.
    const inPlace = next.speaks && next.docReady;
    if (!inPlace) {
      // By reload: the iframe being replaced is hidden (its clicks go nowhere).
      retireDocument();
    }
    next.status = 'renewing';
    next.inPlace = inPlace;
    next.attempts = 0;
    next.error = null;
    next.fromEmbed = false;
    if (isDevelopment) trace('renewing', inPlace ? 'in place' : 'by reload');
    request('renewal', inPlace ? 'hand-over' : 'load');
  };

  /** Plans the renewal at `renewAt`: a timer, re-armed when the moment is beyond what a timer holds. */
  const plan = (at: number): void => {
    next.renewAt = at;
    timer('renew', at - now);
  };

  /** The effects so far, then those of `follow` handled in the state reached so far. */
  const then = (follow: LifecycleEvent): { readonly state: LifecycleState; readonly effects: readonly LifecycleEffect[] } => {
    const result = transition(next, follow, context);
    return { state: result.state, effects: [...effects, ...result.effects] };
  };

  /** Shows a hidden embed once its document is ready (reveal timing), or leaves it as it is. */
  const revealAfterReady = (): void => {
    if (!next.visible) effect({ type: 'reveal', after: 'ready' });
  };

  if (state.status === 'destroyed') return { state, effects };
  // While a renewal by reload waits for its session, the document on its way out (retired: hidden, inert) no
  // longer speaks for the embed: what it says is ignored (a ready still spends the queued values, see below).
  const retired = state.status === 'renewing' && !state.inPlace;
  if (retired && ['frame-loaded', 'session-expiring', 'session-expired', 'embed-error'].includes(event.type)) return { state, effects };

  switch (event.type) {
    case 'attach':
    case 'park': {
      const parked = event.type === 'park';
      if (next.unreported) {
        next.unreported = false;
        effect({ type: 'report', error: next.error as ErrorPayload });
      }
      if (next.status === 'idle') start('initial');
      if (isDevelopment && next.parked !== parked) trace(parked ? 'parked' : 'shown');
      next.parked = parked;
      break;
    }
    case 'signed':
      next.signed = true;
      if (next.status !== 'idle') start('initial');
      break;
    case 'session-prop': {
      const { session } = event;
      switch (next.status) {
        case 'requesting':
        case 'failed':
          load(session);
          break;
        case 'loading':
          next.pendingOffer = session;
          break;
        case 'ready':
          handOver(session, false);
          break;
        case 'handing-over':
          handOver(session, false);
          break;
        case 'renewing':
          if (next.inPlace && next.speaks) handOver(session, true);
          else load(session);
          break;
      }
      break;
    }
    case 'session-settled': {
      const current = next.request;
      // A superseded request: its answer is never loaded or handed over.
      if (current?.id !== event.id) break;
      if (current.then === 'hand-over' && event.session !== undefined && next.speaks) handOver(event.session, true);
      else load(event.session);
      break;
    }
    case 'session-failed': {
      const current = next.request;
      if (current?.id !== event.id) break;
      // Only a renewal in place is worth waiting for: the viewer goes on using the document meanwhile. A new
      // load (a renewal by reload included) has nothing on screen, so its failure is shown at once.
      if (current.reason !== 'renewal' || event.final || !next.inPlace) {
        fail(event.error, false);
        break;
      }
      next.request = undefined;
      clear('session');
      if (!context.online) {
        // Offline: tries now would only fail too. The network's return asks again (see `online`).
        next.offline = true;
        if (isDevelopment) trace('offline');
        break;
      }
      const delay = Math.min(RETRY_FIRST_DELAY_MS * 2 ** next.attempts, RETRY_MAX_DELAY_MS);
      // Worth another try while the embed still trusts its token: a blip of the app's backend must not end the
      // viewer's session. Otherwise (an expired token, a reload) the failure is shown at once.
      if (next.expiresAt !== undefined && now + delay < next.expiresAt) {
        next.attempts += 1;
        timer('retry', delay);
      } else fail(event.error, false);
      break;
    }
    case 'refused':
      // One failure at a time: a failed embed stays with the error it shows until it starts again. Only a
      // refusal found at creation and not reported yet gives way to a more precise one (its UI binding's).
      if (next.status === 'failed') {
        if (next.unreported) next.error = event.error;
        break;
      }
      // An address that could not be built was never loaded into an iframe.
      if (event.error.context === 'address' && next.status === 'loading') next.loads -= 1;
      fail(event.error, false);
      break;
    case 'frame-loaded': {
      if (!LIVE.includes(next.status) && next.status !== 'failed') break;
      if (event.reloaded) {
        // The document was replaced without us: it has said nothing about its token, and lost what was sent.
        next.doc += 1;
        next.docReady = false;
        next.speaks = false;
        if (next.status !== 'renewing' && next.status !== 'handing-over') forgetToken();
        effect({ type: 'cancel-reveal' });
        if (isDevelopment) trace('reloaded');
      }
      if (!next.docReady && next.hidden && !next.visible && (next.status === 'loading' || next.status === 'ready')) effect({ type: 'reveal', after: 'load' });
      break;
    }
    case 'ready': {
      // Whatever document said it (a retired one too), the bridge flushed its queued actions to it: a later new
      // document gets every value again.
      const spent = next.everReady;
      next.everReady = true;
      if ((!LIVE.includes(next.status) && next.status !== 'failed') || retired) break;
      // `ready` is once per session: one that answers no handover to this document comes from a new
      // document, even when no `load` event told us (an embed that sends ready before its load event).
      const answers = next.status === 'handing-over' && next.docReady && next.handover?.doc === next.doc;
      if (!answers && next.docReady) {
        next.doc += 1;
        next.speaks = false;
      }
      const newDoc = !answers;
      const resend = newDoc && spent;
      next.docReady = true;
      if (newDoc) clear('ready');
      // A new document lost the runtime state: every controlled value again, and back to where the viewer was.
      if (resend) effect({ type: 'sync', all: true });
      switch (next.status) {
        case 'loading':
          if (next.pendingOffer !== undefined) {
            // A session the app passed during the load (a mount for another viewer): handed over before the
            // embed is shown, so the older viewer's content is never revealed.
            handOver(next.pendingOffer, false);
            next.pendingOffer = undefined;
          } else {
            next.status = 'ready';
            revealAfterReady();
          }
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
          clear('handover');
          next.status = 'ready';
          // The token the document announced was replaced; the new one announces its own end.
          forgetToken();
          // What the embed refused while its token was expired goes again (see `forget`).
          effect({ type: 'sync', all: false });
          revealAfterReady();
          break;
        }
        case 'ready':
          // A document that reloaded itself is shown after its own ready.
          revealAfterReady();
          break;
        case 'failed':
          // The embed recovered by itself (its own error page, or a document slower than readyTimeoutMs).
          if (next.fromEmbed || (next.error as SvcErrorPayload | null)?.code === 'SVC309') {
            Object.assign(next, { status: 'ready', error: null, fromEmbed: false } satisfies Partial<LifecycleState>);
            if (next.pendingOffer !== undefined) {
              // Never the older viewer: the session the app passed meanwhile goes first.
              handOver(next.pendingOffer, false);
              next.pendingOffer = undefined;
            } else revealAfterReady();
          }
          break;
      }
      break;
    }
    case 'session-expiring': {
      const { expiresAt } = event;
      if (!next.loadSigned || !LIVE.includes(next.status) || !Number.isFinite(expiresAt)) break;
      next.speaks = true;
      next.expiresAt = expiresAt;
      // A renewal in flight answers this too.
      if (next.status === 'renewing' || next.status === 'handing-over') break;
      const lead = expiresAt - now;
      if (lead <= 0) renew();
      // Many embeds are told at once: each renews at its own moment in the first half of the time left.
      else plan(now + (context.random * lead) / 2);
      break;
    }
    case 'session-expired':
      if (!next.loadSigned || !LIVE.includes(next.status)) break;
      next.speaks = true;
      renew();
      break;
    case 'embed-error': {
      const { error } = event;
      if (error.fatal !== true) {
        if (error.name === 'SessionError' && next.status === 'handing-over') {
          // Refused in place (another viewer's session, say): the refused session was not used; load it.
          load((next.handover as HandoverState).session);
        } else if (error.name === 'SessionExpiredError') {
          // The embed refused an action while its token was expired: the library sends it again after renewal.
          effect({ type: 'forget' });
        } else effect({ type: 'report', error: embedError(error) });
        break;
      }
      if (
        next.loadSigned &&
        LIVE.includes(next.status) &&
        context.fetchable &&
        isSessionFailure(error, { signed: next.loadSigned, readySinceLoad: next.docReady })
      ) {
        // Absorbed: renewing is the answer, and the app hears of it only if renewal fails.
        if (isDevelopment) trace('session-failed', error.name ?? error.message);
        renew();
      } else if (next.status !== 'failed') fail(embedError(error), true);
      break;
    }
    case 'timer':
      switch (event.name) {
        case 'ready':
          if (next.status === 'loading' && !next.docReady) {
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
        case 'session': {
          const current = next.request;
          if (!current) break;
          const error = sessionError(308, 'getSession', isDevelopment ? `getSession did not answer within ${context.sessionTimeoutMs} ms` : 'getSession');
          // Aborted, then handled as any failed request.
          effect({ type: 'abort', id: current.id });
          return then({ type: 'session-failed', id: current.id, error });
        }
        case 'handover': {
          if (next.status !== 'handing-over') break;
          const { session } = next.handover as HandoverState;
          next.handover = undefined;
          if (isDevelopment) trace('handover-timeout');
          if (context.fetchable) {
            // The document may have used the handed session or not: a new one is loaded, never that one again.
            retireDocument();
            next.status = 'renewing';
            next.inPlace = false;
            next.speaks = false;
            request('renewal', 'load');
          } else load(session);
          break;
        }
        case 'renew':
          if (next.renewAt === undefined || !(next.status === 'ready' || next.status === 'loading')) break;
          // Beyond what a timer holds: planned again from now.
          if (now < next.renewAt) plan(next.renewAt);
          else renew();
          break;
        case 'retry': {
          const current = next.request;
          if (next.status === 'renewing' && current === undefined) request('renewal', next.inPlace ? 'hand-over' : 'load');
          break;
        }
      }
      break;
    case 'online':
      if (next.status === 'renewing' && next.offline) {
        next.offline = false;
        request('renewal', next.inPlace ? 'hand-over' : 'load');
        break;
      }
      if (next.status === 'failed') {
        // The network is back: a document that can still take a session in place is renewed (not while
        // parked, and not past the bound: then nothing more happens until a retry).
        const recent = next.recent.filter((at) => at > now - RENEWAL_WINDOW_MS);
        if (!next.parked && next.visible && next.docReady && next.speaks && next.loadSigned && !next.fromEmbed && context.fetchable && recent.length < RENEWALS_PER_WINDOW) {
          next.status = 'ready';
          renew();
        }
        break;
      }
      return then({ type: 'wake' });
    case 'wake':
      if (next.renewAt !== undefined && now >= next.renewAt && (next.status === 'ready' || next.status === 'loading')) {
        // The machine slept or the tab was hidden: what fell due meanwhile renews now, spread over a short
        // window so that many embeds waking together do not ask in the same tick.
        plan(now + context.random * WAKE_SPREAD_MS);
      }
      break;
    case 'retry':
      if (next.status === 'failed') start('retry');
      break;
    case 'revealed':
      if (!next.visible) {
        next.visible = true;
        effect({ type: 'show' });
        if (isDevelopment) trace('revealed');
      }
      break;
    case 'destroy':
      dropRequest();
      clear('ready', 'handover', 'renew');
      effect({ type: 'cancel-reveal' });
      Object.assign(next, { status: 'destroyed', visible: false, handover: undefined } satisfies Partial<LifecycleState>);
      if (isDevelopment) trace('destroyed');
      break;
  }
  return { state: next, effects };
}

/** The phase a UI shows for each state (the snapshot keeps its earlier phase names). */
const PHASES: Readonly<Record<LifecycleStatus, EmbedPhase>> = {
  idle: 'idle',
  requesting: 'session',
  loading: 'loading',
  ready: 'ready',
  renewing: 'renewing',
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
const awaitsDocument = (state: LifecycleState): boolean =>
  state.status === 'requesting' || state.status === 'loading' || (state.status === 'renewing' && !state.inPlace);

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
  if (awaitsDocument(next) && (previous.status === 'failed' || !awaitsDocument(previous)) && next.status !== previous.status) {
    return { status: 'loading', lastError: null };
  }
  // A session failure the library absorbs by renewing in place is no failure of the embed.
  if ((next.status === 'renewing' || next.status === 'handing-over') && next.inPlace && store.status === 'error') {
    return { status: 'ready', lastError: null };
  }
  return undefined;
}
