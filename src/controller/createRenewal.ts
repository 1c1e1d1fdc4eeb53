import type { ErrorPayload } from '../protocol/eventPayloads.js';
import { isDevelopment } from '../protocol/isDevelopment.js';
import { sessionError } from './createSessionSource.js';

/** What renewal asks of the embed it renews. */
export interface RenewalHost {
  /** A new session (see `SessionSource.take`). */
  take(expiresAt: number | undefined): Promise<string | undefined>;
  /** A renewal begins: in place (the embed stays shown) or by reloading (hide the iframe being replaced). */
  started(inPlace: boolean): void;
  /** Hands `session` to the live document (`svc:action:set-session`). */
  hand(session: string): void;
  /** Loads the address with `session` into a new iframe. */
  reload(session: string | undefined): void;
  /** Renewal cannot go on: show the error. */
  fail(error: ErrorPayload): void;
}

/** The renewal policy of one embed: its triggers, the one renewal in flight, the bound. */
export interface Renewal {
  /** `svc:event:session-expiring`: renew before `expiresAt`, at a moment spread over the time left. */
  expiring(expiresAt: number): void;
  /** `svc:event:session-expired`: renew now, in place. */
  expired(): void;
  /** A fatal session failure: renew (in place if this document speaks it, else by reloading). */
  failed(): void;
  /** The tab is back (`visibilitychange`, `pageshow`, `online`): renew if a planned renewal is overdue. */
  wake(): void;
  /** The app offers a new session for the live embed: handed over in place, loaded if refused. */
  offer(session: string): void;
  /** `ready` arrived: whether it answers a handover (the embed kept its state: nothing to re-apply). */
  ready(): boolean;
  /** A non-fatal `SessionError`: whether it refuses a handover (then the session is loaded instead). */
  refused(): boolean;
  /** The document was replaced: it has said nothing about its token yet (a renewal in flight goes on). */
  reset(): void;
  /** Stops everything: timers, the renewal in flight, the handover (a new load, an error, teardown). */
  stop(): void;
}

/** Renewals of one embed allowed within {@link WINDOW_MS}, whatever the trigger and the `ready`s between. */
const MAX_RENEWALS = 3;
const WINDOW_MS = 60_000;
/** How long a handed-over session may go unanswered before the address is loaded with it instead. */
export const HANDOVER_TIMEOUT_MS = 10_000;

/**
 * Creates the renewal policy of one embed. Renewal is in place (`svc:action:set-session`, same document, same
 * state) once the current document has sent `session-expiring` or `session-expired`; otherwise, and when a
 * handover is refused or unanswered, by loading the address with the new session. Concurrent triggers join the
 * renewal in flight; none aborts it.
 */
export function createRenewal(host: RenewalHost): Renewal {
  /** The current document sent one of the renewal events: it takes `set-session`. */
  let speaks = false;
  let expiresAt: number | undefined;
  let renewAt = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let busy = false;
  /** The session handed over and not answered yet. */
  let handed: string | undefined;
  let handTimer: ReturnType<typeof setTimeout> | undefined;
  let recent: number[] = [];

  const settle = (): void => {
    clearTimeout(timer);
    clearTimeout(handTimer);
    handed = undefined;
    busy = false;
    renewAt = 0;
  };

  const reload = (session: string | undefined): void => {
    settle();
    host.reload(session);
  };

  const hand = (session: string): void => {
    handed = session;
    handTimer = setTimeout(() => reload(session), HANDOVER_TIMEOUT_MS);
    host.hand(session);
  };

  const renew = (): void => {
    if (busy) return;
    const now = Date.now();
    recent = recent.filter((at) => at > now - WINDOW_MS);
    if (recent.length >= MAX_RENEWALS) {
      settle();
      host.fail(
        sessionError(
          'renewal',
          isDevelopment
            ? `The session was renewed ${MAX_RENEWALS} times within a minute and failed again; renewal stopped. Check what getSession returns, then retry.`
            : 'too many renewals',
        ),
      );
      return;
    }
    recent.push(now);
    busy = true;
    clearTimeout(timer);
    const inPlace = speaks;
    host.started(inPlace);
    host.take(expiresAt).then(
      (session) => {
        if (!busy) return;
        if (inPlace && session !== undefined) hand(session);
        else reload(session);
      },
      (error: ErrorPayload) => {
        if (!busy) return;
        settle();
        host.fail(error);
      },
    );
  };

  return {
    expiring(at) {
      speaks = true;
      expiresAt = at;
      const now = Date.now();
      // Many embeds are told at once: each renews at its own moment in the first half of the time left.
      renewAt = now + (Math.random() * Math.max(0, at - now)) / 2;
      clearTimeout(timer);
      timer = setTimeout(renew, renewAt - now);
    },
    expired() {
      speaks = true;
      renew();
    },
    failed: renew,
    wake() {
      if (renewAt && Date.now() >= renewAt) renew();
    },
    offer(session) {
      if (!busy) {
        busy = true;
        hand(session);
      }
    },
    ready() {
      const answered = handed !== undefined;
      if (answered) {
        settle();
        expiresAt = undefined;
      }
      return answered;
    },
    refused() {
      const session = handed;
      if (session !== undefined) reload(session);
      return session !== undefined;
    },
    reset() {
      speaks = false;
      expiresAt = undefined;
      renewAt = 0;
      clearTimeout(timer);
    },
    stop() {
      speaks = false;
      expiresAt = undefined;
      settle();
    },
  };
}
