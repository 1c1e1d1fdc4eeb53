import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dashboardSchema } from '../../../src/api/dashboard.js';
import { type RunningEmulator, startEmulator } from '../../../src/emulator/index.js';

let emu: RunningEmulator;
let now = Date.now();

beforeAll(async () => {
  emu = await startEmulator({ port: 0, now: () => now });
});
afterAll(() => emu.close());

async function call(method: string, path: string, options: { auth?: string; body?: unknown; raw?: string } = {}) {
  const headers: Record<string, string> = {};
  if (options.auth !== undefined) headers.authorization = options.auth;
  if (options.body !== undefined || options.raw !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${emu.url}${path}`, {
    method,
    headers,
    body: options.raw ?? (options.body === undefined ? null : JSON.stringify(options.body)),
  });
  const text = await response.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  // biome-ignore lint/suspicious/noExplicitAny: assertions explore JSON answers freely
  return { status: response.status, json: json as Record<string, any>, text, headers: response.headers };
}

const bearer = (token: string) => `Bearer ${token}`;

describe('start-up', () => {
  it('listens on loopback and refuses other interfaces unless told', async () => {
    expect(emu.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    await expect(startEmulator({ host: '0.0.0.0' })).rejects.toThrow(/loopback/);
  });
});

describe('management authentication', () => {
  it.each([
    ['missing', undefined, 401],
    ['malformed', 'Token abc', 401],
    ['unknown', 'Bearer nope', 401],
  ])('answers %s credentials with %i and a reason', async (_name, auth, status) => {
    const r = await call('GET', '/api/v1/deployments', auth === undefined ? {} : { auth });
    expect(r.status).toBe(status);
    expect(r.json).toEqual({ error: { status, message: expect.any(String) } });
  });

  it('answers an expired key with 401 and a key scoped elsewhere with 403', async () => {
    const c = emu.credentials;
    expect((await call('GET', '/api/v1/deployments', { auth: bearer(c.expiredApiToken) })).json.error.message).toMatch(/expired/);
    const forbidden = await call('POST', `/api/v1/deployments/${c.otherDeploymentId}/workbooks/140/publish`, { auth: bearer(c.scopedApiToken) });
    expect(forbidden.status).toBe(403);
    const allowed = await call('POST', `/api/v1/deployments/${c.scopedDeploymentId}/workbooks/132/publish`, { auth: bearer(c.scopedApiToken) });
    expect(allowed.status).toBe(200);
    const session = await call('POST', '/api/v1/embed/generate-session', { auth: bearer(c.scopedApiToken), body: { deploymentId: c.otherDeploymentId, externalId: 'x' } });
    expect(session.status).toBe(403);
  });

  it('guards every management route, and a refused request changes nothing', async () => {
    const c = emu.credentials;
    expect((await call('POST', '/api/v1/deployments/42/workbooks/130/publish')).status).toBe(401);
    expect((await call('POST', '/api/v1/embed/generate-session', { body: { deploymentId: 42, externalId: 'x' } })).status).toBe(401);
    expect((await call('GET', '/api/v1/deployments', { auth: `Bearer${c.apiToken}` })).status).toBe(401);
    expect((await call('GET', '/api/v1/deployments', { auth: c.apiToken })).json.error.message).toMatch(/malformed/);
    const version = async () => (await call('POST', '/api/v1/deployments/43/workbooks/140/publish', { auth: bearer(c.apiToken) })).json.versionNumber as number;
    const before = await version();
    // spec.md: a missing or expired credential is 401; a valid one scoped to another deployment is 403.
    const refusals: [string, string | undefined, number][] = [
      ['a key scoped to another deployment', bearer(c.scopedApiToken), 403],
      ['an expired key', bearer(c.expiredApiToken), 401],
      ['no credential', undefined, 401],
    ];
    for (const [name, auth, status] of refusals) {
      const r = await call('POST', '/api/v1/deployments/43/workbooks/140/publish', auth === undefined ? {} : { auth });
      expect(r.status, name).toBe(status);
    }
    expect(await version()).toBe(before + 1);
  });

  it('never echoes a credential', async () => {
    const r = await call('GET', '/api/v1/deployments', { auth: 'Bearer secret_value_123' });
    expect(r.text).not.toContain('secret_value_123');
  });
});

describe('deployments', () => {
  it('lists deployments, honouring first', async () => {
    const auth = bearer(emu.credentials.apiToken);
    const all = await call('GET', '/api/v1/deployments', { auth });
    expect(all.json.items).toEqual([expect.objectContaining({ id: 42, name: 'Production' }), expect.objectContaining({ id: 43 })]);
    expect((await call('GET', '/api/v1/deployments?first=1', { auth })).json.items).toHaveLength(1);
    expect((await call('GET', '/api/v1/deployments?first=abc', { auth })).status).toBe(400);
  });
});

describe('publish', () => {
  const auth = () => bearer(emu.credentials.apiToken);
  const path = () => `/api/v1/deployments/${emu.credentials.seed.deploymentId}/workbooks/${emu.credentials.seed.workbookId}/publish`;

  it('creates the workbook dashboard on first publish and re-publishes it afterwards', async () => {
    const first = await call('POST', path(), { auth: auth(), body: { workbookId: emu.credentials.seed.workbookId, title: 'Regional' } });
    expect(first.status).toBe(200);
    expect(first.json).toMatchObject({ status: 'published', versionNumber: 1, allowEmbed: true, title: 'Regional', workbookId: emu.credentials.seed.workbookId });
    expect(first.json.config.widgets.map((w: { type: string }) => w.type)).toEqual(expect.arrayContaining(['CHART', 'TEXT', 'FILTER', 'TIME_GRAIN']));
    expect(dashboardSchema.safeParse(first.json).success).toBe(true);
    // Nothing beyond the documented fields.
    expect(Object.keys(dashboardSchema.def.shape)).toEqual(expect.arrayContaining(Object.keys(first.json)));
    expect(first.json.reportSnapshots).toHaveLength(first.json.config.widgets.filter((w: { type: string }) => w.type === 'CHART').length);
    const second = await call('POST', path(), { auth: auth() });
    expect(second.json).toMatchObject({ id: first.json.id, publicId: first.json.publicId, versionNumber: 2 });
    expect(second.json.versionId).not.toBe(first.json.versionId);
    const third = await call('POST', path(), { auth: auth(), body: { workbookId: emu.credentials.seed.workbookId, dashboardId: first.json.id, description: 'EU and US' } });
    expect(third.json).toMatchObject({ versionNumber: 3, description: 'EU and US', title: 'Regional' });
  });

  it('refuses bad input with 4xx and changes nothing', async () => {
    const before = (await call('POST', path(), { auth: auth() })).json.versionNumber as number;
    const cases: [string, { body?: unknown; raw?: string }, number, RegExp][] = [
      ['workbookId differs', { body: { workbookId: 999 } }, 400, /differs/],
      ['bad JSON', { raw: '{"workbookId":' }, 400, /not valid JSON/],
      ['bad config', { body: { workbookId: emu.credentials.seed.workbookId, config: { widgets: [{ id: 'w', type: 'PIE', position: { x: 0, y: 0, w: 1, h: 1 } }] } } }, 400, /config\.widgets\.0\.type/],
      ['foreign dashboardId', { body: { workbookId: emu.credentials.seed.workbookId, dashboardId: 1 } }, 404, /does not belong/],
    ];
    for (const [name, options, status, message] of cases) {
      const r = await call('POST', path(), { auth: auth(), ...options });
      expect(r.status, name).toBe(status);
      expect(r.json.error.message, name).toMatch(message);
    }
    expect((await call('POST', '/api/v1/deployments/42/workbooks/9999/publish', { auth: auth() })).status).toBe(404);
    expect((await call('POST', '/api/v1/deployments/77/workbooks/130/publish', { auth: auth() })).status).toBe(404);
    expect((await call('POST', '/api/v1/deployments/abc/workbooks/130/publish', { auth: auth() })).status).toBe(400);
    // A workbook of another deployment is not found through this one.
    expect((await call('POST', '/api/v1/deployments/42/workbooks/140/publish', { auth: auth() })).status).toBe(404);
    const huge = await call('POST', path(), { auth: auth(), raw: JSON.stringify({ workbookId: emu.credentials.seed.workbookId, description: 'x'.repeat(2 * 1024 * 1024) }) });
    expect(huge.status).toBe(413);
    expect(huge.json.error.status).toBe(413);
    const after = (await call('POST', path(), { auth: auth() })).json.versionNumber as number;
    expect(after).toBe(before + 1);
  });

  it('gives concurrent publishes consecutive versions with no gap or duplicate', async () => {
    const base = (await call('POST', '/api/v1/deployments/42/workbooks/132/publish', { auth: auth() })).json.versionNumber as number;
    const results = await Promise.all(Array.from({ length: 25 }, () => call('POST', '/api/v1/deployments/42/workbooks/132/publish', { auth: auth(), body: { workbookId: 132 } })));
    const versions = results.map((r) => r.json.versionNumber as number).sort((a, b) => a - b);
    expect(versions).toEqual(Array.from({ length: 25 }, (_, i) => base + 1 + i));
  });
});

describe('embed sessions and pages', () => {
  const auth = () => bearer(emu.credentials.apiToken);
  const boot = (html: string) => JSON.parse(/<script type="application\/json" id="svc-emulator-boot">(.*?)<\/script>/s.exec(html)?.[1] ?? 'null');

  it('validates generate-session input', async () => {
    for (const body of [{ deploymentId: 42 }, { deploymentId: 42, externalId: 'a', internalId: 'b' }, { deploymentId: 42, externalId: 'a', embedTenantName: 'BAD' }, { externalId: 'a' }]) {
      const r = await call('POST', '/api/v1/embed/generate-session', { auth: auth(), body });
      expect(r.status).toBe(400);
      expect(r.json.error.message).toMatch(/invalid body/);
    }
  });

  it('serves a signed dashboard without a token in it; the page exchanges its session once, and its token grants the viewer', async () => {
    const { sessionId } = (await call('POST', '/api/v1/embed/generate-session', { auth: auth(), body: { deploymentId: 42, externalId: 'Alice', email: 'alice@example.com', embedTenantName: 'acme', embedTheme: { primaryColor: '#123456' } } })).json;
    const page = await call('GET', `/embed/dashboard/sales-overview?session=${sessionId}&allowExport=true&locale=de-DE&timezone=Asia%2FTokyo&f_orders.status=${encodeURIComponent('{"value":"completed"}')}&showDashboardTitle=false`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    expect(page.headers.get('referrer-policy')).toBe('no-referrer');
    const config = boot(page.text);
    expect(config).toMatchObject({
      surface: 'dashboard',
      mode: 'signed',
      deploymentId: 42,
      publicId: 'sales-overview',
      allowExport: true,
      locale: 'de-DE',
      timezone: 'Asia/Tokyo',
      filters: { 'orders.status': { value: 'completed' } },
      params: { showDashboardTitle: 'false' },
    });
    expect(config.error).toBeUndefined();
    expect(config.dashboard.widgets.length).toBeGreaterThan(3);
    expect(config.dataset.rows).toHaveLength(200);
    // Serving the page spends nothing and hands out no token: the page exchanges the session itself.
    expect(page.text).not.toMatch(/emt_/);
    const exchanged = await call('POST', '/api/v1/embed/session/token', { body: { sessionId } });
    expect(exchanged.status).toBe(200);
    const token = exchanged.json.embedToken as string;
    const grants = (await (await fetch(`${emu.url}/embed/token-grants`, { headers: { 'x-embed-token': token } })).json()) as { grants: unknown };
    expect(grants.grants).toEqual({
      deploymentId: 42,
      creatorMode: false,
      viewer: { name: 'alice', email: 'alice@example.com' },
      embedTenant: 'acme',
      theme: { primaryColor: '#123456' },
      settings: {},
      branchName: 'main',
      userProfile: null,
    });
    // A reload presents the spent session again: served (the page looks for the token it kept), but the
    // exchange refuses it as used.
    expect(boot((await call('GET', `/embed/dashboard/sales-overview?session=${sessionId}`)).text).error).toBeUndefined();
    expect((await call('POST', '/api/v1/embed/session/token', { body: { sessionId } })).json.error.message).toMatch(/already used/);
    // A token in an address signs nobody in.
    expect(boot((await call('GET', `/embed/dashboard/sales-overview?embedToken=${token}`)).text)).toMatchObject({ mode: 'private', params: {} });
  });

  it('expires unused sessions after five minutes', async () => {
    const { sessionId } = (await call('POST', '/api/v1/embed/generate-session', { auth: auth(), body: { deploymentId: 42, externalId: 'bob' } })).json;
    now += 5 * 60 * 1000 + 1;
    const config = boot((await call('GET', `/embed/chat?sessionId=${sessionId}`)).text);
    expect(config.error.message).toMatch(/expired/);
  });

  it('serves private mode without a session, and refuses the app without one', async () => {
    expect(boot((await call('GET', '/embed/chat')).text)).toMatchObject({ surface: 'chat', mode: 'private' });
    expect(boot((await call('GET', '/embed/d/42/app')).text).error.message).toMatch(/signed-only/);
    expect(boot((await call('GET', '/embed/dashboard/nope')).text).error.name).toBe('NotFoundError');
  });

  it('refuses unknown sessions, and a session of another deployment in the app', async () => {
    expect(boot((await call('GET', '/embed/dashboard/sales-overview?session=ses_unknown')).text).error.message).toMatch(/not valid/);
    expect(boot((await call('GET', '/embed/chat?sessionId=')).text).error.name).toBe('SessionError');
    const { sessionId } = (await call('POST', '/api/v1/embed/generate-session', { auth: auth(), body: { deploymentId: 43, externalId: 'erin', creatorMode: true } })).json;
    const config = boot((await call('GET', `/embed/d/42/app?session=${sessionId}`)).text);
    expect(config.error.message).toMatch(/deployment 43/);
    // Refused without being spent: the app of its own deployment still opens it.
    expect(boot((await call('GET', `/embed/d/43/app?session=${sessionId}`)).text).error).toBeUndefined();
    expect((await call('POST', '/api/v1/embed/session/token', { body: { sessionId } })).status).toBe(200);
    expect(boot((await call('GET', '/embed/d/77/app?session=x')).text).error.name).toBe('NotFoundError');
  });

  it('keeps session ids out of the request log', async () => {
    const { sessionId } = (await call('POST', '/api/v1/embed/generate-session', { auth: auth(), body: { deploymentId: 42, externalId: 'frank' } })).json;
    await call('GET', `/embed/dashboard/sales-overview?session=${sessionId}`);
    const log = await call('GET', '/_emulator/requests');
    expect(log.json.requests.at(-1)).toMatchObject({ method: 'GET', path: '/embed/dashboard/sales-overview', status: 200 });
    expect(log.text).not.toContain(sessionId);
  });

  it('serves the app at any route path under it', async () => {
    const { sessionId } = (await call('POST', '/api/v1/embed/generate-session', { auth: auth(), body: { deploymentId: 42, externalId: 'carol', creatorMode: true } })).json;
    const config = boot((await call('GET', `/embed/d/42/app/workbook/130?session=${sessionId}`)).text);
    expect(config).toMatchObject({ surface: 'app', mode: 'signed', path: '/embed/d/42/app/workbook/130' });
    expect(config.app.workbooks.map((w: { id: number }) => w.id)).toContain(130);
  });

  it('keeps the boot config from breaking out of its script element', async () => {
    const page = await call('GET', `/embed/chat?note=${encodeURIComponent('</script><script>alert(1)</script>')}`);
    expect(page.text).not.toContain('<script>alert(1)');
    expect(boot(page.text).params.note).toBe('</script><script>alert(1)</script>');
  });
});

describe('SCIM', () => {
  it('pages users with either header form', async () => {
    for (const scheme of ['Bearer', 'Api-Key']) {
      const r = await call('GET', '/api/scim/v2/Users?startIndex=11&count=10', { auth: `${scheme} ${emu.credentials.scimToken}` });
      expect(r.status).toBe(200);
      expect(r.json).toMatchObject({ totalResults: 25, startIndex: 11, itemsPerPage: 10, schemas: ['urn:ietf:params:scim:api:messages:2.0:ListResponse'] });
      expect(r.json.Resources[0].id).toBe('user-011');
    }
    expect((await call('GET', '/api/scim/v2/Users?startIndex=21&count=10', { auth: bearer(emu.credentials.scimToken) })).json.itemsPerPage).toBe(5);
    expect((await call('GET', '/api/scim/v2/Users', { auth: 'Basic abc' })).status).toBe(401);
    expect((await call('GET', '/api/scim/v2/Users', { auth: bearer(emu.credentials.scopedApiToken) })).status).toBe(403);
    // RFC 7644: a startIndex below 1 reads as 1, a negative count as 0; text that is no integer is still refused.
    expect((await call('GET', '/api/scim/v2/Users?startIndex=0&count=2', { auth: bearer(emu.credentials.scimToken) })).json).toMatchObject({ startIndex: 1, itemsPerPage: 2 });
    expect((await call('GET', '/api/scim/v2/Users?startIndex=-5', { auth: bearer(emu.credentials.scimToken) })).json.Resources[0].id).toBe('user-001');
    expect((await call('GET', '/api/scim/v2/Users?count=-1', { auth: bearer(emu.credentials.scimToken) })).json).toMatchObject({ itemsPerPage: 0, Resources: [], totalResults: 25 });
    expect((await call('GET', '/api/scim/v2/Users?count=abc', { auth: bearer(emu.credentials.scimToken) })).status).toBe(400);
  });

  it('answers SCIM credentials per the rules: 401 missing, unknown or expired; an unscoped API key works', async () => {
    const c = emu.credentials;
    expect((await call('GET', '/api/scim/v2/Users')).status).toBe(401);
    expect((await call('GET', '/api/scim/v2/Users', { auth: 'Api-Key nope' })).status).toBe(401);
    expect((await call('GET', '/api/scim/v2/Users', { auth: `Api-Key ${c.expiredApiToken}` })).status).toBe(401);
    const all = await call('GET', '/api/scim/v2/Users?count=100', { auth: `Api-Key ${c.apiToken}` });
    expect(all.json).toMatchObject({ totalResults: 25, itemsPerPage: 25, startIndex: 1 });
    expect(new Set(all.json.Resources.map((u: { id: string }) => u.id)).size).toBe(25);
    const none = await call('GET', '/api/scim/v2/Users?count=0', { auth: bearer(c.scimToken) });
    expect(none.json).toMatchObject({ totalResults: 25, itemsPerPage: 0, Resources: [] });
  });
});

describe('data API', () => {
  const jwt = () => emu.credentials.dataToken;

  it('takes the JWT bare, refusing prefixes, forged and expired tokens', async () => {
    expect((await call('GET', '/data/v1/meta', { auth: jwt() })).status).toBe(200);
    expect((await call('GET', '/data/v1/meta', { auth: `Bearer ${jwt()}` })).json.error.message).toMatch(/no prefix/);
    const [h, b] = jwt().split('.');
    expect((await call('GET', '/data/v1/meta', { auth: `${h}.${b}.forged` })).json.error.message).toMatch(/signature/);
    expect((await call('GET', '/data/v1/meta')).status).toBe(401);
    expect((await call('GET', '/data/v1/meta', { auth: `Api-Key ${jwt()}` })).status).toBe(401);
    expect((await call('GET', '/data/v1/meta', { auth: 'not-a-jwt' })).json.error.message).toMatch(/not a JWT/);
    // A token signed with another secret.
    const foreign = `${h}.${b}.${Buffer.alloc(32, 7).toString('base64url')}`;
    expect((await call('POST', '/data/v1/load', { auth: foreign, body: { query: { measures: ['orders.count'] } } })).status).toBe(401);
    expect((await call('GET', '/data/v1/meta', { auth: emu.credentials.apiToken })).status).toBe(401);
  });

  it('filters, orders and limits JSON queries, and checks their bodies', async () => {
    const completed = await call('POST', '/data/v1/load', {
      auth: jwt(),
      body: { query: { measures: ['orders.count', 'orders.revenue'], dimensions: ['orders.category'], filters: [{ member: 'orders.status', operator: 'equals', values: ['completed'] }], order: { 'orders.revenue': 'desc' }, limit: 2 } },
    });
    expect(completed.status).toBe(200);
    const rows = completed.json.data as Record<string, number>[];
    expect(rows).toHaveLength(2);
    expect(rows[0]?.['orders.revenue']).toBeGreaterThanOrEqual(rows[1]?.['orders.revenue'] ?? Infinity);
    const all = await call('POST', '/data/v1/load', { auth: jwt(), body: { query: { measures: ['orders.count'], filters: [{ member: 'orders.status', operator: 'equals', values: ['completed'] }] } } });
    const notCompleted = await call('POST', '/data/v1/load', { auth: jwt(), body: { query: { measures: ['orders.count'], filters: [{ member: 'orders.status', operator: 'notEquals', values: ['completed'] }] } } });
    expect(all.json.data[0]['orders.count'] + notCompleted.json.data[0]['orders.count']).toBe(200);
    const sql = await call('POST', '/data/v1/cubesql', { auth: jwt(), body: { query: "select count(*) from orders where status = 'completed'" } });
    expect(sql.json.data).toEqual(all.json.data);
    for (const body of [{}, { query: 'x' }, { query: { measures: [] } }]) {
      expect((await call('POST', '/data/v1/load', { auth: jwt(), body })).status).toBe(400);
    }
    expect((await call('POST', '/data/v1/cubesql', { auth: jwt(), body: { query: 'SELECT region FROM customers' } })).json.error.message).toMatch(/unknown table/);
    expect((await call('POST', '/data/v1/cubesql', { auth: jwt(), body: { query: "SELECT region, COUNT(*) FROM orders WHERE region > 'A' GROUP BY region" } })).json.error.message).toMatch(/unsupported condition/);
  });

  it('answers JSON and SQL queries from the sample rows', async () => {
    const load = await call('POST', '/data/v1/load', { auth: jwt(), body: { query: { measures: ['orders.count'], dimensions: ['orders.region'] } } });
    const total = (load.json.data as { 'orders.count': number }[]).reduce((s, r) => s + r['orders.count'], 0);
    expect(total).toBe(200);
    const sql = await call('POST', '/data/v1/cubesql', { auth: jwt(), body: { query: "SELECT region, COUNT(*) FROM orders WHERE status = 'completed' GROUP BY region" } });
    expect(sql.status).toBe(200);
    expect(sql.json.data.length).toBeGreaterThan(0);
    expect((await call('POST', '/data/v1/cubesql', { auth: jwt(), body: { query: 'DROP TABLE orders' } })).status).toBe(400);
    expect((await call('POST', '/data/v1/load', { auth: jwt(), body: { query: { measures: ['orders.nope'] } } })).json.error.message).toMatch(/unknown measure/);
    const meta = await call('GET', '/data/v1/meta', { auth: jwt() });
    expect(meta.json.cubes[0].name).toBe('orders');
  });
});

describe('AI API', () => {
  it('streams the answer as NDJSON chunks with Api-Key auth', async () => {
    const response = await fetch(`${emu.url}/ai/chat/stream-chat-state`, {
      method: 'POST',
      headers: { authorization: `Api-Key ${emu.credentials.aiApiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ messages: [{ role: 'user', content: 'Which region sells most?' }] }),
    });
    expect(response.status).toBe(200);
    const lines = (await response.text()).trim().split('\n').map((l) => JSON.parse(l));
    expect(lines.length).toBeGreaterThan(3);
    expect(lines.at(-1)).toMatchObject({ type: 'done' });
    expect(lines.filter((l) => l.type === 'delta').map((l) => l.content).join('')).toMatch(/leads with/);
    const unauthorized = await call('POST', '/ai/chat/stream-chat-state', { auth: `Bearer ${emu.credentials.aiApiKey}`, body: { messages: [{ role: 'user', content: 'x' }] } });
    expect(unauthorized.status).toBe(401);
    expect((await call('POST', '/ai/chat/stream-chat-state', { auth: `Api-Key ${emu.credentials.aiApiKey}`, body: { messages: [] } })).status).toBe(400);
    expect((await call('POST', '/ai/chat/stream-chat-state', { body: { messages: [{ role: 'user', content: 'x' }] } })).status).toBe(401);
    expect((await call('POST', '/ai/chat/stream-chat-state', { auth: 'Api-Key wrong', body: { messages: [{ role: 'user', content: 'x' }] } })).status).toBe(401);
  });
});

describe('persistence', () => {
  it('keeps published dashboards in a state file across restarts', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'svc-emu-'));
    const stateFile = join(dir, 'state.json');
    try {
      const a = await startEmulator({ stateFile });
      const published = await fetch(`${a.url}/api/v1/deployments/42/workbooks/131/publish`, { method: 'POST', headers: { authorization: `Bearer ${a.credentials.apiToken}` } }).then((r) => r.json());
      await a.close();
      expect(JSON.parse(readFileSync(stateFile, 'utf8')).dashboards.length).toBeGreaterThan(1);
      const b = await startEmulator({ stateFile });
      const again = await fetch(`${b.url}/api/v1/deployments/42/workbooks/131/publish`, { method: 'POST', headers: { authorization: `Bearer ${b.credentials.apiToken}` } }).then((r) => r.json());
      expect(again).toMatchObject({ id: published.id, publicId: published.publicId, versionNumber: published.versionNumber + 1 });
      await b.close();
      // Written by rename: no temporary file is left beside it.
      expect(readdirSync(dir)).toEqual(['state.json']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses to start from a state file it cannot read, with the reason', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'svc-emu-'));
    const stateFile = join(dir, 'state.json');
    try {
      writeFileSync(stateFile, '{"version":1,');
      await expect(startEmulator({ stateFile })).rejects.toThrow(/not valid JSON/);
      writeFileSync(stateFile, JSON.stringify({ version: 1, dashboards: [{ id: 'x' }], nextDashboardId: 2, nextVersionId: 9001 }));
      await expect(startEmulator({ stateFile })).rejects.toThrow(/dashboards\.0\.id/);
      writeFileSync(stateFile, JSON.stringify({ version: 2 }));
      await expect(startEmulator({ stateFile })).rejects.toThrow(/not one this version can read/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('request log', () => {
  it('records requests without credentials', async () => {
    const r = await call('GET', '/_emulator/requests');
    expect(r.json.requests.length).toBeGreaterThan(10);
    expect(r.text).not.toContain(emu.credentials.apiToken);
  });
});
