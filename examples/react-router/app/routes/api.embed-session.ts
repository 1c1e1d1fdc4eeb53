import { embedSettings } from '../lib/embedSettings.server';
import { mintEmbedSession } from '../lib/mintEmbedSession.server';
import type { Route } from './+types/api.embed-session';

/**
 * A resource route (no component): `POST /api/embed-session` mints a session and answers its id, for the
 * embed's `getSession`. A real app checks its own sign-in here and mints for that user; other methods get
 * React Router's 405.
 */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== 'POST') return Response.json({ error: 'POST only' }, { status: 405 });
  const sessionId = await mintEmbedSession(embedSettings(), request.signal);
  return Response.json({ sessionId }, { headers: { 'Cache-Control': 'no-store' } });
}
