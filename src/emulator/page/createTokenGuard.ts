/** Why the page's session no longer holds, as the server said. */
export interface SessionFailure {
  readonly name: string;
  readonly message: string;
}

/** The server's word on a token it still trusts: its schedule, on the server's clock. */
export interface TokenStatus {
  readonly expiresAt: number;
  readonly expiringAt: number;
  /** The server's clock when it answered. */
  readonly now: number;
}

/** Options of {@link createTokenGuard}. */
export interface TokenGuardOptions {
  readonly win: Window;
  /** The embed token the page holds now (it changes when the host hands over a new session). */
  readonly token: () => string;
  /** How often to ask without being prompted, in milliseconds. */
  readonly intervalMs: number;
  /** The server still trusts `token`, with this schedule. */
  readonly onStatus: (status: TokenStatus, token: string) => void;
  /** The server no longer trusts `token`, for this reason. */
  readonly onFailure: (failure: SessionFailure, token: string) => void;
}

/** A running page's line to the server about its embed token. */
export interface TokenGuard {
  /** Asks the server now (one question at a time: a check while one is under way joins it). */
  check(): void;
  /** Stops asking. */
  stop(): void;
}

const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/**
 * Keeps asking the emulator whether the page's embed token still holds (`GET /embed/token-status`, the
 * token in a header so it never lands in an address): every `intervalMs`, and whenever the page asks. Each
 * answer names the token it was about, so an answer about a token the page has since replaced is told
 * apart. A network failure is no answer, and the next check asks again.
 */
export function createTokenGuard({ win, token, intervalMs, onStatus, onFailure }: TokenGuardOptions): TokenGuard {
  let pending = false;
  let stopped = false;
  const check = (): void => {
    if (pending || stopped) return;
    pending = true;
    const asked = token();
    win
      .fetch('/embed/token-status', { headers: { 'x-embed-token': asked }, cache: 'no-store' })
      .then(async (response) => {
        const body = (await response.json().catch(() => null)) as {
          expiresAt?: unknown;
          expiringAt?: unknown;
          now?: unknown;
          error?: { name?: unknown; message?: unknown };
        } | null;
        if (stopped) return;
        if (response.status === 401) {
          const name = typeof body?.error?.name === 'string' ? body.error.name : 'SessionExpiredError';
          const message = typeof body?.error?.message === 'string' ? body.error.message : 'The session expired: mint a new session.';
          onFailure({ name, message }, asked);
        } else if (response.ok && isNumber(body?.expiresAt) && isNumber(body?.expiringAt) && isNumber(body?.now)) {
          onStatus({ expiresAt: body.expiresAt, expiringAt: body.expiringAt, now: body.now }, asked);
        }
      })
      .catch(() => {
        // The emulator is not answering (stopped, restarting): not a verdict on the token.
      })
      .finally(() => {
        pending = false;
      });
  };
  const timer = win.setInterval(check, intervalMs);
  return {
    check,
    stop() {
      stopped = true;
      win.clearInterval(timer);
    },
  };
}
