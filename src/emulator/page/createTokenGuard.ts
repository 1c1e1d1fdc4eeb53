/** Why the page's session no longer holds, as the server said. */
export interface SessionFailure {
  readonly name: string;
  readonly message: string;
}

/** Options of {@link createTokenGuard}. */
export interface TokenGuardOptions {
  readonly win: Window;
  /** The embed token the page got for its session. */
  readonly token: string;
  /** How often to ask without being prompted, in milliseconds. */
  readonly intervalMs: number;
  /** Called once, when the server says the token no longer holds. */
  readonly onFailure: (failure: SessionFailure) => void;
}

/** A running page's watch over its embed token. */
export interface TokenGuard {
  /** Asks the server now (one question at a time: a check while one is under way joins it). */
  check(): void;
  /** Stops asking. */
  stop(): void;
}

/**
 * Keeps asking the emulator whether the page's embed token still holds (`GET /embed/token-status`, the
 * token in a header so it never lands in an address): every `intervalMs`, and whenever the page is about
 * to act for the viewer. A 401 ends the session with the server's reason; a network failure is no answer,
 * and the next check asks again.
 */
export function createTokenGuard({ win, token, intervalMs, onFailure }: TokenGuardOptions): TokenGuard {
  let pending = false;
  let stopped = false;
  const check = (): void => {
    if (pending || stopped) return;
    pending = true;
    win
      .fetch('/embed/token-status', { headers: { 'x-embed-token': token }, cache: 'no-store' })
      .then(async (response) => {
        if (response.status !== 401 || stopped) return;
        const body = (await response.json().catch(() => null)) as { error?: { name?: unknown; message?: unknown } } | null;
        const name = typeof body?.error?.name === 'string' ? body.error.name : 'SessionExpiredError';
        const message = typeof body?.error?.message === 'string' ? body.error.message : 'The session expired: mint a new session.';
        guard.stop();
        onFailure({ name, message });
      })
      .catch(() => {
        // The emulator is not answering (stopped, restarting): not a verdict on the token.
      })
      .finally(() => {
        pending = false;
      });
  };
  const timer = win.setInterval(check, intervalMs);
  const guard: TokenGuard = {
    check,
    stop() {
      stopped = true;
      win.clearInterval(timer);
    },
  };
  return guard;
}
