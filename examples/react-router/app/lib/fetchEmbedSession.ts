import type { GetSession } from 'svc-embed-react';

/**
 * `getSession` for the browser: asks this app's resource route (app/routes/api.embed-session.ts) for a new
 * session. The embed calls it for every load that needs one (the first load without a `session` prop, a
 * renewal after the session expired, a retry); unmounting aborts it through `signal`.
 */
export const fetchEmbedSession: GetSession = async ({ signal }) => {
  const response = await fetch('/api/embed-session', { method: 'POST', signal, cache: 'no-store' });
  if (!response.ok) throw new Error(`the session route answered ${response.status}`);
  const body: unknown = await response.json();
  const sessionId = (body as { sessionId?: unknown } | null)?.sessionId;
  if (typeof sessionId !== 'string') throw new Error('the session route answered without a sessionId');
  return sessionId;
};
