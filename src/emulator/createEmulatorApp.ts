import { existsSync, readFileSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { HttpBindings } from '@hono/node-server';
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
import { EmulatorHttpError, type EmulatorState, type SessionRefusal } from './EmulatorState.js';
import { type ApiFamily, authenticate, type Principal, requireAccount, requireDeployment } from './authenticate.js';
import { jsonNestingDepth } from './jsonNestingDepth.js';
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

/** How deeply a request body may nest (real bodies nest a handful of levels). */
export const MAX_JSON_DEPTH = 64;

/** The Node request behind a Hono context, when the emulator runs on Node's HTTP server. */
const incomingOf = (c: Context): HttpBindings['incoming'] | undefined => (c.env as Partial<HttpBindings> | undefined)?.incoming;

/**
 * Reads a JSON body: a missing (unless `optional`), malformed or too deeply nested body is a 400 with the
 * reason. A client that hangs up mid-body is a 400 too, not an emulator failure.
 */
async function readJson(c: Context, optional = false): Promise<unknown> {
  let text: string;
  try {
    text = await c.req.text();
  } catch (error) {
    const incoming = incomingOf(c);
    if (incoming && (incoming.destroyed || incoming.errored || !incoming.complete)) {
      return fail(400, 'the client closed the connection before the whole body arrived');
    }
    throw error;
  }
  if (text.trim() === '') return optional ? undefined : fail(400, 'a JSON body is required');
  // Checked before parsing: a deep enough body exhausts the stack of whatever walks it next.
  if (jsonNestingDepth(text, MAX_JSON_DEPTH) > MAX_JSON_DEPTH) return fail(400, `the body nests deeper than ${MAX_JSON_DEPTH} levels`);
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return fail(400, 'the body is not valid JSON');
  }
}

/** Validates parsed JSON against a schema; an invalid body is a 400 naming the fields. */
function validate<T>(schema: z.ZodMiniType<T>, json: unknown): T {
  const result = schema.safeParse(json);
  if (!result.success) return fail(400, `invalid body: ${formatIssues(result.error.issues, json)}`);
  return result.data;
}

/** A path or query id: decimal digits only, no sign, no leading zero, no spaces, no hex or exponent. */
const STRICT_ID = /^[1-9][0-9]{0,9}$/;

const positiveInt = (name: string, value: string | undefined): number => {
  if (value === undefined || !STRICT_ID.test(value)) fail(400, `${name} must be a positive integer`);
  return Number(value);
};

/** A SCIM paging number: an integer, possibly negative (RFC 7644 says how to read those). */
const scimInt = (name: string, value: string | undefined, fallback: number): number => {
  if (value === undefined) return fallback;
  if (!/^-?[0-9]{1,9}$/.test(value)) fail(400, `${name} must be an integer`);
  return Number(value);
};

/** The host names the emulator answers to: its loopback names, so DNS rebinding cannot reach it. */
export const LOOPBACK_HOST_NAMES: readonly string[] = ['localhost', '127.0.0.1', '[::1]'];

/** The host name of a `Host` header, lower-cased and without the port. */
function hostName(header: string): string {
  const host = header.trim().toLowerCase();
  if (host.startsWith('[')) return host.slice(0, host.indexOf(']') + 1);
  const colon = host.indexOf(':');
  return colon === -1 ? host : host.slice(0, colon);
}

const isLoopbackAddress = (address: string | undefined): boolean =>
  address !== undefined && (address === '::1' || address.startsWith('127.') || address.startsWith('::ffff:127.'));

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

/** Where the built page script is: beside this module in `dist/`, or in the repository's `dist/` from `src/`. */
function findPageScript(): string | undefined {
  for (const candidate of ['./page.js', '../emulator/page.js', './emulator/page.js', '../../dist/emulator/page.js']) {
    const path = fileURLToPath(new URL(candidate, import.meta.url));
    if (existsSync(path)) return path;
  }
  return undefined;
}

/** What the emulator's handlers see: Node's request, and who the API request authenticated as. */
export type EmulatorEnv = { Bindings: HttpBindings; Variables: { principal: Principal } };

/** Options of {@link createEmulatorApp}. */
export interface EmulatorAppOptions {
  /** Report nothing on the console (unexpected failures included). @default false */
  readonly quiet?: boolean | undefined;
  /** Host names answered besides the loopback names (the interface given with `allowNonLoopback`). @default [] */
  readonly extraHostNames?: readonly string[] | undefined;
  /** How often a signed embed page asks whether its token is still valid, in milliseconds. @default 20000 */
  readonly tokenCheckIntervalMs?: number | undefined;
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
): Hono<EmulatorEnv> {
  const app = new Hono<EmulatorEnv>();
  const { credentials } = secrets;
  const hostNames = new Set([...LOOPBACK_HOST_NAMES, ...(options.extraHostNames ?? []).map((name) => hostName(name.includes(':') && !name.startsWith('[') ? `[${name}]` : name))]);
  /** The deployment the emulator's AI agent belongs to: the AI API is one agent's chat API. */
  const agentDeploymentId = credentials.seed.deploymentId;

  app.use(async (c, next) => {
    await next();
    log.push({ method: c.req.method, path: new URL(c.req.url).pathname, status: c.res.status, at: Date.now() });
    if (log.length > 1000) log.splice(0, log.length - 1000);
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

  // One authentication step for every API path, known or not, before anything reads the path or the body.
  app.use(async (c, next) => {
    const path = new URL(c.req.url).pathname;
    const family = familyOf(path);
    if (family === null) return next();
    const principal = authenticate(family, c.req.header('authorization'), secrets);
    c.set('principal', principal);
    if (family === 'scim') requireAccount(principal);
    if (family === 'ai') requireDeployment(principal, agentDeploymentId);
    if (family === 'management') {
      const scoped = /^\/api\/v1\/deployments\/([^/]*)/.exec(path);
      if (scoped) {
        const id = safeDecode(scoped[1] ?? '');
        requireDeployment(principal, STRICT_ID.test(id) ? Number(id) : id);
      } else if (path !== '/api/v1/deployments' && path !== '/api/v1/embed/generate-session') {
        requireAccount(principal);
      }
    }
    return next();
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

  /** The /_emulator control routes answer only the machine itself, and never another site's page. */
  const controlOnly = (c: Context): void => {
    if (!isLoopbackAddress(incomingOf(c)?.socket.remoteAddress)) fail(403, 'the emulator control routes answer loopback clients only');
    const origin = c.req.header('origin');
    if (origin !== undefined && origin !== new URL(c.req.url).origin) fail(403, 'the emulator control routes refuse requests from other origins');
  };

  app.get('/api/v1/deployments', (c) => {
    const { deployments } = c.get('principal');
    const first = c.req.query('first');
    // A scoped key sees the deployments it may act on.
    const visible = state.listDeployments().filter((d) => deployments === null || deployments.includes(d.id));
    return c.json({ items: first === undefined ? visible : visible.slice(0, positiveInt('first', first)) });
  });

  app.post('/api/v1/deployments/:deploymentId/workbooks/:workbookId/publish', async (c) => {
    const deploymentId = positiveInt('deploymentId', c.req.param('deploymentId'));
    const workbookId = positiveInt('workbookId', c.req.param('workbookId'));
    const json = await readJson(c, true);
    const input = json === undefined ? undefined : validate(publishDashboardInputSchema, json);
    return c.json(state.publish(deploymentId, workbookId, input));
  });

  app.post('/api/v1/embed/generate-session', async (c) => {
    const json = await readJson(c);
    // The target deployment is known before the body is checked: a key scoped elsewhere is 403 whatever else is wrong.
    const target = typeof json === 'object' && json !== null ? (json as { deploymentId?: unknown }).deploymentId : undefined;
    if (typeof target === 'number') requireDeployment(c.get('principal'), target);
    const input = validate(generateSessionInputSchema, json) as z.infer<typeof generateSessionInputSchema>;
    return c.json({ sessionId: state.createSession(input) });
  });

  app.get('/api/scim/v2/Users', (c) => {
    // RFC 7644 3.4.2.4: a startIndex below 1 is read as 1, a negative count as 0.
    const startIndex = Math.max(1, scimInt('startIndex', c.req.query('startIndex'), 1));
    const count = Math.min(100, Math.max(0, scimInt('count', c.req.query('count'), 100)));
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
    const body = validate(loadRequestSchema, await readJson(c)) as z.infer<typeof loadRequestSchema>;
    return c.json(loadQuery(state.seed.dataset, body.query));
  });
  app.post('/data/v1/cubesql', async (c) => {
    const body = validate(sqlRequestSchema, await readJson(c)) as z.infer<typeof sqlRequestSchema>;
    return c.json(sqlQuery(state.seed.dataset, body.query));
  });
  app.get('/data/v1/meta', (c) => {
    return c.json(datasetMeta(state.seed.dataset));
  });

  app.post('/ai/chat/stream-chat-state', async (c) => {
    const body = validate(chatRequestSchema, await readJson(c)) as z.infer<typeof chatRequestSchema>;
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
    let deploymentId = boot.deploymentId ?? null;
    const session = url.searchParams.get(sessionParam);
    const token = url.searchParams.get('embedToken');
    if (session !== null || token !== null) {
      // The page's own checks run before the session is spent: a page that refuses it leaves it usable.
      const refuse = (input: { readonly deploymentId: number; readonly creatorMode?: boolean | undefined }): SessionRefusal | null => {
        if (error) return error;
        if (boot.deploymentId != null && input.deploymentId !== boot.deploymentId) {
          return { name: 'SessionError', message: `This session is for deployment ${input.deploymentId}.` };
        }
        if (boot.surface === 'app' && input.creatorMode !== true) {
          return { name: 'SessionError', message: 'The app needs a session minted with creatorMode: true.' };
        }
        return null;
      };
      const opened = state.openSession(token !== null ? { token } : { session: session ?? '' }, refuse);
      if (!opened.ok) error = error ?? opened.refusal;
      else {
        const input = opened.record.session.input;
        mode = 'signed';
        embedToken = opened.token;
        viewer = { name: input.externalId ?? String(input.internalId ?? 'viewer'), email: input.email ?? null };
        embedTenant = input.embedTenantName ?? null;
        theme = input.embedTheme ?? null;
        // The chat belongs to no dashboard or path: its deployment is the session's.
        deploymentId = boot.deploymentId ?? input.deploymentId;
      }
    } else if (boot.surface === 'app') {
      error = error ?? { name: 'SessionError', message: 'The app is signed-only: the address needs a session.' };
    }
    const page: EmulatorBootConfig = {
      ...boot,
      deploymentId,
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
      ...(embedToken && !error ? { embedToken, tokenCheckIntervalMs: options.tokenCheckIntervalMs ?? 20_000 } : {}),
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
    const idText = c.req.param('deploymentId') ?? '';
    const deploymentId = STRICT_ID.test(idText) ? Number(idText) : Number.NaN;
    const path = new URL(c.req.url).pathname;
    if (!state.hasDeployment(deploymentId)) {
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

  app.get('/_emulator/requests', (c) => {
    controlOnly(c);
    return c.json({ requests: log });
  });

  app.post('/_emulator/expire-embed-tokens', (c) => {
    controlOnly(c);
    return c.json({ expired: state.expireEmbedTokens() });
  });

  // A running signed page asks here whether its token still holds (the token travels in a header, never
  // in an address, so it stays out of logs).
  app.get('/embed/token-status', (c) => {
    c.header('cache-control', 'no-store');
    const token = c.req.header('x-embed-token');
    if (token === undefined || token === '') return c.json({ error: { status: 401, name: 'SessionError', message: 'send the embed token in X-Embed-Token' } }, 401);
    const check = state.checkEmbedToken(token);
    if (!check.ok) return c.json({ error: { status: 401, ...check.refusal } }, 401);
    return c.json({ valid: true, expiresAt: check.expiresAt });
  });

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
