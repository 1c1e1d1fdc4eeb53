import { describe, expect, it } from 'vitest';
import {
  createAiClient,
  createDataClient,
  createManagementClient,
  DEFAULT_MAX_RESPONSE_BYTES,
  SvcApiError,
  SvcResponseTooLargeError,
  SvcTimeoutError,
} from '../../../src/server/index.js';
import { closingLocalServers, type startLocalServer, writeForever } from './localServer.js';

const TOKEN = 'sk_live_bounded_secret_77';
const MiB = 1024 * 1024;
const server = closingLocalServers();

/** An API answering `status` with a JSON array that never ends. */
function endlessJson(status = 200): Parameters<typeof startLocalServer>[0] {
  return (_request, response) => {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.write('{"items":[');
    writeForever(response, `${JSON.stringify({ id: 1, name: 'x'.repeat(200) })},`);
  };
}

const until = async (test: () => boolean): Promise<void> => {
  for (let i = 0; i < 200 && !test(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
};

describe('bounded response size', () => {
  it('stops reading an endless JSON body at the default limit, cancels it, and keeps memory bounded', async () => {
    const api = await server(endlessJson());
    const platform = createManagementClient({ baseUrl: `${api.origin}/api`, apiToken: TOKEN, retry: false });
    global.gc?.();
    const before = process.memoryUsage();
    const started = performance.now();
    const error = await platform.listDeployments().catch((e: unknown) => e);
    const elapsed = performance.now() - started;
    const after = process.memoryUsage();
    expect(error).toBeInstanceOf(SvcResponseTooLargeError);
    expect(error).toMatchObject({ status: 200, limitBytes: DEFAULT_MAX_RESPONSE_BYTES, method: 'GET', path: '/v1/deployments' });
    expect((error as Error).message).toMatch(/larger than 16777216 bytes/);
    // Well before the 30 s time limit, and with at most a few times the limit held at once.
    expect(elapsed).toBeLessThan(10_000);
    expect(after.rss - before.rss).toBeLessThan(160 * MiB);
    await until(() => api.closedConnections() === 1);
    expect(api.closedConnections()).toBe(1);
  });

  it('honours a configured limit on every client', async () => {
    const api = await server(endlessJson());
    const data = createDataClient({ url: `${api.origin}/data`, token: TOKEN, maxResponseBytes: 64 * 1024, retry: false });
    await expect(data.meta()).rejects.toMatchObject({ name: 'SvcResponseTooLargeError', limitBytes: 65536 });
    expect(() => createDataClient({ url: api.origin, token: TOKEN, maxResponseBytes: 0 })).toThrow(/maxResponseBytes must be a positive whole number/);
  });

  it('refuses a declared content-length above the limit before reading', async () => {
    const api = await server((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json', 'content-length': String(1024 * MiB) });
      response.write('{"items":[');
      // ...and then nothing: a client that waited for the body would hang until its time limit.
    });
    const platform = createManagementClient({ baseUrl: `${api.origin}/api`, apiToken: TOKEN, retry: false, timeoutMs: 20_000 });
    const started = performance.now();
    await expect(platform.listDeployments()).rejects.toBeInstanceOf(SvcResponseTooLargeError);
    expect(performance.now() - started).toBeLessThan(2_000);
  });

  it('keeps the start of an endless error body and still reports the status', async () => {
    const api = await server(endlessJson(500));
    const platform = createManagementClient({ baseUrl: `${api.origin}/api`, apiToken: TOKEN, retry: false });
    const error = await platform.listDeployments().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SvcApiError);
    expect(error).not.toBeInstanceOf(SvcResponseTooLargeError);
    expect(error).toMatchObject({ status: 500 });
    expect(String((error as SvcApiError).body).length).toBeLessThanOrEqual(64 * 1024);
  });
});

describe('bounded streams', () => {
  const question = { messages: [{ role: 'user' as const, content: 'q' }] };
  const drain = async (iterable: AsyncIterable<{ content?: string | undefined }>, seen: string[] = []) => {
    for await (const chunk of iterable) seen.push(chunk.content ?? '');
    return seen;
  };

  it('refuses a line that never ends, at maxLineBytes, with bounded memory', async () => {
    const api = await server((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/x-ndjson' });
      response.write('{"chatId":"c","type":"delta","content":"ok"}\n{"chatId":"c","type":"delta","content":"');
      writeForever(response, 'a'.repeat(4096));
    });
    const ai = createAiClient({ url: `${api.origin}/ai`, apiKey: TOKEN });
    const before = process.memoryUsage().rss;
    const seen: string[] = [];
    const error = await drain(ai.streamChatState(question), seen).catch((e: unknown) => e);
    expect(seen).toEqual(['ok']);
    expect(error).toBeInstanceOf(SvcResponseTooLargeError);
    expect(error).toMatchObject({ limitBytes: MiB });
    expect(process.memoryUsage().rss - before).toBeLessThan(64 * MiB);
    await until(() => api.closedConnections() === 1);
    expect(api.closedConnections()).toBe(1);
  });

  it('times out a stream that goes quiet after its headers', async () => {
    const api = await server((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/x-ndjson' });
      response.write('{"chatId":"c","type":"delta","content":"first"}\n');
      // ...and then silence, with the connection open.
    });
    const ai = createAiClient({ url: `${api.origin}/ai`, apiKey: TOKEN, idleTimeoutMs: 150 });
    const seen: string[] = [];
    const started = performance.now();
    const error = await drain(ai.streamChatState(question), seen).catch((e: unknown) => e);
    expect(seen).toEqual(['first']);
    expect(error).toBeInstanceOf(SvcTimeoutError);
    expect((error as Error).message).toMatch(/sent nothing for 150 ms/);
    expect(performance.now() - started).toBeLessThan(3_000);
    await until(() => api.closedConnections() === 1);
    expect(api.closedConnections()).toBe(1);
  });

  it('reads a long line cut into many small chunks in linear time', async () => {
    // 50,000 chunks of 64 bytes make one 3.2 MB line: re-splitting the whole buffer at each chunk would scan
    // about 80 billion characters; one pass scans 3.2 million.
    const content = 'x'.repeat(50_000 * 64);
    const line = new TextEncoder().encode(`${JSON.stringify({ chatId: 'c', type: 'delta', content })}\n`);
    let offset = 0;
    const fetchImpl = (async () =>
      new Response(
        new ReadableStream<Uint8Array>({
          pull(controller) {
            if (offset >= line.byteLength) controller.close();
            else controller.enqueue(line.slice(offset, offset + 64));
            offset += 64;
          },
        }),
      )) as typeof fetch;
    const ai = createAiClient({ url: 'https://acme.example.com/ai', apiKey: TOKEN, fetch: fetchImpl, maxLineBytes: 8 * MiB });
    const started = performance.now();
    const seen = await drain(ai.streamChatState(question));
    expect(seen).toEqual([content]);
    // About a second on a busy machine; the quadratic way takes minutes.
    expect(performance.now() - started).toBeLessThan(15_000);
  });

  it('decodes characters split across chunks and lines ending in CRLF', async () => {
    const bytes = new TextEncoder().encode('{"chatId":"c","type":"delta","content":"é€😀"}\r\n{"chatId":"c","type":"done"}');
    const fetchImpl = (async () =>
      new Response(
        new ReadableStream<Uint8Array>({
          start(controller) {
            for (let i = 0; i < bytes.byteLength; i++) controller.enqueue(bytes.slice(i, i + 1));
            controller.close();
          },
        }),
      )) as typeof fetch;
    const ai = createAiClient({ url: 'https://acme.example.com/ai', apiKey: TOKEN, fetch: fetchImpl });
    expect(await drain(ai.streamChatState(question))).toEqual(['é€😀', '']);
  });
});
