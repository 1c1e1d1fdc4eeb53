import { describe, expect, it, vi } from 'vitest';
import {
  createManagementClient,
  type EmbedSessionParams,
  type PublishDashboardParams,
  SvcApiError,
  SvcForbiddenError,
  SvcInputError,
  SvcResponseValidationError,
  SvcUnauthorizedError,
} from '../../../src/server/index.js';
import { dashboardRecord, type Script, scriptedFetch } from './scriptedFetch.js';

const BASE = 'https://acme.example.com/api';
const TOKEN = 'sk_live_very_secret_token_123';

function client(...scripts: Script[]) {
  const { fetch, sent } = scriptedFetch(...scripts);
  const sleeps: number[] = [];
  const platform = createManagementClient({
    baseUrl: BASE,
    apiToken: TOKEN,
    fetch,
    retry: { sleep: async (ms) => void sleeps.push(ms), random: () => 0.5 },
  });
  return { platform, sent, sleeps };
}

describe('publishDashboard', () => {
  it('posts the body to the publish path with Bearer auth and returns the validated Dashboard', async () => {
    const { platform, sent } = client({ body: dashboardRecord({ futureField: 'ignored' }) });
    const dashboard = await platform.publishDashboard({ deploymentId: 42, workbookId: 130, title: 'Sales' });
    expect(dashboard).toMatchObject({ publicId: 'dash-7', status: 'published', versionNumber: 1 });
    expect(dashboard).not.toHaveProperty('futureField');
    expect(sent).toHaveLength(1);
    expect(sent[0]?.method).toBe('POST');
    expect(sent[0]?.url.href).toBe(`${BASE}/v1/deployments/42/workbooks/130/publish`);
    expect(sent[0]?.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(sent[0]?.body).toEqual({ workbookId: 130, title: 'Sales' });
  });

  it('refuses a bad config before sending, naming the path of the field', async () => {
    const { platform, sent } = client();
    await expect(
      platform.publishDashboard({
        deploymentId: 42,
        workbookId: 130,
        config: { widgets: [{ id: 'w1', type: 'CHART', position: { x: 0, y: 'a' as unknown as number, w: 1, h: 1 } }] },
      }),
    ).rejects.toThrow(/config\.widgets\.0\.position\.y/);
    await expect(
      platform.publishDashboard({ deploymentId: 42, workbookId: 130, config: { widgets: [{ id: 'w', type: 'PIE' as 'CHART', position: { x: 0, y: 0, w: 1, h: 1 } }] } }),
    ).rejects.toBeInstanceOf(SvcInputError);
    await expect(platform.publishDashboard({ deploymentId: -1, workbookId: 130 })).rejects.toThrow(
      'publishDashboard: deploymentId: must be greater than 0, got -1',
    );
    await expect(platform.publishDashboard({ deploymentId: 42, workbookId: 1.5 })).rejects.toThrow(/^SVC508 publishDashboard: workbookId/);
    await expect(platform.publishDashboard(undefined as unknown as PublishDashboardParams)).rejects.toBeInstanceOf(SvcInputError);
    expect(sent).toHaveLength(0);
  });

  it('fails with a named field when the response misses a required field, and passes extra fields', async () => {
    const { status: _s, ...missingStatus } = dashboardRecord();
    const { platform } = client({ body: missingStatus }, { body: dashboardRecord({ extra: { nested: 1 } }) });
    const error = await platform.publishDashboard({ deploymentId: 42, workbookId: 130 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SvcResponseValidationError);
    expect((error as Error).message).toMatch(/response\.status/);
    await expect(platform.publishDashboard({ deploymentId: 42, workbookId: 130 })).resolves.toMatchObject({ id: 7 });
  });

  it('is never retried (POST), even on 503', async () => {
    const { platform, sent } = client({ status: 503, body: { error: { status: 503, message: 'busy' } } });
    await expect(platform.publishDashboard({ deploymentId: 42, workbookId: 130 })).rejects.toMatchObject({ status: 503 });
    expect(sent).toHaveLength(1);
  });
});

describe('errors', () => {
  it('distinguishes 401 and 403 and keeps status, body, method and path', async () => {
    const { platform } = client(
      { status: 401, body: { error: { status: 401, message: 'token expired' } } },
      { status: 403, body: { error: { status: 403, message: 'key scoped to other deployments' } } },
      { status: 404, body: 'no such workbook' },
    );
    const unauthorized = await platform.listDeployments().catch((e: unknown) => e);
    expect(unauthorized).toBeInstanceOf(SvcUnauthorizedError);
    expect(unauthorized).toBeInstanceOf(SvcApiError);
    expect(unauthorized).toMatchObject({ status: 401, method: 'GET', path: '/v1/deployments', body: { error: { message: 'token expired' } } });
    expect((unauthorized as Error).message).toBe('SVC501 GET /api/v1/deployments failed with 401 Unauthorized: token expired');
    const forbidden = await platform.publishDashboard({ deploymentId: 9, workbookId: 1 }).catch((e: unknown) => e);
    expect(forbidden).toBeInstanceOf(SvcForbiddenError);
    const notFound = await platform.publishDashboard({ deploymentId: 9, workbookId: 1 }).catch((e: unknown) => e);
    expect(notFound).toMatchObject({ status: 404, body: 'no such workbook' });
    expect(notFound).not.toBeInstanceOf(SvcForbiddenError);
  });

  it('never shows a credential: not in messages, toString, JSON, bodies, or the console', async () => {
    const log = vi.spyOn(console, 'log');
    const warn = vi.spyOn(console, 'warn');
    const errorLog = vi.spyOn(console, 'error');
    const { platform } = client(
      { status: 401, body: { error: { status: 401, message: `bad token ${TOKEN}` }, echo: `Bearer ${TOKEN}` } },
      new TypeError(`connect ECONNREFUSED with header Bearer ${TOKEN}`),
      new TypeError('again'),
      new TypeError('and again'),
    );
    const errors = [
      await platform.listDeployments().catch((e: unknown) => e),
      await platform.listDeployments().catch((e: unknown) => e),
    ];
    for (const error of errors) {
      const text = [String(error), (error as Error).message, (error as Error).stack, JSON.stringify(error), JSON.stringify((error as SvcApiError).body)].join('\n');
      expect(text).not.toContain(TOKEN);
      expect(text).not.toContain('very_secret');
    }
    for (const spy of [log, warn, errorLog]) expect(JSON.stringify(spy.mock.calls)).not.toContain(TOKEN);
  });

  it('refuses non-https base URLs, except on loopback', () => {
    expect(() => createManagementClient({ baseUrl: 'http://acme.example.com/api', apiToken: TOKEN })).toThrow(/https/);
    expect(() => createManagementClient({ baseUrl: 'https://u:p@acme.example.com/api', apiToken: TOKEN })).toThrow(/credentials/);
    expect(() => createManagementClient({ baseUrl: 'http://127.0.0.1:9000/api', apiToken: TOKEN })).not.toThrow();
    expect(() => createManagementClient({ baseUrl: BASE, apiToken: '' })).toThrow(/apiToken is required/);
    expect(() => createManagementClient({ baseUrl: 'ftp://acme.example.com/api', apiToken: TOKEN })).toThrow(/createManagementClient: baseUrl must use https/);
    expect(() => createManagementClient({ baseUrl: 'http://localhost.example.com/api', apiToken: TOKEN })).toThrow(/https/);
    expect(() => createManagementClient({ baseUrl: 'acme.example.com/api', apiToken: TOKEN })).toThrow(/baseUrl is not a URL/);
    for (const loopback of ['http://localhost:1/api', 'http://[::1]:1/api']) {
      expect(() => createManagementClient({ baseUrl: loopback, apiToken: TOKEN })).not.toThrow();
    }
    expect(() =>
      createManagementClient({ baseUrl: BASE, apiToken: TOKEN, scimAuthScheme: 'Basic' as 'Bearer' }),
    ).toThrow(/scimAuthScheme must be "Bearer" or "Api-Key"/);
  });
});

describe('retries', () => {
  it('retries a GET on 429/502/503/504 and network errors with growing, jittered backoff', async () => {
    const { fetch, sent } = scriptedFetch(
      { status: 502 },
      new TypeError('fetch failed'),
      { status: 504 },
      { body: { items: [{ id: 1, name: 'Prod' }] } },
    );
    const sleeps: number[] = [];
    const platform = createManagementClient({
      baseUrl: BASE,
      apiToken: TOKEN,
      fetch,
      retry: { retries: 3, baseDelayMs: 100, maxDelayMs: 250, sleep: async (ms) => void sleeps.push(ms), random: () => 0.999 },
    });
    await expect(platform.listDeployments({ first: 5 })).resolves.toEqual([{ id: 1, name: 'Prod' }]);
    expect(sent).toHaveLength(4);
    expect(sent[0]?.url.searchParams.get('first')).toBe('5');
    // Full jitter: random() * min(max, base * 2^n) -> 99, 199, 249 (capped).
    expect(sleeps).toEqual([99, 199, 249]);
  });

  it('honours Retry-After in seconds and as a date, capped', async () => {
    const later = new Date(Date.now() + 3000).toUTCString();
    const { fetch } = scriptedFetch(
      { status: 429, headers: { 'retry-after': '2' } },
      { status: 503, headers: { 'retry-after': later } },
      { status: 429, headers: { 'retry-after': '3600' } },
      { body: { items: [] } },
    );
    const sleeps: number[] = [];
    const platform = createManagementClient({
      baseUrl: BASE,
      apiToken: TOKEN,
      fetch,
      retry: { retries: 3, maxRetryAfterMs: 10_000, sleep: async (ms) => void sleeps.push(ms) },
    });
    await platform.listDeployments();
    expect(sleeps[0]).toBe(2000);
    expect(sleeps[1]).toBeGreaterThan(1000);
    expect(sleeps[1]).toBeLessThanOrEqual(3000);
    expect(sleeps[2]).toBe(10_000);
  });

  it('gives up after the retries and reports the last answer', async () => {
    const { platform, sent } = client({ status: 503 }, { status: 503 }, { status: 503, body: { error: { status: 503, message: 'down' } } });
    await expect(platform.listDeployments()).rejects.toMatchObject({ status: 503, message: expect.stringContaining('down') });
    expect(sent).toHaveLength(3);
  });

  it('does not retry 500 or 4xx', async () => {
    const { platform, sent } = client({ status: 500 }, { status: 400 });
    await expect(platform.listDeployments()).rejects.toMatchObject({ status: 500 });
    await expect(platform.listDeployments()).rejects.toMatchObject({ status: 400 });
    expect(sent).toHaveLength(2);
  });
});

describe('timeouts and cancellation', () => {
  const hanging: typeof fetch = (_input, init) =>
    new Promise((_resolve, reject) => {
      init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
    });

  it('times out an attempt, retries a GET, and then reports a timeout', async () => {
    const calls = vi.fn(hanging);
    const platform = createManagementClient({
      baseUrl: BASE,
      apiToken: TOKEN,
      fetch: calls as typeof fetch,
      timeoutMs: 20,
      retry: { retries: 1, sleep: async () => {} },
    });
    await expect(platform.listDeployments()).rejects.toMatchObject({ name: 'SvcTimeoutError', status: 0 });
    expect(calls).toHaveBeenCalledTimes(2);
  });

  it('sends nothing when the signal is already aborted, and stops after a sleep that ignored the abort', async () => {
    const { fetch, sent } = scriptedFetch({ status: 503 }, { body: { items: [] } });
    const aborted = AbortSignal.abort(new Error('gone before sending'));
    const platform = createManagementClient({ baseUrl: BASE, apiToken: TOKEN, fetch, retry: { sleep: async () => {} } });
    await expect(platform.listDeployments({}, { signal: aborted })).rejects.toThrow('gone before sending');
    expect(sent).toHaveLength(0);

    const controller = new AbortController();
    const deaf = createManagementClient({
      baseUrl: BASE,
      apiToken: TOKEN,
      fetch,
      retry: { sleep: async () => controller.abort(new Error('aborted while waiting')) },
    });
    await expect(deaf.listDeployments({}, { signal: controller.signal })).rejects.toThrow('aborted while waiting');
    expect(sent).toHaveLength(1);
  });

  it("cancels on the caller's signal, including during a backoff wait", async () => {
    const controller = new AbortController();
    const platform = createManagementClient({ baseUrl: BASE, apiToken: TOKEN, fetch: hanging, timeoutMs: 60_000 });
    const pending = platform.listDeployments({}, { signal: controller.signal });
    controller.abort(new Error('user left'));
    await expect(pending).rejects.toThrow('user left');

    const { fetch, sent } = scriptedFetch({ status: 503 }, { status: 503 });
    const waiting = createManagementClient({ baseUrl: BASE, apiToken: TOKEN, fetch, retry: { baseDelayMs: 60_000, random: () => 1 } });
    const second = new AbortController();
    const call = waiting.listDeployments({}, { signal: second.signal });
    await new Promise((r) => setTimeout(r, 10));
    second.abort(new Error('stop waiting'));
    await expect(call).rejects.toThrow('stop waiting');
    expect(sent).toHaveLength(1);
  });
});

describe('createEmbedSession', () => {
  it('checks the input before sending and normalises externalId', async () => {
    const { platform, sent } = client({ body: { sessionId: 'sess_1' } });
    // The type forbids these; a JavaScript caller still gets a clear error.
    const untyped = (input: object) => platform.createEmbedSession(input as EmbedSessionParams);
    await expect(untyped({ deploymentId: 42 })).rejects.toThrow(/externalId: give exactly one of externalId or internalId/);
    await expect(untyped({ deploymentId: 42, externalId: 'a', internalId: 1 })).rejects.toThrow(/exactly one/);
    await expect(untyped({ deploymentId: 42, externalId: '   ' })).rejects.toThrow(/externalId: must be at least 1 long/);
    await expect(platform.createEmbedSession({ deploymentId: 42, externalId: 'a', embedTenantName: 'Bad_Name' })).rejects.toThrow(/embedTenantName/);
    await expect(
      platform.createEmbedSession({ deploymentId: 42, externalId: 'a', userAttributes: [{ name: 'region', value: 'EU' }, { name: 'region', value: 'US' }] }),
    ).rejects.toThrow(/userAttributes\.1\.name: duplicate attribute name "region"/);
    expect(sent).toHaveLength(0);
    await expect(platform.createEmbedSession({ deploymentId: 42, externalId: '  Alice@Example.COM ', embedTenantName: 'acme-eu' })).resolves.toEqual({ sessionId: 'sess_1' });
    expect(sent[0]?.url.pathname).toBe('/api/v1/embed/generate-session');
    expect(sent[0]?.body).toEqual({ deploymentId: 42, externalId: 'alice@example.com', embedTenantName: 'acme-eu' });
  });

  it('names the broken field of a malformed answer without echoing the session id', async () => {
    const { platform } = client({ body: { sessionId: 987654321 } }, { body: { sessionId: '', session: 'sess_live_leaked_value' } });
    for (let i = 0; i < 2; i++) {
      const error = await platform.createEmbedSession({ deploymentId: 42, externalId: 'a' }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(SvcResponseValidationError);
      expect((error as Error).message).toMatch(/response\.sessionId: (expected string|must be at least 1 long)$/);
      const text = [String(error), JSON.stringify(error), JSON.stringify((error as SvcApiError).body)].join('\n');
      expect(text).not.toContain('987654321');
      expect(text).not.toContain('sess_live_leaked_value');
    }
  });
});

describe('SCIM', () => {
  const user = (i: number) => ({ id: `u${i}`, userName: `user${i}@example.com` });
  const page = (start: number, count: number, total: number) => ({
    schemas: ['urn:ietf:params:scim:api:messages:2.0:ListResponse'],
    totalResults: total,
    startIndex: start,
    itemsPerPage: count,
    Resources: Array.from({ length: Math.max(0, Math.min(count, total - start + 1)) }, (_, k) => user(start + k)),
  });

  it('sends the SCIM token as Bearer or Api-Key', async () => {
    for (const scheme of ['Bearer', 'Api-Key'] as const) {
      const { fetch, sent } = scriptedFetch({ body: page(1, 2, 2) });
      const platform = createManagementClient({ baseUrl: BASE, apiToken: TOKEN, scimToken: 'scim_secret_1', scimAuthScheme: scheme, fetch });
      await platform.scim.listUsers({ startIndex: 1, count: 2 });
      expect(sent[0]?.headers.authorization).toBe(`${scheme} scim_secret_1`);
      expect(sent[0]?.url.search).toBe('?startIndex=1&count=2');
    }
  });

  it('iterates across pages until totalResults', async () => {
    const { platform, sent } = client({ body: page(1, 2, 5) }, { body: page(3, 2, 5) }, { body: page(5, 2, 5) });
    const ids: string[] = [];
    for await (const u of platform.scim.users({ pageSize: 2 })) ids.push(u.id);
    expect(ids).toEqual(['u1', 'u2', 'u3', 'u4', 'u5']);
    expect(sent.map((r) => r.url.searchParams.get('startIndex'))).toEqual(['1', '3', '5']);
  });

  it('refuses bad paging input', async () => {
    const { platform } = client();
    await expect(platform.scim.listUsers({ startIndex: 0 })).rejects.toThrow(/startIndex/);
  });
});
