import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import {
  checkApiUrl,
  createAiClient,
  createDataClient,
  createManagementClient,
  type SvcApiError,
  SvcInputError,
  SvcResponseTooLargeError,
} from '../../../src/server/index.js';
import { formatIssuesWithoutValues } from '../../../src/schemas/formatIssuesWithoutValues.js';
import { scriptedFetch } from './scriptedFetch.js';

const BASE = 'https://acme.example.com/api';
const TOKEN = 'sk_live_checks_secret_1';

const failure = async (call: Promise<unknown>): Promise<SvcApiError> => (await call.catch((e: unknown) => e)) as SvcApiError;

describe('base URL checks', () => {
  it('allows plain http on loopback only, and no other scheme there', () => {
    expect(checkApiUrl('baseUrl', 'http://127.0.0.1:8080/api')).toBe('http://127.0.0.1:8080/api');
    for (const url of ['ftp://localhost/api', 'ws://127.0.0.1/api']) expect(() => checkApiUrl('baseUrl', url), url).toThrow(/baseUrl must use https:/);
  });

  it('refuses a user name or a password alone', () => {
    for (const url of ['https://user@acme.example.com/api', 'https://:pass@acme.example.com/api']) {
      expect(() => checkApiUrl('baseUrl', url), url).toThrow('baseUrl must not contain credentials.');
    }
  });

  it('refuses a query or a fragment alone', () => {
    for (const url of ['https://acme.example.com/api?x=1', 'https://acme.example.com/api#top']) {
      expect(() => checkApiUrl('baseUrl', url), url).toThrow('baseUrl must not have a query or fragment.');
    }
  });

  it('drops every trailing slash and nothing else', () => {
    expect(checkApiUrl('baseUrl', 'https://acme.example.com/api//')).toBe('https://acme.example.com/api');
    expect(checkApiUrl('baseUrl', 'https://acme.example.com/api')).toBe('https://acme.example.com/api');
  });

  it("names each client's option in the message", () => {
    expect(() => createAiClient({ url: 'http://ai.example.com', apiKey: TOKEN })).toThrow(/^SVC513 createAiClient: url must use https:/);
    expect(() => createDataClient({ url: 'http://data.example.com', token: TOKEN })).toThrow(/^SVC513 createDataClient: url must use https:/);
    expect(() => createManagementClient({ baseUrl: 'http://acme.example.com', apiToken: TOKEN })).toThrow(/^SVC513 createManagementClient: baseUrl must use https:/);
  });
});

describe('required credentials', () => {
  it('refuses a missing, empty or blank key, token or API token with a message naming it', () => {
    for (const value of [undefined, '', '   ']) {
      const key = value as string;
      expect(() => createAiClient({ url: 'https://acme.example.com/ai', apiKey: key })).toThrow('createAiClient: apiKey is required.');
      expect(() => createDataClient({ url: 'https://acme.example.com/data', token: key })).toThrow('createDataClient: token is required.');
      expect(() => createManagementClient({ baseUrl: BASE, apiToken: key })).toThrow('createManagementClient: apiToken is required.');
    }
  });
});

describe('input errors name the call', () => {
  it('for each method', async () => {
    const { fetch, sent } = scriptedFetch();
    const platform = createManagementClient({ baseUrl: BASE, apiToken: TOKEN, fetch });
    const data = createDataClient({ url: 'https://acme.example.com/data', token: TOKEN, fetch });
    const ai = createAiClient({ url: 'https://acme.example.com/ai', apiKey: TOKEN, fetch });
    const bad = null as never;
    const calls: [string, () => Promise<unknown>][] = [
      ['listDeployments', () => platform.listDeployments({ first: -1 })],
      ['createEmbedSession', () => platform.createEmbedSession(bad)],
      ['scim.listUsers', () => platform.scim.listUsers({ count: -1 })],
      ['load', () => data.load(bad)],
      [
        'streamChatState',
        async () => {
          for await (const _ of ai.streamChatState(bad)) {
            // drain
          }
        },
      ],
    ];
    for (const [name, call] of calls) {
      const error = await call().catch((e: unknown) => e);
      expect(error, name).toBeInstanceOf(SvcInputError);
      expect((error as Error).message.startsWith(`SVC508 ${name}`), (error as Error).message).toBe(true);
      expect(error, name).toMatchObject({ code: 'SVC508' });
    }
    expect(sent).toHaveLength(0);
  });

  it('refuses publish parameters that are not an object', async () => {
    const { fetch, sent } = scriptedFetch();
    const platform = createManagementClient({ baseUrl: BASE, apiToken: TOKEN, fetch });
    for (const params of [null, 'dashboard', 42]) {
      await expect(platform.publishDashboard(params as never)).rejects.toThrow('publishDashboard: expected an object of parameters.');
    }
    expect(sent).toHaveLength(0);
  });
});

describe('SCIM users', () => {
  const page = (Resources: { id: string; userName: string }[], totalResults: number, startIndex = 1) => ({
    body: { schemas: ['urn:ietf:params:scim:api:messages:2.0:ListResponse'], totalResults, startIndex, itemsPerPage: Resources.length, Resources },
  });

  it('asks for pages of 100 by default, and accepts pages of 1', async () => {
    const { fetch, sent } = scriptedFetch(page([{ id: '1', userName: 'a' }], 1), page([{ id: '1', userName: 'a' }], 2), page([{ id: '2', userName: 'b' }], 2, 2));
    const platform = createManagementClient({ baseUrl: BASE, apiToken: TOKEN, fetch, retry: false });
    const all: string[] = [];
    for await (const user of platform.scim.users()) all.push(user.userName);
    expect(sent[0]?.url.searchParams.get('count')).toBe('100');
    for await (const user of platform.scim.users({ pageSize: 1 })) all.push(user.userName);
    expect(sent[1]?.url.searchParams.get('count')).toBe('1');
    expect(all).toEqual(['a', 'a', 'b']);
  });

  it('refuses a page size of 0 or a fraction', async () => {
    const platform = createManagementClient({ baseUrl: BASE, apiToken: TOKEN, fetch: scriptedFetch().fetch });
    for (const pageSize of [0, 1.5]) {
      const users = platform.scim.users({ pageSize })[Symbol.asyncIterator]();
      await expect(users.next()).rejects.toThrow('scim.users: pageSize must be a positive integer.');
    }
  });

  it('stops at an empty page even when the total promises more', async () => {
    const { fetch, sent } = scriptedFetch(page([], 10));
    const platform = createManagementClient({ baseUrl: BASE, apiToken: TOKEN, fetch, retry: false });
    const all: string[] = [];
    for await (const user of platform.scim.users()) all.push(user.userName);
    expect(all).toEqual([]);
    expect(sent).toHaveLength(1);
  });

  it('keeps both tokens out of a SCIM error', async () => {
    const apiToken = 'sk_live_api_part_91';
    const scimToken = 'scim_token_part_92';
    const { fetch } = scriptedFetch({ status: 400, body: { error: { message: `keys ${apiToken} and ${scimToken} echoed` } } });
    const platform = createManagementClient({ baseUrl: BASE, apiToken, scimToken, scimAuthScheme: 'Api-Key', fetch, retry: false });
    const error = await failure(platform.scim.listUsers());
    expect(error.message).toContain('keys [redacted] and [redacted] echoed');
    expect(JSON.stringify(error.body)).not.toMatch(/part_9/);
  });
});

describe('error classes', () => {
  it('name themselves, and log their fields as JSON', async () => {
    const cases: [number, string, string][] = [
      [500, 'SvcApiError', 'SVC500'],
      [401, 'SvcUnauthorizedError', 'SVC501'],
      [403, 'SvcForbiddenError', 'SVC502'],
    ];
    for (const [status, name, code] of cases) {
      const { fetch } = scriptedFetch({ status, body: { error: { message: 'no' } } });
      const platform = createManagementClient({ baseUrl: BASE, apiToken: TOKEN, fetch, retry: false });
      const error = await failure(platform.listDeployments());
      expect(error.name).toBe(name);
      // Each class has its own code, first in the message and in the JSON for logs.
      expect(error.code).toBe(code);
      expect(String(error).startsWith(`${name}: ${code} GET /api/v1/deployments failed with ${status}`)).toBe(true);
      expect(JSON.parse(JSON.stringify(error))).toEqual({
        name,
        code,
        message: error.message,
        status,
        method: 'GET',
        path: '/v1/deployments',
        body: { error: { message: 'no' } },
      });
    }
    const network = await failure(
      createManagementClient({ baseUrl: BASE, apiToken: TOKEN, fetch: scriptedFetch(new Error('down')).fetch, retry: false }).listDeployments(),
    );
    expect(network).toMatchObject({ name: 'SvcNetworkError', code: 'SVC504' });
    expect(new SvcInputError('x')).toMatchObject({ name: 'SvcInputError', code: 'SVC508', message: 'SVC508 x' });
  });

  it('log the location of a redirect and the limit of a too-large response', async () => {
    const redirected = await failure(
      createManagementClient({ baseUrl: BASE, apiToken: TOKEN, retry: false, fetch: scriptedFetch({ status: 302, headers: { location: 'https://other.example/x' } }).fetch }).listDeployments(),
    );
    expect(JSON.parse(JSON.stringify(redirected))).toMatchObject({ name: 'SvcRedirectError', code: 'SVC505', status: 302, location: 'https://other.example' });
    const large = await failure(
      createManagementClient({ baseUrl: BASE, apiToken: TOKEN, retry: false, maxResponseBytes: 4, fetch: scriptedFetch({ body: { items: [] } }).fetch }).listDeployments(),
    );
    expect(large).toBeInstanceOf(SvcResponseTooLargeError);
    expect(JSON.parse(JSON.stringify(large))).toMatchObject({ name: 'SvcResponseTooLargeError', status: 200, limitBytes: 4, path: '/v1/deployments' });
  });
});

describe('issues of a sensitive answer, without values', () => {
  const issuesOf = (schema: z.ZodMiniType, value: unknown) => {
    const parsed = schema.safeParse(value);
    if (parsed.success) throw new Error('expected issues');
    return parsed.error.issues;
  };

  it('names the field and what was expected, never the value', async () => {
    const { fetch } = scriptedFetch({ body: { sessionId: 12345678 } });
    const platform = createManagementClient({ baseUrl: BASE, apiToken: TOKEN, fetch });
    const error = await failure(platform.createEmbedSession({ deploymentId: 42, externalId: 'alice' }));
    expect(error.message).toBe('SVC507 POST /api/v1/embed/generate-session: unexpected response: response.sessionId: expected string');
    expect(error.body).toBe('[redacted]');
  });

  it('describes sizes, with "long" for strings and arrays only, and other issues by code', () => {
    const schema = z.object({
      a: z.string().check(z.minLength(3)),
      b: z.array(z.string()).check(z.maxLength(1)),
      n: z.number().check(z.minimum(5)),
    });
    expect(formatIssuesWithoutValues(issuesOf(schema, { a: 'x', b: ['x', 'y'], n: 1 }), 'response')).toBe(
      'response.a: must be at least 3 long; response.b: must be at most 1 long; response.n: must be at least 5',
    );
    const list = z.object({ l: z.array(z.string()).check(z.minLength(2)) });
    expect(formatIssuesWithoutValues(issuesOf(list, { l: [] }), 'response')).toBe('response.l: must be at least 2 long');
    const big = z.object({ s: z.string().check(z.maxLength(2)), m: z.number().check(z.maximum(2)), e: z.enum(['x']) });
    expect(formatIssuesWithoutValues(issuesOf(big, { s: 'abc', m: 3, e: 'y' }), 'response')).toBe(
      'response.s: must be at most 2 long; response.m: must be at most 2; response.e: invalid value (invalid_value)',
    );
  });

  it('lists three issues and counts the rest; without a prefix, names the field or "(value)"', () => {
    const four = z.object({ a: z.string(), b: z.string(), c: z.string(), d: z.string() });
    expect(formatIssuesWithoutValues(issuesOf(four, {}), 'response')).toBe(
      'response.a: expected string; response.b: expected string; response.c: expected string (and 1 more)',
    );
    const three = z.object({ a: z.string(), b: z.string(), c: z.string() });
    expect(formatIssuesWithoutValues(issuesOf(three, {}), 'response')).toBe('response.a: expected string; response.b: expected string; response.c: expected string');
    expect(formatIssuesWithoutValues(issuesOf(z.object({ a: z.string() }), {}))).toBe('a: expected string');
    expect(formatIssuesWithoutValues(issuesOf(z.string(), 1))).toBe('(value): expected string');
  });
});
