import type { EmbedTokenGrants } from '../EmulatorBootConfig.js';
import type { TokenGrant } from './createSessionWatch.js';
import type { SessionFailure } from './createTokenGuard.js';

/** Where the page trades its session id for a token: the platform's `POST /v1/embed/session/token`. */
const SESSION_TOKEN_PATH = '/api/v1/embed/session/token';

/** A signed page's token, its schedule, and what it grants. */
export interface AcquiredToken {
  readonly grant: TokenGrant;
  readonly grants: EmbedTokenGrants;
}

const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/**
 * The key of the page's token in the tenant origin's `sessionStorage`: one per session id, so several embeds
 * in one tab keep theirs apart. Only the emulator's self-reload reads it back (a reload presents the spent
 * session id again, and finds the token it was exchanged for here); the token never goes into an address.
 */
const storageKey = (sessionId: string): string => `svc-emulator-embed-token:${sessionId}`;

function readStored(win: Window, sessionId: string): string | null {
  try {
    return win.sessionStorage.getItem(storageKey(sessionId));
  } catch {
    // Storage can be blocked (a browser setting, a sandbox): then a reload simply has no token to find.
    return null;
  }
}

/** Keeps the token the page now holds for `sessionId`, for a reload of this page in this tab. */
export function rememberToken(win: Window, sessionId: string, token: string | null): void {
  try {
    if (token === null) win.sessionStorage.removeItem(storageKey(sessionId));
    else win.sessionStorage.setItem(storageKey(sessionId), token);
  } catch {
    // See readStored.
  }
}

/** Reads a refusal the emulator answered, or says what went wrong with the request. */
async function failureOf(response: Response): Promise<SessionFailure> {
  const body = (await response.json().catch(() => null)) as { error?: { name?: unknown; message?: unknown } } | null;
  return {
    name: typeof body?.error?.name === 'string' ? body.error.name : 'SessionError',
    message: typeof body?.error?.message === 'string' ? body.error.message : `The embed session could not be opened (HTTP ${response.status}).`,
  };
}

/** What the token grants (`GET /embed/token-grants`), with its schedule; the token travels in a header. */
async function readGrants(win: Window, token: string): Promise<AcquiredToken | SessionFailure> {
  const response = await win.fetch('/embed/token-grants', { headers: { 'x-embed-token': token }, cache: 'no-store' });
  if (!response.ok) return failureOf(response);
  const body = (await response.json()) as { expiresAt?: unknown; expiringAt?: unknown; now?: unknown; grants?: EmbedTokenGrants };
  if (!isNumber(body.expiresAt) || !isNumber(body.expiringAt) || !isNumber(body.now) || typeof body.grants !== 'object') {
    return { name: 'SessionError', message: 'The emulator answered the token check with something the page cannot read.' };
  }
  return { grant: { token, expiresAt: body.expiresAt, expiringAt: body.expiringAt, now: body.now }, grants: body.grants };
}

/**
 * Gets the signed page its embed token: the one it kept for this session id (a reload of the page), or a new
 * one exchanged for the session id (`POST /api/v1/embed/session/token`, the id in a JSON body). Resolves to
 * the token, its schedule and grants, or to the reason the page cannot open: a used, revoked, expired or
 * unknown session, or a kept token the server no longer trusts. Messages never quote a credential.
 */
export async function acquireToken(win: Window, sessionId: string): Promise<AcquiredToken | SessionFailure> {
  try {
    const kept = readStored(win, sessionId);
    if (kept !== null) {
      const held = await readGrants(win, kept);
      if ('grant' in held) return held;
      rememberToken(win, sessionId, null);
      return held;
    }
    const response = await win.fetch(SESSION_TOKEN_PATH, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ sessionId }),
      cache: 'no-store',
    });
    if (!response.ok) return failureOf(response);
    const body = (await response.json()) as { embedToken?: unknown };
    if (typeof body.embedToken !== 'string') return { name: 'SessionError', message: 'The emulator answered the session exchange without a token.' };
    const acquired = await readGrants(win, body.embedToken);
    if ('grant' in acquired) rememberToken(win, sessionId, body.embedToken);
    return acquired;
  } catch {
    return { name: 'SessionError', message: 'The emulator did not answer the session exchange.' };
  }
}
