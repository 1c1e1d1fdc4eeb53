import type { MiddlewareHandler } from 'hono';
import { type ApiFamily, authenticate, requireAccount, requireDeployment } from './authenticate.js';
import type { EmulatorSecrets } from './EmulatorCredentials.js';
import type { EmulatorEnv } from './EmulatorEnv.js';
import { STRICT_ID } from './parsePositiveId.js';
import { SESSION_TOKEN_PATH } from './addSessionTokenRoute.js';

/** A percent-decoded path segment; a malformed escape stays as written (it is no id either way). */
function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** Which API family a path belongs to, by its prefix. */
function familyOf(path: string): ApiFamily | null {
  if (path.startsWith('/api/scim/')) return 'scim';
  if (path.startsWith('/api/')) return 'management';
  if (path.startsWith('/data/')) return 'data';
  if (path.startsWith('/ai/')) return 'ai';
  return null;
}

/**
 * One authentication step for every API path, known or not, before anything reads the path or the body:
 * it stores who the request is as the context's `principal`, and refuses a key that may not reach the
 * path's deployment (the AI API belongs to `agentDeploymentId`, one agent's chat).
 */
export function authenticateApiRequests(secrets: EmulatorSecrets, agentDeploymentId: number): MiddlewareHandler<EmulatorEnv> {
  return async (c, next) => {
    const path = new URL(c.req.url).pathname;
    const family = familyOf(path);
    // The embed page's own exchange of its session for a token: the session id is the credential.
    if (family === null || path === SESSION_TOKEN_PATH) return next();
    const principal = authenticate(family, c.req.header('authorization'), secrets);
    c.set('principal', principal);
    if (family === 'scim') requireAccount(principal);
    if (family === 'ai') requireDeployment(principal, agentDeploymentId);
    if (family === 'management') {
      const scoped = /^\/api\/v1\/deployments\/([^/]*)/.exec(path);
      if (scoped) {
        const id = safeDecode(scoped[1] ?? '');
        requireDeployment(principal, STRICT_ID.test(id) ? Number(id) : id);
      } else if (path !== '/api/v1/deployments' && path !== '/api/v1/embed/generate-session' && path !== '/api/v1/embed/session/revoke') {
        requireAccount(principal);
      }
    }
    return next();
  };
}
