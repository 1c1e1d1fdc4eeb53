import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { HTTPException } from 'hono/http-exception';
import { addControlRoutes } from './addControlRoutes.js';
import { addDataAndAiRoutes } from './addDataAndAiRoutes.js';
import { addEmbedRoutes } from './addEmbedRoutes.js';
import { addManagementRoutes } from './addManagementRoutes.js';
import { addSessionTokenRoute } from './addSessionTokenRoute.js';
import { authenticateApiRequests } from './authenticateApiRequests.js';
import type { RequestLog } from './createRequestLog.js';
import type { EmulatorSecrets } from './EmulatorCredentials.js';
import type { EmulatorEnv } from './EmulatorEnv.js';
import { EmulatorHttpError, type EmulatorState } from './EmulatorState.js';
import { fail } from './fail.js';
import { hostName, LOOPBACK_HOST_NAMES } from './hostName.js';

/** Options of {@link createEmulatorApp}. */
export interface EmulatorAppOptions {
  /** Report nothing on the console (unexpected failures included). @default false */
  readonly quiet?: boolean | undefined;
  /** Host names answered besides the loopback names (the interface given with `allowNonLoopback`). @default [] */
  readonly extraHostNames?: readonly string[] | undefined;
  /** How often a signed embed page asks whether its token is still valid, in milliseconds. @default 20000 */
  readonly tokenCheckIntervalMs?: number | undefined;
  /** Whether the embed pages speak the newer protocol (expiry events, `svc:action:set-session`). @default true */
  readonly inPlaceRenewal?: boolean | undefined;
  /**
   * The source list of a `frame-ancestors` directive sent with every embed page (`'none'`, `'self'`, or
   * origins), as `readFrameAncestors` makes it. @default none sent: any site may frame the pages
   */
  readonly frameAncestors?: string | undefined;
}

/** The largest request body the APIs read (their real bodies are a few kilobytes). */
const MAX_BODY_BYTES = 1024 * 1024;

/**
 * The emulator's HTTP application: the management API under `/api`, the data API under `/data`, the AI API
 * under `/ai`, the embed pages under `/embed`, and the page script and controls under `/_emulator`. Requests
 * to `/_emulator` are not logged: the log is what the app under test asked of the platform.
 */
export function createEmulatorApp(state: EmulatorState, secrets: EmulatorSecrets, log: RequestLog, options: EmulatorAppOptions = {}): Hono<EmulatorEnv> {
  const app = new Hono<EmulatorEnv>();
  const hostNames = new Set([
    ...LOOPBACK_HOST_NAMES,
    ...(options.extraHostNames ?? []).map((name) => hostName(name.includes(':') && !name.startsWith('[') ? `[${name}]` : name)),
  ]);

  app.use(async (c, next) => {
    await next();
    const path = new URL(c.req.url).pathname;
    if (!path.startsWith('/_emulator/'))
      log.record({
        method: c.req.method,
        path,
        status: c.res.status,
        at: state.now(),
      });
  });

  // A page on another site that rebinds its own name to 127.0.0.1 sends its own name as Host: refused,
  // so it can read neither the request log nor the embed pages.
  app.use(async (c, next) => {
    const host = c.req.header('host');
    if (host === undefined || !hostNames.has(hostName(host))) {
      fail(403, `the emulator only answers requests addressed to ${[...hostNames].join(', ')}`);
    }
    await next();
  });

  // Which sites may frame the embed pages: a policy header of its own, so it adds to whatever policy the page
  // is served with (a browser enforces every Content-Security-Policy header it gets).
  const { frameAncestors } = options;
  if (frameAncestors !== undefined) {
    app.use('/embed/*', async (c, next) => {
      await next();
      if ((c.res.headers.get('content-type') ?? '').startsWith('text/html')) c.res.headers.append('content-security-policy', `frame-ancestors ${frameAncestors}`);
    });
  }

  // The AI API is one agent's chat API: the agent belongs to the seed deployment.
  app.use(authenticateApiRequests(secrets, secrets.credentials.seed.deploymentId));

  for (const prefix of ['/api/*', '/data/*', '/ai/*']) {
    app.use(
      prefix,
      bodyLimit({
        maxSize: MAX_BODY_BYTES,
        // The rest of the body stays unread on the socket, so the client must not reuse the connection.
        onError: (c) =>
          c.json(
            {
              error: {
                status: 413,
                message: `the body is larger than ${MAX_BODY_BYTES} bytes`,
              },
            },
            413,
            { connection: 'close' },
          ),
      }),
    );
  }

  app.onError((error, c) => {
    if (error instanceof EmulatorHttpError) return c.json({ error: { status: error.status, message: error.message } }, error.status);
    // Hono's own refusals (an unreadable body, say) are the client's fault: keep their status, in our error shape.
    if (error instanceof HTTPException && error.status < 500) {
      return c.json(
        {
          error: {
            status: error.status,
            message: error.message || 'bad request',
          },
        },
        error.status,
      );
    }
    // Only the message: a stack or request dump could carry a credential.
    if (!options.quiet) console.error('[svc emulator] unexpected error:', error instanceof Error ? error.message : error);
    return c.json({ error: { status: 500, message: 'the emulator failed unexpectedly' } }, 500);
  });
  app.notFound((c) =>
    c.json(
      {
        error: {
          status: 404,
          message: `no route for ${c.req.method} ${new URL(c.req.url).pathname}`,
        },
      },
      404,
    ),
  );

  addManagementRoutes(app, state);
  addSessionTokenRoute(app, state);
  addDataAndAiRoutes(app, state);
  addEmbedRoutes(app, state, {
    tokenCheckIntervalMs: options.tokenCheckIntervalMs ?? 20_000,
    inPlaceRenewal: options.inPlaceRenewal ?? true,
  });
  addControlRoutes(app, state, log);

  app.get('/', (c) =>
    c.html(`<!doctype html><meta charset="utf-8"><title>svc emulator</title>
<h1>svc tenant emulator</h1>
<ul>
<li><a href="/embed/dashboard/sales-overview">/embed/dashboard/sales-overview</a> (private mode)</li>
<li><a href="/embed/chat">/embed/chat</a> (private mode)</li>
<li>/embed/d/42/app?session=&lt;id&gt; (signed only)</li>
<li>Management API: /api/v1/…, SCIM: /api/scim/v2/Users, data API: /data/v1/…, AI API: /ai/chat/stream-chat-state</li>
<li>Sessions: /api/v1/embed/generate-session, /api/v1/embed/session/token, /api/v1/embed/session/revoke; embed tenants: /api/v1/embed-tenants/&lt;name&gt;/groups, /user-attributes</li>
<li>Dashboard exports: /api/v1/deployments/&lt;id&gt;/dashboard-exports[/&lt;jobId&gt;[/download]]</li>
</ul>`),
  );

  return app;
}
