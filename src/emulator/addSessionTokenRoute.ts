import type { Hono } from 'hono';
import type { EmulatorEnv } from './EmulatorEnv.js';
import type { EmulatorState } from './EmulatorState.js';
import { readJsonBody } from './readJsonBody.js';

/** Where the embed page exchanges its session id for a token (the platform's `POST /v1/embed/session/token`). */
export const SESSION_TOKEN_PATH = '/api/v1/embed/session/token';

/**
 * `POST /api/v1/embed/session/token` `{ sessionId }`: the embed page trades its single-use session id for
 * an embed token, which it keeps in memory, never in an address. Answers `{ embedToken, expiresAt,
 * expiringAt, now }` (the fields of the in-place exchange); a used, revoked, expired or unknown id is a 401
 * `{ error: { status, name, message } }` whose `name` is the page's error (`SessionError`,
 * `SessionExpiredError`). The session id is the credential: no API key, and only the emulator's own pages
 * may ask (a cross-origin JSON POST needs a preflight the emulator never grants, and a browser names the
 * page's origin on a POST).
 */
export function addSessionTokenRoute(app: Hono<EmulatorEnv>, state: EmulatorState): void {
  app.post(SESSION_TOKEN_PATH, async (c) => {
    c.header('cache-control', 'no-store');
    const refuse = (status: 400 | 401 | 403, name: string, message: string) => c.json({ error: { status, name, message } }, status);
    const origin = c.req.header('origin');
    if (origin !== undefined && origin !== new URL(c.req.url).origin) return refuse(403, 'SessionError', 'only the embed page itself may exchange a session');
    if (!(c.req.header('content-type') ?? '').startsWith('application/json')) return refuse(400, 'SessionError', 'send the session as JSON');
    const body = await readJsonBody(c);
    const sessionId = typeof body === 'object' && body !== null ? (body as { sessionId?: unknown }).sessionId : undefined;
    if (typeof sessionId !== 'string' || sessionId === '') return refuse(400, 'SessionError', 'the body needs a sessionId string');
    const opened = state.exchangeSession(sessionId);
    if (!opened.ok) return refuse(401, opened.refusal.name, opened.refusal.message);
    return c.json({
      embedToken: opened.token,
      expiresAt: opened.record.expiresAt,
      expiringAt: opened.record.expiringAt,
      now: state.now(),
    });
  });
}
