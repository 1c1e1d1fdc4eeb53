import { embedSettings } from '../../../lib/embedSettings';
import { mintEmbedSession } from '../../../lib/mintEmbedSession';

const noStore = { 'cache-control': 'no-store' };

/**
 * Mints one embed session for the viewer and answers `{ sessionId }`. A real app checks its own sign-in here
 * first (401 without a user) and mints for that user. A failure is answered with a reason and logged without
 * credentials (the server client redacts them from its errors).
 */
export async function POST(request: Request): Promise<Response> {
  try {
    const sessionId = await mintEmbedSession(await embedSettings(), request.signal);
    return Response.json({ sessionId }, { headers: noStore });
  } catch (error) {
    if (request.signal.aborted) return new Response(null, { status: 499, headers: noStore });
    console.error('embed-session:', error instanceof Error ? error.message : error);
    return Response.json({ error: 'could not mint an embed session' }, { status: 502, headers: noStore });
  }
}
