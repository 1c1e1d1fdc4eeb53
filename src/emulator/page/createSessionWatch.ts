import { createTokenGuard, type SessionFailure, type TokenStatus } from './createTokenGuard.js';

/** A token and its schedule, as the server granted it (on the server's clock). */
export interface TokenGrant extends TokenStatus {
  readonly token: string;
}

/** Options of {@link createSessionWatch}. */
export interface SessionWatchOptions {
  readonly win: Window;
  /** The token the page holds, just received with its schedule. */
  readonly grant: TokenGrant;
  /** How often to ask the server, in milliseconds (timers cover the schedule in between). */
  readonly intervalMs: number;
  /** The token enters its expiring window: called once per token, with its `expiresAt`. */
  readonly onExpiring: (expiresAt: number) => void;
  /** The page stops trusting the token: called once per token. */
  readonly onExpired: (failure: SessionFailure) => void;
}

/** A signed page's watch over the life of its token. */
export interface SessionWatch {
  /** The token the page holds now. */
  token(): string;
  /** Whether the page has stopped trusting its token (and no new one has come since). */
  expired(): boolean;
  /** Looks at the schedule now and asks the server: the page is about to act for the viewer. */
  check(): void;
  /** Takes a new token (a session handed over in place): its own schedule starts, the expired state ends. */
  adopt(grant: TokenGrant): void;
  /** Stops every timer and listener. */
  stop(): void;
}

/** What the page says when its own schedule, not the server, ends the token. */
const EXPIRED: SessionFailure = { name: 'SessionExpiredError', message: 'The session expired: the embed token is no longer valid; mint a new session.' };

/** The longest delay a browser timer takes; a longer one would fire at once. */
const MAX_TIMER_MS = 2_147_483_647;

/** A server clock that differs from the page's by less than this is the same clock, read at another moment. */
const SAME_CLOCK_MS = 1000;

/**
 * Watches the token of a signed page against its schedule, on the server's clock: a timer for the next
 * moment due, the server asked every `intervalMs`, and a look whenever the page acts for the viewer or comes
 * back to the foreground (`visibilitychange`, `pageshow`). Timers stall while a tab is hidden or the machine
 * sleeps; the look on return catches up, so a frozen page sends what it owes as soon as it runs again.
 */
export function createSessionWatch({ win, grant, intervalMs, onExpiring, onExpired }: SessionWatchOptions): SessionWatch {
  let current = grant;
  let announced = false;
  let ended = false;
  let stopped = false;
  // The server's clock minus the page's. The grant was read just now (the page holds its token from the
  // answer it has just received), so the server's `now` is set against this moment; a server whose clock was
  // moved (tests do) moves it. Measured against when the page was served instead, the time the page took to
  // exchange its session would count as skew and every announcement would come that much early.
  let skew = grant.now - Date.now();
  let timer: ReturnType<Window['setTimeout']> | undefined;
  const now = (): number => Date.now() + skew;

  const expire = (failure: SessionFailure): void => {
    if (ended || stopped) return;
    ended = true;
    win.clearTimeout(timer);
    onExpired(failure);
  };

  const evaluate = (): void => {
    if (ended || stopped) return;
    const at = now();
    if (at >= current.expiresAt) {
      expire(EXPIRED);
      return;
    }
    if (!announced && at >= current.expiringAt) {
      announced = true;
      onExpiring(current.expiresAt);
    }
    win.clearTimeout(timer);
    const next = announced ? current.expiresAt : current.expiringAt;
    timer = win.setTimeout(evaluate, Math.min(MAX_TIMER_MS, Math.max(0, next - at)));
  };

  const guard = createTokenGuard({
    win,
    token: () => current.token,
    intervalMs,
    onStatus: (status, token) => {
      if (token !== current.token) return;
      const measured = status.now - Date.now();
      if (Math.abs(measured - skew) > SAME_CLOCK_MS) skew = measured;
      current = { ...current, expiresAt: status.expiresAt, expiringAt: status.expiringAt };
      evaluate();
    },
    onFailure: (failure, token) => {
      if (token === current.token) expire(failure);
    },
  });

  const check = (): void => {
    evaluate();
    if (!ended) guard.check();
  };
  const onVisible = (): void => {
    if (win.document.visibilityState === 'visible') check();
  };
  win.document.addEventListener('visibilitychange', onVisible);
  win.addEventListener('pageshow', check);
  // The first look after `ready` is the caller's: a token minted inside its window is announced right after.

  return {
    token: () => current.token,
    expired: () => ended,
    check,
    adopt(next) {
      current = next;
      skew = next.now - Date.now();
      announced = false;
      ended = false;
      evaluate();
    },
    stop() {
      stopped = true;
      win.clearTimeout(timer);
      guard.stop();
      win.document.removeEventListener('visibilitychange', onVisible);
      win.removeEventListener('pageshow', check);
    },
  };
}
