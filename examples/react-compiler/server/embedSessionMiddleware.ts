import type { IncomingMessage, ServerResponse } from 'node:http';
import { createManagementClient } from 'svc-embed-react/server';

/** The app's backend settings, from its environment. Server code only: the API token never reaches the browser. */
export interface EmbedSessionEnv {
  /** The tenant's origin, e.g. `https://acme.example.com`. */
  readonly SVC_TENANT_ORIGIN?: string | undefined;
  /** The management API token. */
  readonly SVC_API_TOKEN?: string | undefined;
  /** The deployment sessions are minted for. @default 42 (the emulator's seeded deployment) */
  readonly SVC_DEPLOYMENT_ID?: string | undefined;
}

/** The viewer sessions are minted for. A real app mints for its signed-in user, and answers 401 without one. */
const DEMO_VIEWER = 'react-compiler-example-viewer';

/**
 * `POST /api/embed-session`: mints one single-use embed session and answers `{ sessionId }`; anything else goes
 * to `next`. A failure is answered 502 and logged without credentials (the server client redacts them).
 */
export function embedSessionMiddleware(env: EmbedSessionEnv) {
  return (request: IncomingMessage, response: ServerResponse, next: () => void): void => {
    if (request.url?.split('?')[0] !== '/api/embed-session') {
      next();
      return;
    }
    const reply = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
      response.end(JSON.stringify(body));
    };
    if (request.method !== 'POST') {
      reply(405, { error: 'use POST' });
      return;
    }
    const tenantOrigin = env.SVC_TENANT_ORIGIN?.trim();
    const apiToken = env.SVC_API_TOKEN?.trim();
    if (!tenantOrigin || !apiToken) {
      reply(500, { error: 'set SVC_TENANT_ORIGIN and SVC_API_TOKEN for the server' });
      return;
    }
    const platform = createManagementClient({ baseUrl: `${tenantOrigin}/api`, apiToken });
    // The browser going away (unmount, navigation) aborts the mint.
    const aborted = new AbortController();
    response.once('close', () => aborted.abort());
    platform
      .createEmbedSession({ deploymentId: Number(env.SVC_DEPLOYMENT_ID ?? 42), externalId: DEMO_VIEWER }, { signal: aborted.signal })
      .then(
        ({ sessionId }) => reply(200, { sessionId }),
        (error: unknown) => {
          if (aborted.signal.aborted) return;
          console.error('embed-session:', error instanceof Error ? error.message : error);
          reply(502, { error: 'could not mint an embed session' });
        },
      );
  };
}
