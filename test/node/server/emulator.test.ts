import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningEmulator, startEmulator } from '../../../src/emulator/index.js';
import { buildEmbedUrl } from '../../../src/protocol/index.js';
import { openPage } from '../emulator/support/callEmulator.js';
import {
  type ChatChunk,
  createAiClient,
  createDataClient,
  createManagementClient,
  type ManagementClientOptions,
  SvcApiError,
  SvcForbiddenError,
  SvcInputError,
  SvcUnauthorizedError,
} from '../../../src/server/index.js';

let emu: RunningEmulator;
beforeAll(async () => {
  emu = await startEmulator({ port: 0 });
});
afterAll(() => emu.close());

const management = (apiToken: string, extra: Partial<ManagementClientOptions> = {}) =>
  createManagementClient({ baseUrl: `${emu.url}/api`, apiToken, retry: false, ...extra });

/** A real `fetch` whose Authorization header is rewritten (`null` removes it): for the missing and malformed cases. */
const rewriteAuthorization =
  (rewrite: (value: string | null) => string | null): typeof fetch =>
  (input, init) => {
    const headers = new Headers(init?.headers);
    const value = rewrite(headers.get('authorization'));
    if (value === null) headers.delete('authorization');
    else headers.set('authorization', value);
    return fetch(input, { ...init, headers });
  };

/** The paths the emulator has answered so far. */
async function requestLog(): Promise<string[]> {
  const { requests } = (await (await fetch(`${emu.url}/_emulator/requests`)).json()) as { requests: { method: string; path: string }[] };
  return requests.map((r) => `${r.method} ${r.path}`).filter((line) => !line.includes('/_emulator/'));
}

/** The caught rejection of a promise (fails the test if it resolves). */
async function failure(promise: Promise<unknown>): Promise<SvcApiError> {
  const outcome = await promise.then(
    () => undefined,
    (error: unknown) => error,
  );
  expect(outcome).toBeInstanceOf(SvcApiError);
  return outcome as SvcApiError;
}

async function drain(chunks: AsyncIterable<ChatChunk>): Promise<ChatChunk[]> {
  const all: ChatChunk[] = [];
  for await (const chunk of chunks) all.push(chunk);
  return all;
}

describe('end to end over HTTP', () => {
  it('publishes the seed workbook, mints a session, builds the embed address and opens the embed page', async () => {
    const platform = management(emu.credentials.apiToken);
    const { deploymentId, workbookId } = emu.credentials.seed;
    const dashboard = await platform.publishDashboard({ deploymentId, workbookId, title: 'Regional performance' });
    expect(dashboard).toMatchObject({ status: 'published', workbookId, deploymentId, title: 'Regional performance', allowEmbed: true });

    const { sessionId } = await platform.createEmbedSession({ deploymentId, externalId: ' Viewer-1 ', embedTenantName: 'acme' });
    const address = buildEmbedUrl({ surface: 'dashboard', tenantOrigin: emu.url, publicId: dashboard.publicId, session: sessionId });
    expect(address).toBe(`${emu.url}/embed/dashboard/${dashboard.publicId}?session=${encodeURIComponent(sessionId)}`);

    // The page exchanges the session from its address for a token, as the emulator's page script does.
    const boot = await openPage(emu.url, address.slice(emu.url.length));
    expect(boot).toMatchObject({ mode: 'signed', publicId: dashboard.publicId, grants: { embedTenant: 'acme', viewer: { name: 'viewer-1' } } });
    expect(boot.error).toBeUndefined();
    // A session is single-use: the same address a second time is refused.
    expect((await openPage(emu.url, address.slice(emu.url.length))).error).toMatchObject({ name: 'SessionError', message: expect.stringMatching(/single-use/) });
  });

  it('re-publishes the same dashboard: stable publicId, next version, the config sent comes back', async () => {
    const platform = management(emu.credentials.apiToken);
    const first = await platform.publishDashboard({ deploymentId: 42, workbookId: 131 });
    const config = {
      title: 'Regions',
      layout: { cols: { lg: 12 }, rowHeight: 40 },
      widgets: [{ id: 'w1', type: 'CHART' as const, position: { x: 0, y: 0, w: 6, h: 4 }, config: { measure: 'orders.revenue' } }],
    };
    const second = await platform.publishDashboard({ deploymentId: 42, workbookId: 131, dashboardId: first.id, config });
    expect(second.publicId).toBe(first.publicId);
    expect(second.versionNumber).toBe(first.versionNumber + 1);
    expect(second.versionId).not.toBe(first.versionId);
    expect(second.config).toMatchObject(config);
  });

  it('refuses bad input before anything reaches the server', async () => {
    const platform = management(emu.credentials.apiToken);
    const before = await requestLog();
    const bad = platform.publishDashboard({
      deploymentId: 42,
      workbookId: 131,
      config: { widgets: [{ id: 'w1', type: 'CHART', position: { x: 'a' as unknown as number, y: 0, w: 1, h: 1 } }] },
    });
    await expect(bad).rejects.toThrow(/config\.widgets\.0\.position\.x: expected number, got "a"/);
    await expect(bad).rejects.toBeInstanceOf(SvcInputError);
    await expect(platform.createEmbedSession({ deploymentId: 42, externalId: 'a', embedTenantName: '-bad' })).rejects.toThrow(/embedTenantName/);
    expect(await requestLog()).toEqual(before);
  });

  it('reports a platform error with its status, JSON body, method and path', async () => {
    const error = await failure(management(emu.credentials.apiToken).publishDashboard({ deploymentId: 42, workbookId: 999 }));
    expect(error).toMatchObject({
      status: 404,
      method: 'POST',
      path: '/v1/deployments/42/workbooks/999/publish',
      body: { error: { status: 404, message: 'workbook 999 does not exist in deployment 42' } },
    });
    expect(error.message).toBe('SVC500: POST /api/v1/deployments/42/workbooks/999/publish failed with 404 Not Found: workbook 999 does not exist in deployment 42');
  });
});

describe('deployments', () => {
  it('lists every deployment, or the first N', async () => {
    const platform = management(emu.credentials.apiToken);
    expect(await platform.listDeployments()).toEqual([
      expect.objectContaining({ id: 42, name: 'Production' }),
      expect.objectContaining({ id: 43, name: 'Staging' }),
    ]);
    expect(await platform.listDeployments({ first: 1 })).toEqual([expect.objectContaining({ id: 42 })]);
  });
});

describe('management authentication rules', () => {
  it('missing, malformed, unknown and expired credentials are 401 (SvcUnauthorizedError)', async () => {
    const c = emu.credentials;
    const cases: [string, ReturnType<typeof management>, RegExp][] = [
      ['missing', management(c.apiToken, { fetch: rewriteAuthorization(() => null) }), /missing credentials/],
      ['malformed', management(c.apiToken, { fetch: rewriteAuthorization((v) => v?.replace('Bearer ', 'Token ') ?? null) }), /malformed/],
      ['unknown', management('svc_dev_not_a_real_key'), /invalid credentials/],
      ['expired', management(c.expiredApiToken), /expired/],
    ];
    for (const [label, platform, reason] of cases) {
      const error = await failure(platform.listDeployments());
      expect(error, label).toBeInstanceOf(SvcUnauthorizedError);
      expect(error.status, label).toBe(401);
      expect(error.message, label).toMatch(reason);
    }
  });

  it('a key scoped to one deployment is 403 (SvcForbiddenError) elsewhere and works on its own', async () => {
    const c = emu.credentials;
    const scoped = management(c.scopedApiToken);
    expect(await failure(scoped.publishDashboard({ deploymentId: c.otherDeploymentId, workbookId: 140 }))).toBeInstanceOf(SvcForbiddenError);
    expect(await failure(scoped.createEmbedSession({ deploymentId: c.otherDeploymentId, internalId: 7 }))).toBeInstanceOf(SvcForbiddenError);
    await expect(scoped.publishDashboard({ deploymentId: c.scopedDeploymentId, workbookId: 132 })).resolves.toMatchObject({ status: 'published' });
    await expect(scoped.createEmbedSession({ deploymentId: c.scopedDeploymentId, internalId: 7 })).resolves.toEqual({ sessionId: expect.any(String) });
  });

  it('no credential appears in any error the server caused', async () => {
    const c = emu.credentials;
    const errors = [
      await failure(management(c.expiredApiToken).listDeployments()),
      await failure(management(c.scopedApiToken).publishDashboard({ deploymentId: c.otherDeploymentId, workbookId: 140 })),
      await failure(management(c.apiToken, { scimToken: 'svc_scim_wrong_token_value' }).scim.listUsers()),
    ];
    for (const error of errors) {
      const text = [String(error), error.message, error.stack, JSON.stringify(error)].join('\n');
      for (const secret of [c.expiredApiToken, c.scopedApiToken, c.apiToken, 'svc_scim_wrong_token_value']) expect(text).not.toContain(secret);
    }
  });
});

describe('SCIM', () => {
  it('pages users with both header forms', async () => {
    for (const scimAuthScheme of ['Bearer', 'Api-Key'] as const) {
      const platform = management(emu.credentials.apiToken, { scimToken: emu.credentials.scimToken, scimAuthScheme });
      const page = await platform.scim.listUsers({ startIndex: 11, count: 10 });
      expect(page).toMatchObject({ totalResults: 25, startIndex: 11, itemsPerPage: 10 });
      expect(page.Resources[0]?.id).toBe('user-011');
      const all: string[] = [];
      for await (const user of platform.scim.users({ pageSize: 7 })) all.push(user.id);
      expect(all).toEqual(Array.from({ length: 25 }, (_, i) => `user-${String(i + 1).padStart(3, '0')}`));
    }
  });

  it('refuses a missing, malformed or wrong SCIM token (401) and a deployment-scoped key (403)', async () => {
    const c = emu.credentials;
    const missing = management(c.apiToken, { scimToken: c.scimToken, fetch: rewriteAuthorization(() => null) });
    expect(await failure(missing.scim.listUsers())).toBeInstanceOf(SvcUnauthorizedError);
    const malformed = management(c.apiToken, { scimToken: c.scimToken, fetch: rewriteAuthorization((v) => `Basic ${v}`) });
    expect((await failure(malformed.scim.listUsers())).message).toMatch(/401 Unauthorized: malformed/);
    expect(await failure(management(c.apiToken, { scimToken: 'svc_scim_wrong' }).scim.listUsers())).toBeInstanceOf(SvcUnauthorizedError);
    expect(await failure(management(c.scopedApiToken).scim.listUsers())).toBeInstanceOf(SvcForbiddenError);
  });
});

describe('data API', () => {
  it('answers meta, load and sql with the bare JWT', async () => {
    const data = createDataClient({ url: `${emu.url}/data`, token: emu.credentials.dataToken });
    const meta = await data.meta();
    expect(meta.cubes.map((cube) => cube.name)).toContain('orders');
    const result = await data.load({ measures: ['orders.count'], dimensions: ['orders.status'] });
    expect(result.data.length).toBeGreaterThan(1);
    const counted = result.data.reduce((sum, row) => sum + Number(row['orders.count']), 0);
    expect(counted).toBe(200);
    expect((await data.sql('SELECT COUNT(*) FROM orders')).data).toEqual([{ 'orders.count': 200 }]);
  });

  it('refuses a missing, prefixed or forged JWT (401)', async () => {
    const token = emu.credentials.dataToken;
    const url = `${emu.url}/data`;
    const missing = createDataClient({ url, token, fetch: rewriteAuthorization(() => null) });
    const prefixed = createDataClient({ url, token, fetch: rewriteAuthorization((v) => `Bearer ${v}`) });
    const [header, payload] = token.split('.');
    const forged = createDataClient({ url, token: `${header}.${payload}.${'A'.repeat(43)}` });
    for (const data of [missing, prefixed, forged]) expect(await failure(data.meta())).toBeInstanceOf(SvcUnauthorizedError);
    expect((await failure(prefixed.meta())).message).toMatch(/no prefix/);
  });
});

describe('AI API', () => {
  const ask = (content: string) => ({ messages: [{ role: 'user' as const, content }] });

  it('streams an answer chunk by chunk and ends with done', async () => {
    const ai = createAiClient({ url: `${emu.url}/ai`, apiKey: emu.credentials.aiApiKey });
    const chunks = await drain(ai.streamChatState({ ...ask('Top region?'), chatId: 'chat-1' }));
    expect(chunks.length).toBeGreaterThan(3);
    expect(chunks.at(-1)).toEqual({ chatId: 'chat-1', type: 'done' });
    expect(chunks.slice(0, -1).every((c) => c.type === 'delta' && c.chatId === 'chat-1')).toBe(true);
    expect(chunks.map((c) => c.content ?? '').join('')).not.toBe('');
    const failed = await drain(ai.streamChatState(ask('cause an error please')));
    expect(failed).toEqual([expect.objectContaining({ type: 'error' })]);
  });

  it('cancels when the loop breaks and when the signal aborts', async () => {
    const ai = createAiClient({ url: `${emu.url}/ai`, apiKey: emu.credentials.aiApiKey });
    let seen = 0;
    for await (const _chunk of ai.streamChatState(ask('Top region?'))) {
      seen++;
      break;
    }
    expect(seen).toBe(1);

    const controller = new AbortController();
    seen = 0;
    const run = (async () => {
      for await (const _chunk of ai.streamChatState(ask('Top region?'), { signal: controller.signal })) {
        seen++;
        controller.abort(new Error('closed'));
      }
    })();
    await expect(run).rejects.toThrow('closed');
    expect(seen).toBe(1);
    // The connection was released: the next conversation streams normally.
    expect((await drain(ai.streamChatState(ask('Top region?')))).at(-1)?.type).toBe('done');
  });

  it('refuses a missing, malformed or wrong key (401)', async () => {
    const url = `${emu.url}/ai`;
    const apiKey = emu.credentials.aiApiKey;
    const clients = [
      createAiClient({ url, apiKey, fetch: rewriteAuthorization(() => null) }),
      createAiClient({ url, apiKey, fetch: rewriteAuthorization((v) => v?.replace('Api-Key ', 'Bearer ') ?? null) }),
      createAiClient({ url, apiKey: 'svc_ai_wrong_key' }),
    ];
    for (const ai of clients) {
      const error = await failure(drain(ai.streamChatState(ask('q'))));
      expect(error).toBeInstanceOf(SvcUnauthorizedError);
      expect(`${error.message} ${JSON.stringify(error)}`).not.toContain('svc_ai_wrong_key');
    }
  });
});
