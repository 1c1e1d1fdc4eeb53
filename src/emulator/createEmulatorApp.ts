import { existsSync, readFileSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type Context, Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { HTTPException } from 'hono/http-exception';
import { stream } from 'hono/streaming';
import type * as z from 'zod/mini';
import { chatRequestSchema, loadRequestSchema, sqlRequestSchema } from '../api/dataAndAi.js';
import { publishDashboardInputSchema } from '../api/dashboard.js';
import { generateSessionInputSchema } from '../api/embedSession.js';
import { FILTER_PARAMETER_PREFIX } from '../protocol/filterKey.js';
import type { JsonValue } from '../protocol/filterValue.js';
import { formatIssues } from '../schemas/formatIssues.js';
import { parseFilterParameter } from '../protocol/parseFilterParameter.js';
import type { EmulatorBootConfig } from './EmulatorBootConfig.js';
import type { EmulatorSecrets } from './EmulatorCredentials.js';
import { EmulatorHttpError, type EmulatorState } from './EmulatorState.js';
import { verifyJwt } from './jwt.js';
import { answerQuestion, datasetMeta, loadQuery, sqlQuery } from './queryDataset.js';
import { renderEmbedPage } from './renderEmbedPage.js';

/** A request the emulator answered, as kept for tests and debugging (never its credentials). */
export interface EmulatorRequestRecord {
  readonly method: string;
  readonly path: string;
  readonly status: number;
  readonly at: number;
}

const fail = (status: EmulatorHttpError['status'], message: string): never => {
  throw new EmulatorHttpError(status, message);
};

/** Reads and validates a JSON body; a missing, malformed or invalid body is a 400 with the reason. */
async function readBody<T>(c: Context, schema: z.ZodMiniType<T>, optional = false): Promise<T | undefined> {
  const text = await c.req.text();
  if (text.trim() === '') return optional ? undefined : fail(400, 'a JSON body is required');
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return fail(400, 'the body is not valid JSON');
  }
  const result = schema.safeParse(json);
  if (!result.success) return fail(400, `invalid body: ${formatIssues(result.error.issues, json)}`);
  return result.data;
}

const positiveInt = (name: string, value: string | undefined): number => {
  if (value === undefined || !/^[1-9][0-9]{0,9}$/.test(value)) fail(400, `${name} must be a positive integer`);
  return Number(value);
};

/** Where the built page script is: beside this module in `dist/`, or in the repository's `dist/` from `src/`. */
function findPageScript(): string | undefined {
  for (const candidate of ['./page.js', '../emulator/page.js', './emulator/page.js', '../../dist/emulator/page.js']) {
    const path = fileURLToPath(new URL(candidate, import.meta.url));
    if (existsSync(path)) return path;
  }
  return undefined;
}

/** Options of {@link createEmulatorApp}. */
export interface EmulatorAppOptions {
  /** Report nothing on the console (unexpected failures included). @default false */
  readonly quiet?: boolean | undefined;
}

/** The largest request body the APIs read (their real bodies are a few kilobytes). */
const MAX_BODY_BYTES = 1024 * 1024;

/**
 * The emulator's HTTP application: the management API under `/api`, the data API under `/data`, the AI API
 * under `/ai`, the embed pages under `/embed`, and the page script and request log under `/_emulator`.
 */
export function createEmulatorApp(
  state: EmulatorState,
  secrets: EmulatorSecrets,
  log: EmulatorRequestRecord[],
  options: EmulatorAppOptions = {},
): Hono {
  const app = new Hono();
  const { credentials } = secrets;

  app.use(async (c, next) => {
    await next();
    log.push({ method: c.req.method, path: new URL(c.req.url).pathname, status: c.res.status, at: Date.now() });
    if (log.length > 1000) log.splice(0, log.length - 1000);
  });

  for (const prefix of ['/api/*', '/data/*', '/ai/*']) {
    app.use(
      prefix,
      bodyLimit({
        maxSize: MAX_BODY_BYTES,
        // The rest of the body stays unread on the socket, so the client must not reuse the connection.
        onError: (c) => c.json({ error: { status: 413, message: `the body is larger than ${MAX_BODY_BYTES} bytes` } }, 413, { connection: 'close' }),
      }),
    );
  }

  app.onError((error, c) => {
    if (error instanceof EmulatorHttpError) return c.json({ error: { status: error.status, message: error.message } }, error.status);
    // Hono's own refusals (an unreadable body, say) are the client's fault: keep their status, in our error shape.
    if (error instanceof HTTPException && error.status < 500) {
      return c.json({ error: { status: error.status, message: error.message || 'bad request' } }, error.status);
    }
    // Only the message: a stack or request dump could carry a credential.
    if (!options.quiet) console.error('[svc emulator] unexpected error:', error instanceof Error ? error.message : error);
    return c.json({ error: { status: 500, message: 'the emulator failed unexpectedly' } }, 500);
  });
  app.notFound((c) => c.json({ error: { status: 404, message: `no route for ${c.req.method} ${new URL(c.req.url).pathname}` } }, 404));

  /** Management authentication: Bearer API key; 401 missing/malformed/unknown/expired, 403 scoped elsewhere. */
  const management = (c: Context, deploymentId?: number): void => {
    const header = c.req.header('authorization');
    if (!header) fail(401, 'missing credentials: send Authorization: Bearer <API_TOKEN>');
    const match = /^Bearer (\S+)$/.exec(header ?? '');
    if (!match) fail(401, 'malformed credentials: send Authorization: Bearer <API_TOKEN>');
    const key = secrets.apiKeys.get(match?.[1] ?? '');
    if (!key) fail(401, 'invalid credentials');
    if (key?.expired) fail(401, 'the API token has expired');
    if (deploymentId !== undefined && key?.deployments && !key.deployments.includes(deploymentId)) {
      fail(403, `this API token is not allowed to access deployment ${deploymentId}`);
    }
  };

  /** SCIM authentication: the SCIM token (or an unscoped API key) as Bearer or Api-Key. */
  const scim = (c: Context): void => {
    const header = c.req.header('authorization');
    if (!header) fail(401, 'missing credentials: send Authorization: Bearer <SCIM_TOKEN> (or Api-Key <SCIM_TOKEN>)');
    const match = /^(Bearer|Api-Key) (\S+)$/.exec(header ?? '');
    if (!match) fail(401, 'malformed credentials: send Authorization: Bearer <SCIM_TOKEN> (or Api-Key <SCIM_TOKEN>)');
    const token = match?.[2] ?? '';
    if (token === credentials.scimToken) return;
    const key = secrets.apiKeys.get(token);
    if (!key) fail(401, 'invalid credentials');
    if (key?.expired) fail(401, 'the token has expired');
    if (key?.deployments) fail(403, 'a key scoped to deployments cannot use account-level SCIM provisioning');
  };

  /** Data API authentication: the JWT itself, with no prefix. */
  const data = (c: Context): void => {
    const header = c.req.header('authorization');
    if (!header) fail(401, 'missing credentials: send Authorization: <JWT>');
    if (/^(Bearer|Api-Key)\s/i.test(header ?? '')) fail(401, 'malformed credentials: send the JWT with no prefix (Authorization: <JWT>)');
    const check = verifyJwt(header ?? '', secrets.jwtSecret, secrets.now());
    if (!check.ok) fail(401, check.reason);
  };

  /** AI API authentication: `Api-Key <API_KEY>`. */
  const ai = (c: Context): void => {
    const header = c.req.header('authorization');
    if (!header) fail(401, 'missing credentials: send Authorization: Api-Key <API_KEY>');
    const match = /^Api-Key (\S+)$/.exec(header ?? '');
    if (!match) fail(401, 'malformed credentials: send Authorization: Api-Key <API_KEY>');
    if (match?.[1] !== credentials.aiApiKey) fail(401, 'invalid credentials');
  };

  app.get('/api/v1/deployments', (c) => {
    management(c);
    const first = c.req.query('first');
    return c.json({ items: state.listDeployments(first === undefined ? undefined : positiveInt('first', first)) });
  });

  app.post('/api/v1/deployments/:deploymentId/workbooks/:workbookId/publish', async (c) => {
    const deploymentId = positiveInt('deploymentId', c.req.param('deploymentId'));
    const workbookId = positiveInt('workbookId', c.req.param('workbookId'));
    management(c, deploymentId);
    const input = await readBody(c, publishDashboardInputSchema, true);
    return c.json(state.publish(deploymentId, workbookId, input));
  });

  app.post('/api/v1/embed/generate-session', async (c) => {
    management(c);
    const input = (await readBody(c, generateSessionInputSchema)) as z.infer<typeof generateSessionInputSchema>;
    management(c, input.deploymentId);
    return c.json({ sessionId: state.createSession(input) });
  });

  app.get('/api/scim/v2/Users', (c) => {
    scim(c);
    const startIndex = c.req.query('startIndex') === undefined ? 1 : positiveInt('startIndex', c.req.query('startIndex'));
    const countText = c.req.query('count');
    if (countText !== undefined && !/^\d{1,6}$/.test(countText)) fail(400, 'count must be a non-negative integer');
    const count = countText === undefined ? 100 : Math.min(Number(countText), 100);
    const users = state.seed.users;
    const page = users.slice(startIndex - 1, startIndex - 1 + count);
    return c.json({
      schemas: ['urn:ietf:params:scim:api:messages:2.0:ListResponse'],
      totalResults: users.length,
      startIndex,
      itemsPerPage: page.length,
      Resources: page.map((u) => ({
        schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
        ...u,
        emails: [{ value: u.userName, primary: true }],
      })),
    });
  });

  app.post('/data/v1/load', async (c) => {
    data(c);
    const body = (await readBody(c, loadRequestSchema)) as z.infer<typeof loadRequestSchema>;
    return c.json(loadQuery(state.seed.dataset, body.query));
  });
  app.post('/data/v1/cubesql', async (c) => {
    data(c);
    const body = (await readBody(c, sqlRequestSchema)) as z.infer<typeof sqlRequestSchema>;
    return c.json(sqlQuery(state.seed.dataset, body.query));
  });
  app.get('/data/v1/meta', (c) => {
    data(c);
    return c.json(datasetMeta(state.seed.dataset));
  });

  app.post('/ai/chat/stream-chat-state', async (c) => {
    ai(c);
    const body = (await readBody(c, chatRequestSchema)) as z.infer<typeof chatRequestSchema>;
    const question = [...body.messages].reverse().find((m) => m.role === 'user')?.content ?? '';
    const chatId = body.chatId ?? `chat_${Date.now().toString(36)}`;
    c.header('content-type', 'application/x-ndjson; charset=utf-8');
    return stream(c, async (out) => {
      if (/\berror\b/i.test(question)) {
        await out.write(`${JSON.stringify({ chatId, type: 'error', content: 'The agent could not answer that question.' })}\n`);
        return;
      }
      for (const piece of answerQuestion(state.seed.dataset, question)) {
        await out.write(`${JSON.stringify({ chatId, type: 'delta', content: piece })}\n`);
        await out.sleep(15);
      }
      await out.write(`${JSON.stringify({ chatId, type: 'done' })}\n`);
    });
  });

  /** Builds an embed page's boot config from its address; sessions and tokens are checked here. */
  const embedPage = (c: Context, boot: Pick<EmulatorBootConfig, 'surface' | 'path'> & Partial<EmulatorBootConfig>) => {
    const url = new URL(c.req.url);
    const sessionParam = boot.surface === 'chat' ? 'sessionId' : 'session';
    const filters: Record<string, JsonValue> = {};
    const params: Record<string, string> = {};
    for (const [name, value] of url.searchParams) {
      if (name.startsWith(FILTER_PARAMETER_PREFIX)) {
        const parsed = parseFilterParameter(`${name}=${value}`);
        if (parsed.ok) filters[parsed.key] = parsed.value;
      } else if (![sessionParam, 'embedToken', 'allowExport', 'locale'].includes(name)) params[name] = value.slice(0, 200);
    }
    let error = boot.error;
    let mode: 'signed' | 'private' = 'private';
    let viewer: EmulatorBootConfig['viewer'] = { name: 'Dev User (private mode)', email: 'dev.user@example.com' };
    let embedTenant: string | null = null;
    let theme: EmulatorBootConfig['theme'] = null;
    let embedToken: string | undefined;
    const session = url.searchParams.get(sessionParam);
    const token = url.searchParams.get('embedToken');
    if (session !== null || token !== null) {
      const opened = state.openSession(token !== null ? { token } : { session: session ?? '' });
      if (!opened.ok) error = error ?? { name: 'SessionError', message: opened.reason };
      else {
        const input = opened.record.session.input;
        mode = 'signed';
        embedToken = opened.token;
        viewer = { name: input.externalId ?? String(input.internalId ?? 'viewer'), email: input.email ?? null };
        embedTenant = input.embedTenantName ?? null;
        theme = input.embedTheme ?? null;
        if (boot.deploymentId != null && input.deploymentId !== boot.deploymentId) {
          error = error ?? { name: 'SessionError', message: `This session is for deployment ${input.deploymentId}.` };
        }
      }
    } else if (boot.surface === 'app') {
      error = error ?? { name: 'SessionError', message: 'The app is signed-only: the address needs a session.' };
    }
    const page: EmulatorBootConfig = {
      deploymentId: null,
      ...boot,
      mode,
      embedTenant,
      viewer,
      allowExport: url.searchParams.get('allowExport') === 'true',
      locale: url.searchParams.get('locale'),
      filters,
      params,
      theme,
      dataset: state.seed.dataset,
      ...(error ? { error } : {}),
      ...(embedToken && !error ? { embedToken } : {}),
    };
    c.header('content-security-policy', "default-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:");
    c.header('cache-control', 'no-store');
    return c.html(renderEmbedPage(page));
  };

  app.get('/embed/dashboard/:publicId', (c) => {
    const publicId = c.req.param('publicId');
    const dashboard = state.findDashboard(publicId);
    const path = new URL(c.req.url).pathname;
    if (!dashboard) {
      return embedPage(c, { surface: 'dashboard', path, publicId, error: { name: 'NotFoundError', message: `No published dashboard "${publicId.slice(0, 80)}".` } });
    }
    return embedPage(c, {
      surface: 'dashboard',
      path,
      publicId,
      deploymentId: dashboard.deploymentId,
      dashboard: {
        title: dashboard.title ?? dashboard.config.title ?? null,
        description: dashboard.description ?? null,
        widgets: (dashboard.config.widgets ?? []).map((w) => ({ id: w.id, type: w.type, position: w.position, config: (w.config ?? null) as Record<string, JsonValue> | null })),
      },
    });
  });

  app.get('/embed/chat', (c) => embedPage(c, { surface: 'chat', path: '/embed/chat' }));

  const appPage = (c: Context) => {
    const deploymentId = Number(c.req.param('deploymentId'));
    const path = new URL(c.req.url).pathname;
    if (!Number.isInteger(deploymentId) || !state.hasDeployment(deploymentId)) {
      return embedPage(c, { surface: 'app', path, error: { name: 'NotFoundError', message: 'No such deployment.' } });
    }
    return embedPage(c, {
      surface: 'app',
      path,
      deploymentId,
      app: {
        workbooks: state.seed.workbooks.filter((w) => w.deploymentId === deploymentId).map(({ id, name, folderId }) => ({ id, name, folderId })),
        folders: state.seed.folders.filter((f) => f.deploymentId === deploymentId).map(({ id, name }) => ({ id, name })),
      },
    });
  };
  app.get('/embed/d/:deploymentId/app', appPage);
  app.get('/embed/d/:deploymentId/app/*', appPage);

  // Cached by modification time, so a rebuild while the emulator runs is picked up on the next reload.
  let pageScript: { readonly mtimeMs: number; readonly text: string } | undefined;
  app.get('/_emulator/page.js', (c) => {
    const file = findPageScript();
    if (!file) return c.text('// The emulator page script is not built: run "npm run build".', 500);
    const { mtimeMs } = statSync(file);
    if (pageScript?.mtimeMs !== mtimeMs) pageScript = { mtimeMs, text: readFileSync(file, 'utf8') };
    c.header('content-type', 'text/javascript; charset=utf-8');
    c.header('cache-control', 'no-cache');
    return c.body(pageScript.text);
  });

  app.get('/_emulator/requests', (c) => c.json({ requests: log }));

  app.get('/', (c) =>
    c.html(`<!doctype html><meta charset="utf-8"><title>svc emulator</title>
<h1>svc tenant emulator</h1>
<ul>
<li><a href="/embed/dashboard/sales-overview">/embed/dashboard/sales-overview</a> (private mode)</li>
<li><a href="/embed/chat">/embed/chat</a> (private mode)</li>
<li>/embed/d/42/app?session=&lt;id&gt; (signed only)</li>
<li>Management API: /api/v1/…, SCIM: /api/scim/v2/Users, data API: /data/v1/…, AI API: /ai/chat/stream-chat-state</li>
</ul>`),
  );

  return app;
}
