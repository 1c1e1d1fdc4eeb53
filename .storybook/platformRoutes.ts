import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import type { EmbedSessionSettings, ManagementClient } from '../src/server/index.js';

/**
 * The playground backend's routes for the platform recipes (sign in and out, sessions per plan, export and
 * print), under `/playground-api/platform/...`. They stand in for what an app's own server does around the
 * server client: it knows who is signed in (here a cookie naming a sign-in), decides what that viewer is
 * entitled to, remembers the embed sessions it minted for them so that logging out can revoke them, and
 * renders exports on the viewer's behalf. The browser gets session ids and files, never the API token.
 */

/** The sign-in cookie: scoped to the backend's routes, out of reach of scripts. */
const COOKIE = 'svc_playground_sign_in';

/**
 * What each plan may do, signed into the session so the viewer cannot change it: the basic plan has no AI
 * at all (the platform enforces `allowAi: false` on its server, the chat surface included); the pro plan
 * inherits the account's defaults. A real app reads the plan from the signed-in user's record, never from
 * the request as this playground does to show both side by side.
 */
const PLANS: Record<'basic' | 'pro', EmbedSessionSettings> = {
  basic: { allowAi: false, showAiWidgets: false },
  pro: {},
};

/** The dashboard the export buttons render: the app decides what may be exported, not the browser. */
const EXPORTED = { deploymentId: 42, publicId: 'sales-overview' } as const;

/** Sign-ins the backend knows, each with the embed sessions minted for it (what logging out revokes). */
const signIns = new Map<string, Set<string>>();
/** A bound on what the playground remembers: the oldest sign-in goes first. */
const MAX_SIGN_INS = 500;

function cookieOf(req: IncomingMessage): string | undefined {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === COOKIE) return value.join('=');
  }
  return undefined;
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.statusCode = status;
  res.setHeader('content-type', 'application/json');
  res.setHeader('cache-control', 'no-store');
  res.end(JSON.stringify(body));
}

/**
 * Answers `route` when it is one of the platform recipes' routes; returns false for any other route, which
 * the caller answers. `platform` is the server client made with the emulator's credentials.
 */
export async function handlePlatformRoute(platform: ManagementClient, req: IncomingMessage, res: ServerResponse, route: URL): Promise<boolean> {
  if (!route.pathname.startsWith('/platform/')) return false;
  const name = route.pathname.slice('/platform/'.length);
  if (req.method !== 'POST') {
    sendJson(res, 405, { error: `use POST for /platform/${name}` });
    return true;
  }
  const signIn = cookieOf(req);
  const sessions = signIn === undefined ? undefined : signIns.get(signIn);

  if (name === 'sign-in') {
    const id = randomBytes(18).toString('base64url');
    signIns.set(id, new Set());
    if (signIns.size > MAX_SIGN_INS) signIns.delete(signIns.keys().next().value as string);
    res.setHeader('set-cookie', `${COOKIE}=${id}; Path=/playground-api; HttpOnly; SameSite=Strict`);
    sendJson(res, 200, { signedIn: true });
    return true;
  }
  // Everything else needs a viewer signed in, as an app's routes would.
  if (sessions === undefined || signIn === undefined) {
    sendJson(res, 401, { error: 'signed out: sign in first' });
    return true;
  }

  if (name === 'session') {
    const plan = route.searchParams.get('plan') === 'basic' ? 'basic' : 'pro';
    const { sessionId } = await platform.createEmbedSession({
      deploymentId: 42,
      externalId: `playground-${plan}-viewer`,
      embedTenantName: 'playground',
      settings: PLANS[plan],
      userProfile: { displayName: plan === 'basic' ? 'Basic viewer' : 'Pro viewer' },
    });
    sessions.add(sessionId);
    sendJson(res, 200, { sessionId });
    return true;
  }

  if (name === 'log-out') {
    // Revoke every session minted for this sign-in: an id not yet exchanged can no longer be, and the tokens
    // the embeds hold are refused from their next request on. Then forget the sign-in and its cookie.
    await Promise.all([...sessions].map((sessionId) => platform.revokeEmbedSession({ sessionId })));
    signIns.delete(signIn);
    res.setHeader('set-cookie', `${COOKIE}=; Path=/playground-api; HttpOnly; SameSite=Strict; Max-Age=0`);
    sendJson(res, 200, { revoked: sessions.size });
    return true;
  }

  if (name === 'export') {
    // "Export to PDF" renders the dashboard as the viewer sees it; "Print" renders the paginated print layout.
    const layout = route.searchParams.get('layout') === 'print' ? 'print' : 'screenshot';
    const aborted = new AbortController();
    res.on('close', () => aborted.abort());
    const file = await platform.exportDashboard({
      ...EXPORTED,
      format: 'pdf',
      layout,
      // As the viewer, so their row-level security applies: a viewer exports what they may see, nothing more.
      renderAs: { externalId: 'playground-pro-viewer', embedTenantName: 'playground' },
      signal: aborted.signal,
    });
    res.statusCode = 200;
    res.setHeader('content-type', file.contentType);
    // The export is saved; the print version is opened for reading and printing.
    res.setHeader('content-disposition', `${layout === 'print' ? 'inline' : 'attachment'}; filename="${file.fileName}"`);
    res.setHeader('cache-control', 'no-store');
    // Streamed through, never held whole in the backend's memory. A viewer who leaves mid-way ends the stream
    // (the pipeline then closes both sides): nothing more to answer.
    await pipeline(Readable.fromWeb(file.body as NodeReadableStream<Uint8Array>), res).catch(() => undefined);
    return true;
  }

  sendJson(res, 404, { error: `no playground route POST /platform/${name}` });
  return true;
}
