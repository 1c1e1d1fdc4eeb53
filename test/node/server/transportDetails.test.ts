import { getEventListeners } from 'node:events';
import { describe, expect, it } from 'vitest';
import {
  createDataClient,
  createManagementClient,
  parseRetryAfter,
  SvcApiError,
  SvcNetworkError,
  SvcRedirectError,
  SvcResponseValidationError,
  SvcTimeoutError,
} from '../../../src/server/index.js';
import { closingLocalServers } from './localServer.js';
import { scriptedFetch } from './scriptedFetch.js';

const BASE = 'https://acme.example.com/api';
const TOKEN = 'sk_live_transport_secret_3';
const server = closingLocalServers();

/** A fetch answering every request with what `answer` builds. */
const fetchOf = (answer: () => Response | Promise<Response>) => (async () => answer()) as typeof fetch;

const failure = async (call: Promise<unknown>): Promise<SvcApiError> => (await call.catch((e: unknown) => e)) as SvcApiError;

describe('error messages and fields', () => {
  it('names the status with its reason phrase when the runtime gives none', async () => {
    const phrases: [number, string][] = [
      [400, 'Bad Request'],
      [401, 'Unauthorized'],
      [403, 'Forbidden'],
      [404, 'Not Found'],
      [409, 'Conflict'],
      [422, 'Unprocessable Content'],
      [429, 'Too Many Requests'],
      [500, 'Internal Server Error'],
      [502, 'Bad Gateway'],
      [503, 'Service Unavailable'],
      [504, 'Gateway Timeout'],
    ];
    for (const [status, phrase] of phrases) {
      const { fetch } = scriptedFetch({ status });
      const platform = createManagementClient({ baseUrl: BASE, apiToken: TOKEN, fetch, retry: false });
      const error = await failure(platform.listDeployments());
      expect(error.message).toBe(`${error.code} GET /api/v1/deployments failed with ${status} ${phrase}`);
      expect(error.code).toBe(status === 401 ? 'SVC501' : status === 403 ? 'SVC502' : 'SVC500');
    }
    // A status without a known phrase, and an error body without a message, add nothing.
    const { fetch } = scriptedFetch({ status: 418, body: { detail: 'x' } });
    const platform = createManagementClient({ baseUrl: BASE, apiToken: TOKEN, fetch, retry: false });
    expect((await failure(platform.listDeployments())).message).toBe('SVC500 GET /api/v1/deployments failed with 418');
  });

  it('shows the start of a text error body, and the message of a JSON one, cut to 300 characters', async () => {
    const text = scriptedFetch({ status: 502, body: 'upstream down' });
    const viaText = createManagementClient({ baseUrl: BASE, apiToken: TOKEN, fetch: text.fetch, retry: false });
    expect((await failure(viaText.listDeployments())).message).toBe('SVC500 GET /api/v1/deployments failed with 502 Bad Gateway: upstream down');
    const long = scriptedFetch({ status: 400, body: { error: { message: 'y'.repeat(2000) } } });
    const viaJson = createManagementClient({ baseUrl: BASE, apiToken: TOKEN, fetch: long.fetch, retry: false });
    const error = await failure(viaJson.listDeployments());
    expect(error.message).toBe(`SVC500 GET /api/v1/deployments failed with 400 Bad Request: ${'y'.repeat(300)}`);
    // The body itself is kept whole (within the error body bound).
    expect(error.body).toEqual({ error: { message: 'y'.repeat(2000) } });
  });

  it('reports an error whose body is empty, null, or JSON without a message', async () => {
    for (const [body, expected] of [
      ['', undefined],
      ['null', null],
      ['{"detail":"nope"}', { detail: 'nope' }],
    ] as const) {
      const platform = createManagementClient({
        baseUrl: BASE,
        apiToken: TOKEN,
        retry: false,
        fetch: fetchOf(() => new Response(body, { status: 500, headers: { 'content-type': 'application/json' } })),
      });
      const error = await failure(platform.listDeployments());
      expect(error).toBeInstanceOf(SvcApiError);
      expect(error.message).toBe('SVC500 GET /api/v1/deployments failed with 500 Internal Server Error');
      expect(error.body).toEqual(expected);
    }
  });

  it('reports an error response without a body (status 404, or 204 where JSON was expected)', async () => {
    const missing = createManagementClient({ baseUrl: BASE, apiToken: TOKEN, retry: false, fetch: fetchOf(() => new Response(null, { status: 404 })) });
    await expect(missing.listDeployments()).rejects.toMatchObject({ name: 'SvcApiError', status: 404, body: undefined });
    const empty = createManagementClient({ baseUrl: BASE, apiToken: TOKEN, retry: false, fetch: fetchOf(() => new Response(null, { status: 204 })) });
    const error = await failure(empty.listDeployments());
    expect(error).toBeInstanceOf(SvcResponseValidationError);
    expect(error.message).toBe('SVC507 GET /api/v1/deployments: expected a JSON response');
  });

  it('says a 200 answer that is not JSON is not JSON, and keeps the fields of a validation error', async () => {
    for (const body of ['hello', '']) {
      const { fetch } = scriptedFetch({ body });
      const platform = createManagementClient({ baseUrl: BASE, apiToken: TOKEN, fetch, retry: false });
      const error = await failure(platform.listDeployments());
      expect(error).toBeInstanceOf(SvcResponseValidationError);
      expect(error.message).toBe('SVC507 GET /api/v1/deployments: expected a JSON response');
    }
    const { fetch } = scriptedFetch({ body: { items: 'none' } });
    const platform = createManagementClient({ baseUrl: BASE, apiToken: TOKEN, fetch, retry: false });
    const error = await failure(platform.listDeployments());
    expect(error).toMatchObject({ name: 'SvcResponseValidationError', status: 200, method: 'GET', path: '/v1/deployments' });
    // Not a sensitive answer: the body is kept for debugging.
    expect(error.body).toEqual({ items: 'none' });
  });

  it('names paths from the origin when the base URL has no path', async () => {
    const { fetch } = scriptedFetch({ status: 500 });
    const platform = createManagementClient({ baseUrl: 'https://acme.example.com', apiToken: TOKEN, fetch, retry: false });
    expect((await failure(platform.listDeployments())).message).toBe('SVC500 GET /v1/deployments failed with 500 Internal Server Error');
  });

  it('names the failure of a request that got no response', async () => {
    const dropped = createManagementClient({ baseUrl: BASE, apiToken: TOKEN, retry: false, fetch: scriptedFetch(new Error('socket hang up')).fetch });
    const network = await failure(dropped.listDeployments());
    expect(network).toBeInstanceOf(SvcNetworkError);
    expect(network).toMatchObject({ status: 0, method: 'GET', path: '/v1/deployments' });
    expect(network.message).toBe('SVC504 GET /api/v1/deployments failed before a response: socket hang up');
    const odd = createManagementClient({
      baseUrl: BASE,
      apiToken: TOKEN,
      retry: false,
      fetch: (async () => {
        throw 'not an Error';
      }) as typeof fetch,
    });
    expect((await failure(odd.listDeployments())).message).toBe('SVC504 GET /api/v1/deployments failed before a response: unknown error');
  });

  it('names the time limit of a request that timed out', async () => {
    const api = await server(() => {
      // never answers
    });
    const platform = createManagementClient({ baseUrl: `${api.origin}/api`, apiToken: TOKEN, retry: false, timeoutMs: 100 });
    const error = await failure(platform.listDeployments());
    expect(error).toBeInstanceOf(SvcTimeoutError);
    expect(error.message).toBe('SVC503 GET /api/v1/deployments got no response within 100 ms');
  });

  it('reports a body that breaks off as a network error with its status, and keeps the cause', async () => {
    const api = await server((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json', 'content-length': '1000' });
      response.write('{"items":[', () => response.destroy());
    });
    const platform = createManagementClient({ baseUrl: `${api.origin}/api`, apiToken: TOKEN, retry: false });
    const error = await failure(platform.listDeployments());
    expect(error).toBeInstanceOf(SvcNetworkError);
    expect(error).toMatchObject({ status: 200, method: 'GET', path: '/v1/deployments' });
    expect(error.message).toBe('SVC504 GET /api/v1/deployments: the response could not be read');
    expect(error.cause).toBeInstanceOf(Error);
  });
});

describe('request headers', () => {
  it('asks for JSON, and declares a JSON body only when there is one', async () => {
    const { fetch, sent } = scriptedFetch({ body: { items: [] } }, { body: { data: [] } });
    await createManagementClient({ baseUrl: BASE, apiToken: TOKEN, fetch }).listDeployments();
    const data = createDataClient({ url: 'https://acme.example.com/data', token: TOKEN, fetch });
    await data.sql('select 1');
    expect(sent[0]?.headers.accept).toBe('application/json');
    expect(sent[0]?.headers).not.toHaveProperty('content-type');
    expect(sent[1]?.headers['content-type']).toBe('application/json');
  });
});

describe('options', () => {
  it('retries nothing with retry: false', async () => {
    const { fetch, sent } = scriptedFetch({ status: 503 }, { body: { items: [] } });
    const platform = createManagementClient({ baseUrl: BASE, apiToken: TOKEN, fetch, retry: false });
    await expect(platform.listDeployments()).rejects.toMatchObject({ status: 503 });
    expect(sent).toHaveLength(1);
  });

  it('accepts limits of 1 and names a bad one', () => {
    expect(() => createManagementClient({ baseUrl: BASE, apiToken: TOKEN, timeoutMs: 1, maxResponseBytes: 1 })).not.toThrow();
    expect(() => createManagementClient({ baseUrl: BASE, apiToken: TOKEN, timeoutMs: 0 })).toThrow('timeoutMs must be a positive whole number; got 0.');
  });

  it('refuses a fetch option that is not a function', () => {
    expect(() => createManagementClient({ baseUrl: BASE, apiToken: TOKEN, fetch: 42 as unknown as typeof fetch })).toThrow(
      'No fetch implementation: pass options.fetch.',
    );
  });
});

describe('Retry-After', () => {
  it('reads whole and fractional seconds, with spaces around', () => {
    expect(parseRetryAfter('12')).toBe(12_000);
    expect(parseRetryAfter('1.25')).toBe(1250);
    expect(parseRetryAfter('1.5')).toBe(1500);
    expect(parseRetryAfter(' 5 ')).toBe(5000);
  });

  it('reads HTTP dates that start or end with digits as dates', () => {
    const now = Date.parse('2030-01-01T00:00:00.000Z');
    expect(parseRetryAfter('2030-01-01T00:00:10.000+00:00', now)).toBe(10_000);
    expect(parseRetryAfter('1 Jan 2030 00:00:20 GMT', now)).toBe(20_000);
  });
});

describe('waits between retries (the built-in sleep)', () => {
  it('retries after a Retry-After wait without a signal, also on an answer without a body', async () => {
    const responses = [new Response(null, { status: 503, headers: { 'retry-after': '0' } }), Response.json({ items: [] })];
    const platform = createManagementClient({ baseUrl: BASE, apiToken: TOKEN, fetch: fetchOf(() => responses.shift() as Response) });
    await expect(platform.listDeployments()).resolves.toEqual([]);
  });

  it('stops waiting as soon as the caller aborts, and when the signal was aborted before the wait', async () => {
    const during = new AbortController();
    const slow = createManagementClient({
      baseUrl: BASE,
      apiToken: TOKEN,
      fetch: fetchOf(() => {
        setTimeout(() => during.abort(new Error('user left')), 50);
        return new Response('', { status: 503, headers: { 'retry-after': '20' } });
      }),
    });
    let started = performance.now();
    await expect(slow.listDeployments({}, { signal: during.signal })).rejects.toThrow('user left');
    expect(performance.now() - started).toBeLessThan(2_000);
    // Nothing of the wait stays attached to the caller's signal.
    expect(getEventListeners(during.signal, 'abort')).toHaveLength(0);

    const before = new AbortController();
    const aborting = createManagementClient({
      baseUrl: BASE,
      apiToken: TOKEN,
      fetch: fetchOf(() => {
        before.abort(new Error('gone already'));
        return new Response('', { status: 503, headers: { 'retry-after': '20' } });
      }),
    });
    started = performance.now();
    await expect(aborting.listDeployments({}, { signal: before.signal })).rejects.toThrow('gone already');
    expect(performance.now() - started).toBeLessThan(2_000);
  });

  it("leaves no listener on the caller's signal after a call, whatever its outcome", async () => {
    const signal = new AbortController().signal;
    const { fetch } = scriptedFetch({ status: 503, headers: { 'retry-after': '0' } }, { body: { items: [] } }, { status: 500 }, { body: { items: [] } });
    const platform = createManagementClient({ baseUrl: BASE, apiToken: TOKEN, fetch, retry: { retries: 1 } });
    await platform.listDeployments({}, { signal });
    expect(getEventListeners(signal, 'abort')).toHaveLength(0);
    await expect(platform.listDeployments({}, { signal })).rejects.toMatchObject({ status: 500 });
    expect(getEventListeners(signal, 'abort')).toHaveLength(0);
    await platform.listDeployments({}, { signal });
    expect(getEventListeners(signal, 'abort')).toHaveLength(0);
  });
});

describe('cancellation', () => {
  it("rejects a POST with the caller's reason when aborted in flight (nothing is retried or rewrapped)", async () => {
    const api = await server(() => {
      // never answers
    });
    const platform = createManagementClient({ baseUrl: `${api.origin}/api`, apiToken: TOKEN });
    const controller = new AbortController();
    const reason = new Error('user navigated away');
    setTimeout(() => controller.abort(reason), 50);
    await expect(platform.createEmbedSession({ deploymentId: 42, externalId: 'alice' }, { signal: controller.signal })).rejects.toBe(reason);
  });

  it("rejects with the caller's reason when aborted while the body is read", async () => {
    const controller = new AbortController();
    const reason = new Error('stop reading');
    const api = await server((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.write('{"items":[', () => setTimeout(() => controller.abort(reason), 20));
    });
    const platform = createManagementClient({ baseUrl: `${api.origin}/api`, apiToken: TOKEN });
    await expect(platform.listDeployments({}, { signal: controller.signal })).rejects.toBe(reason);
  });
});

describe('redirects (details)', () => {
  const refused = async (answer: () => Response): Promise<SvcRedirectError> => {
    const platform = createManagementClient({ baseUrl: BASE, apiToken: TOKEN, retry: false, fetch: fetchOf(answer) });
    const error = await failure(platform.listDeployments());
    expect(error).toBeInstanceOf(SvcRedirectError);
    return error as SvcRedirectError;
  };

  it('refuses a 300 with a location, but treats 304 and 400 as plain errors', async () => {
    const error = await refused(() => new Response(null, { status: 300, headers: { location: 'https://mirror.example/api' } }));
    expect(error.location).toBe('https://mirror.example');
    for (const status of [304, 400]) {
      const platform = createManagementClient({
        baseUrl: BASE,
        apiToken: TOKEN,
        retry: false,
        fetch: fetchOf(() => new Response(null, { status, headers: { location: 'https://mirror.example/api' } })),
      });
      const plain = await failure(platform.listDeployments());
      expect(plain).not.toBeInstanceOf(SvcRedirectError);
      expect(plain).toMatchObject({ name: 'SvcApiError', status });
    }
  });

  it('says when a redirect named no usable address', async () => {
    for (const headers of [{}, { location: 'http://[::1' }]) {
      const error = await refused(() => new Response(null, { status: 302, headers }));
      expect(error.location).toBeNull();
      expect(error.message).toContain('to an address it did not name');
    }
  });

  it('names the scheme of a redirect to an address without an origin', async () => {
    const error = await refused(() => new Response(null, { status: 302, headers: { location: 'file:///etc/passwd' } }));
    expect(error.location).toBe('file:');
  });

  it('refuses an opaque redirect and a followed redirect that hides its address', async () => {
    const opaque = await refused(() => {
      const response = Response.json({ items: [] });
      Object.defineProperty(response, 'type', { value: 'opaqueredirect' });
      return response;
    });
    expect(opaque.location).toBeNull();
    const hidden = await refused(() => {
      const response = Response.json({ items: [] });
      Object.defineProperty(response, 'redirected', { value: true });
      return response;
    });
    expect(hidden.location).toBeNull();
  });
});
