import type { GetSession } from 'svc-embed-react';

/**
 * Asks the app's backend (`POST /api/embed-session`, server/embedSessionMiddleware.ts) for a new session.
 * Unmounting the embed aborts the request through `signal`.
 */
export const fetchEmbedSession: GetSession = async ({ signal }) => {
  const response = await fetch('/api/embed-session', { method: 'POST', signal, cache: 'no-store' });
  if (!response.ok) throw new Error(`the session route answered ${response.status}`);
  const body: unknown = await response.json();
  const sessionId = (body as { sessionId?: unknown } | null)?.sessionId;
  if (typeof sessionId !== 'string') throw new Error('the session route answered without a sessionId');
  return sessionId;
};
