import { isDevelopment } from '../protocol/isDevelopment.js';
import { sessionError } from './createSessionSource.js';
import type { SvcErrorPayload } from './SvcErrorPayload.js';

/** The renewal policy of one embed: its triggers, the one renewal in flight, the bound. */
export interface Renewal {
  /** `svc:event:session-expiring`: renew before `expiresAt`, at a moment spread over the time left. */
  expiring(expiresAt: number): void;
  /**
   * Renews now: `svc:event:session-expired` (`announced`: the document spoke of its token, so in place), or a
   * fatal session failure (in place if this document spoke of its token before, else by reloading).
   */
  renew(announced?: boolean): void;
  /**
   * The tab is back (`visibilitychange`, `pageshow`, `online`): a planned renewal that is overdue renews within
   * the next 2 s, at a random moment.
   */
  wake(): void;
  /**
   * The app offers a new session for the live embed: handed over in place, loaded if refused. Only when
   * nothing is in flight (a renewal or an earlier handover, whose answer would be for an older session):
   * returns whether it was taken, so that the caller loads it otherwise.
   */
  offer(session: string): boolean;
  /**
   * The embed answered: `ready` (it took the handed session and kept its state), or, with `refused`, a
   * non-fatal `SessionError` (the handed session is loaded instead). Whether a handover was waiting for it:
   * only the document the session was handed to can answer, never one that replaced it since.
   */
  answer(refused?: boolean): boolean;
  /**
   * The document was replaced: it has said nothing about its token yet (a renewal in flight goes on). With
   * `all`, everything stops: timers, the renewal in flight, the handover (a new load, an error, teardown).
   */
  reset(all?: boolean): void;
}

// The bound: 3 renewals of one embed within a minute, whatever the trigger and the `ready`s between, planned
// ones included: whatever a tenant announces, an embed never calls the app's backend in a loop. (Platform
// tokens live about 23 hours.) The numbers are written where they are used (see renew and plan).
/**
 * How long a handed-over session may go unanswered before the embed is loaded again (with a new session when
 * `getSession` can give one, else with the handed one). The timer writes the number itself (see the bound
 * above); the tests hold the two together.
 */
export const HANDOVER_TIMEOUT_MS = 10_000;

/** What the renewal policy asks of its embed, in the order a renewal does. */
export interface RenewalHost {
  /** A new session (see `SessionSource.take`); `expiresAt`: when the current token ends, if the embed said. */
  readonly take: (expiresAt: number | undefined) => Promise<string | undefined>;
  /** A renewal started: in place the embed stays shown; by reloading, the iframe being replaced is hidden. */
  readonly started: (inPlace: boolean) => void;
  /** Hands a session to the live document (`svc:action:set-session`). */
  readonly handOver: (session: string) => void;
  /**
   * Loads the address with a session into a new iframe; `unanswered`: the handover of that session went
   * unanswered, and the document may have taken it all the same.
   */
  readonly loadWith: (session: string | undefined, unanswered?: boolean) => void;
  /** Renewal cannot go on: the embed fails with `error`. */
  readonly failWith: (error: SvcErrorPayload) => void;
}

/**
 * Creates the renewal policy of one embed. Renewal is in place (`svc:action:set-session`, same document, same
 * state) once the current document has sent `session-expiring` or `session-expired`; otherwise, and when a
 * handover is refused or unanswered, by loading the address with the new session. Concurrent triggers join the
 * renewal in flight; a reset (a new load) calls it off, and the late answer of its `take` is dropped.
 */
export function createRenewal({ take, started, handOver: hand, loadWith: reload, failWith: fail }: RenewalHost): Renewal {
  /** The current document sent one of the renewal events: it takes `set-session`. */
  let speaks = false;
  let expiresAt: number | undefined;
  /** When the planned renewal is due (0: none planned). */
  let renewAt = 0;
  /**
   * The renewal (or handover) in flight, if any: a token of its own, so that the late answer of a `take` for
   * one that was called off finds another (or none) here and is dropped.
   */
  let inFlight: object | undefined;
  /** The session handed over and not answered yet. */
  let handed: string | undefined;
  /**
   * Whether the document the session was handed to is still the one on screen. A document that reloaded
   * itself meanwhile never saw the handover: its `ready` is a new document's (it gets every value again),
   * and the handover's deadline ends the wait (see {@link HANDOVER_TIMEOUT_MS}).
   */
  let handedToCurrent = false;
  /** The planned renewal, or while in flight the handover's deadline: never both. */
  let timer: ReturnType<typeof setTimeout> | undefined;
  /** When the renewals of the last minute started (the bound). */
  let recent: number[] = [];

  const settle = (): void => {
    clearTimeout(timer);
    inFlight = handed = expiresAt = undefined;
    renewAt = 0;
  };
  const reset = (all?: boolean): void => {
    speaks = false;
    handedToCurrent = false;
    // While in flight the timer is the handover's deadline, which a document reloading itself does not call off.
    if (all || !inFlight) settle();
  };
  // Loading and failing start over: whatever the replaced document said about its token no longer counts.
  const reloadWith = (session: string | undefined, unanswered?: boolean): void => {
    reset(true);
    reload(session, unanswered);
  };
  const end = (error: SvcErrorPayload): void => {
    reset(true);
    fail(error);
  };
  const handOver = (session: string): void => {
    handed = session;
    handedToCurrent = true;
    // The deadline takes the timer's place: a renewal planned before the app's own session was handed over
    // must not fire later, when this embed may have failed, and renew it from there.
    clearTimeout(timer);
    timer = setTimeout(() => reloadWith(session, true), 10_000);
    hand(session);
  };

  const renew = (): void => {
    if (inFlight) return;
    const now = Date.now();
    recent = recent.filter((at) => at > now - 60_000);
    if (recent.length >= 3) {
      end(
        sessionError(
          306,
          'renewal',
          isDevelopment
            ? `The session was renewed 3 times within a minute and failed again; renewal stopped. Check what getSession returns, then retry.`
            : 'renewal',
        ),
      );
      return;
    }
    recent.push(now);
    const renewal = {};
    inFlight = renewal;
    clearTimeout(timer);
    const inPlace = speaks;
    started(inPlace);
    take(expiresAt).then(
      (session) => {
        if (inFlight !== renewal) return;
        if (inPlace && session !== undefined) handOver(session);
        else reloadWith(session);
      },
      (error: SvcErrorPayload) => inFlight === renewal && end(error),
    );
  };

  /**
   * Plans the renewal of a token that ends at `at` (epoch ms). Many embeds are told at once: each renews at its
   * own moment in the first half of the time left (an end in the past: now, once). A browser timer holds at
   * most 2^31 - 1 ms (about 24.8 days) and fires at once when asked for longer: a renewal further ahead is not
   * planned yet, and planning starts over when that much time has passed.
   */
  const plan = (at: number): void => {
    const now = Date.now();
    renewAt = now + (Math.random() * Math.max(0, at - now)) / 2;
    const wait = renewAt - now;
    clearTimeout(timer);
    timer = wait > 2_147_483_647 ? setTimeout(() => plan(at), 2_147_483_647) : setTimeout(due, wait);
  };

  /**
   * Renews within the next 2 s, at a random moment: embeds whose renewals fell due together while their timers
   * could not run (a sleeping machine, a hidden tab, a frozen page) do not all call getSession in one tick.
   */
  const spread = (): void => {
    const now = Date.now();
    renewAt = now + Math.random() * 2_000;
    clearTimeout(timer);
    timer = setTimeout(renew, renewAt - now);
  };

  /** The planned moment came; a timer that fires more than a second late ran after such a pause: spread. */
  const due = (): void => {
    if (Date.now() - renewAt > 1_000) spread();
    else renew();
  };

  return {
    expiring(at) {
      speaks = true;
      expiresAt = at;
      // A renewal in flight answers this too (and its end calls off whatever was planned).
      if (!inFlight) plan(at);
    },
    renew(announced) {
      if (announced) speaks = true;
      renew();
    },
    wake() {
      // Timers slept past the planned moment: renew soon, spread (see `spread`).
      if (!inFlight && renewAt && Date.now() >= renewAt) spread();
    },
    offer(session) {
      if (inFlight) return false;
      // Not a renewal: it takes no place in the bound.
      inFlight = {};
      handOver(session);
      return true;
    },
    answer(refused) {
      if (handed === undefined || !handedToCurrent) return false;
      if (refused) reloadWith(handed);
      else settle();
      return true;
    },
    reset,
  };
}
