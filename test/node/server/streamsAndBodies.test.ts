import { afterEach, describe, expect, it } from 'vitest';
import { createAiClient, createManagementClient, type SvcApiError, SvcNetworkError, SvcResponseTooLargeError, SvcResponseValidationError } from '../../../src/server/index.js';
import { type LocalServer, startLocalServer } from './localServer.js';

const TOKEN = 'sk_live_streams_secret_8';
const AI_URL = 'https://acme.example.com/ai';
const question = { messages: [{ role: 'user' as const, content: 'q' }] };
const servers: LocalServer[] = [];

afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

/** A fetch answering with a body made of exactly these chunks (strings are UTF-8 encoded). */
function chunkedFetch(chunks: readonly string[], headers: Record<string, string> = {}): typeof fetch {
  return (async () =>
    new Response(
      new ReadableStream<Uint8Array>({
        start(controller) {
          for (const chunk of chunks) controller.enqueue(new TextEncoder().encode(chunk));
          controller.close();
        },
      }),
      { headers },
    )) as typeof fetch;
}

/** The length of a chat chunk line with empty content. */
const EMPTY = JSON.stringify({ chatId: 'c', type: 'delta', content: '' }).length;

/** A chat chunk line of exactly `bytes` bytes (without its newline). */
function lineOf(bytes: number): string {
  return JSON.stringify({ chatId: 'c', type: 'delta', content: 'x'.repeat(bytes - EMPTY) });
}

async function drain(iterable: AsyncIterable<{ content?: string | undefined; type: string }>): Promise<string[]> {
  const seen: string[] = [];
  for await (const chunk of iterable) seen.push(chunk.content ?? chunk.type);
  return seen;
}

describe('stream lines', () => {
  it('accepts a line of exactly maxLineBytes, whole or cut across chunks, and refuses one byte more', async () => {
    const line = lineOf(100);
    const limit = { maxLineBytes: 100 };
    for (const chunks of [[`${line}\n`], [line, '\n'], [`${lineOf(60)}\n${line}\n`], [line.slice(0, 50), line.slice(50), '\n']]) {
      const ai = createAiClient({ url: AI_URL, apiKey: TOKEN, fetch: chunkedFetch(chunks), ...limit });
      const seen = await drain(ai.streamChatState(question));
      expect(seen.at(-1)).toHaveLength(100 - EMPTY);
    }
    const long = lineOf(101);
    // The last case is a line cut across chunks that the stream ends without a newline: the limit holds as
    // the pieces arrive, not only when a newline would close the line.
    for (const chunks of [[`${long}\n`], [long, '\n'], [`${lineOf(60)}\n${long}\n`], [long.slice(0, 60), long.slice(60)]]) {
      const ai = createAiClient({ url: AI_URL, apiKey: TOKEN, fetch: chunkedFetch(chunks), ...limit });
      const error = await drain(ai.streamChatState(question)).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(SvcResponseTooLargeError);
      expect(error).toMatchObject({ limitBytes: 100, status: 200, method: 'POST', path: '/chat/stream-chat-state' });
      expect((error as Error).message).toBe('SVC506 POST /ai/chat/stream-chat-state: a line of the stream is larger than 100 bytes; stopped reading');
    }
  });

  it('skips blank and whitespace-only lines, the last one included', async () => {
    const chunks = [`\n  \n${lineOf(60)}\r\n\r\n \t\n`, `${lineOf(61)}\n`, '   '];
    const ai = createAiClient({ url: AI_URL, apiKey: TOKEN, fetch: chunkedFetch(chunks) });
    expect((await drain(ai.streamChatState(question))).map((content) => content.length)).toEqual([60 - EMPTY, 61 - EMPTY]);
  });

  it('ends at once on an answer without a body', async () => {
    const ai = createAiClient({ url: AI_URL, apiKey: TOKEN, fetch: (async () => new Response(null)) as typeof fetch });
    expect(await drain(ai.streamChatState(question))).toEqual([]);
  });

  it('reports a line that is not JSON as a validation error with the request fields', async () => {
    const ai = createAiClient({ url: AI_URL, apiKey: TOKEN, fetch: chunkedFetch(['not json\n']) });
    const error = (await drain(ai.streamChatState(question)).catch((e: unknown) => e)) as SvcApiError;
    expect(error).toBeInstanceOf(SvcResponseValidationError);
    expect(error).toMatchObject({ status: 200, method: 'POST', path: '/chat/stream-chat-state' });
    expect(error.message).toBe('SVC507 POST /ai/chat/stream-chat-state: a stream chunk is not JSON');
  });

  it('keeps the fields of a chunk that breaks the schema', async () => {
    const ai = createAiClient({ url: AI_URL, apiKey: TOKEN, fetch: chunkedFetch(['{"chatId":"c","type":"oops"}\n']) });
    const error = (await drain(ai.streamChatState(question)).catch((e: unknown) => e)) as SvcApiError;
    expect(error).toBeInstanceOf(SvcResponseValidationError);
    expect(error).toMatchObject({ status: 200, method: 'POST', path: '/chat/stream-chat-state', body: { chatId: 'c', type: 'oops' } });
  });

  it('keeps the request fields on an idle timeout', async () => {
    const api = await startLocalServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/x-ndjson' });
      response.write(`${lineOf(60)}\n`);
    });
    servers.push(api);
    const ai = createAiClient({ url: `${api.origin}/ai`, apiKey: TOKEN, idleTimeoutMs: 100 });
    const error = await drain(ai.streamChatState(question)).catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'SvcTimeoutError', status: 200, method: 'POST', path: '/chat/stream-chat-state' });
  });

  it('reports a stream that breaks off as a network error, not a timeout', async () => {
    const api = await startLocalServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/x-ndjson' });
      response.write(`${lineOf(60)}\n{"chatId":`, () => setTimeout(() => response.destroy(), 20));
    });
    servers.push(api);
    const ai = createAiClient({ url: `${api.origin}/ai`, apiKey: TOKEN, idleTimeoutMs: 5_000 });
    const error = (await drain(ai.streamChatState(question)).catch((e: unknown) => e)) as SvcApiError;
    expect(error).toBeInstanceOf(SvcNetworkError);
    expect(error).toMatchObject({ status: 200, method: 'POST', path: '/chat/stream-chat-state' });
    expect(error.message).toBe('SVC504 POST /ai/chat/stream-chat-state: the stream broke off');
    expect(error.cause).toBeInstanceOf(Error);
  });

  it('lets a stream run longer than the time limit, which covers only the wait for its headers', async () => {
    const api = await startLocalServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/x-ndjson' });
      // The headers leave now, well inside the one-second limit even on a busy machine; the lines follow over
      // two seconds, twice the limit.
      response.flushHeaders();
      let sent = 0;
      const timer = setInterval(() => {
        response.write(`${JSON.stringify({ chatId: 'c', type: 'delta', content: String(sent) })}\n`);
        if (++sent === 8) {
          clearInterval(timer);
          response.end();
        }
      }, 250);
      response.on('close', () => clearInterval(timer));
    });
    servers.push(api);
    const ai = createAiClient({ url: `${api.origin}/ai`, apiKey: TOKEN, timeoutMs: 1_000, idleTimeoutMs: 2_000 });
    const started = performance.now();
    expect(await drain(ai.streamChatState(question))).toEqual(['0', '1', '2', '3', '4', '5', '6', '7']);
    expect(performance.now() - started).toBeGreaterThan(1_000);
  });

  it('names a bad stream limit', async () => {
    const ai = createAiClient({ url: AI_URL, apiKey: TOKEN, fetch: chunkedFetch([]), maxLineBytes: 0 });
    await expect(drain(ai.streamChatState(question))).rejects.toThrow('maxLineBytes must be a positive whole number; got 0.');
    const quiet = createAiClient({ url: AI_URL, apiKey: TOKEN, fetch: chunkedFetch([]), idleTimeoutMs: 1.5 });
    await expect(drain(quiet.streamChatState(question))).rejects.toThrow('idleTimeoutMs must be a positive whole number; got 1.5.');
  });

  it('leaves no idle timer behind once a stream has ended', async () => {
    const timers = () => process.getActiveResourcesInfo().filter((kind) => kind === 'Timeout').length;
    const before = timers();
    const ai = createAiClient({ url: AI_URL, apiKey: TOKEN, fetch: chunkedFetch([`${lineOf(60)}\n`, `${lineOf(60)}\n`]), idleTimeoutMs: 60_000 });
    await drain(ai.streamChatState(question));
    expect(timers()).toBeLessThanOrEqual(before);
  });
});

describe('response size bound', () => {
  const body = JSON.stringify({ items: [{ id: 1, name: 'exactly sized' }] });
  const size = new TextEncoder().encode(body).byteLength;

  it('accepts a body of exactly maxResponseBytes, declared or not, in one chunk or several', async () => {
    for (const [chunks, headers] of [
      [[body], { 'content-length': String(size) }],
      [[body], {}],
      [[body.slice(0, 10), body.slice(10)], {}],
    ] as const) {
      const platform = createManagementClient({ baseUrl: 'https://acme.example.com/api', apiToken: TOKEN, fetch: chunkedFetch(chunks, headers), maxResponseBytes: size });
      await expect(platform.listDeployments()).resolves.toEqual([{ id: 1, name: 'exactly sized' }]);
    }
  });

  it('refuses one byte more, declared or not, naming the response', async () => {
    for (const headers of [{ 'content-length': String(size) }, {}]) {
      const platform = createManagementClient({ baseUrl: 'https://acme.example.com/api', apiToken: TOKEN, fetch: chunkedFetch([body], headers), maxResponseBytes: size - 1 });
      const error = await platform.listDeployments().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(SvcResponseTooLargeError);
      expect((error as Error).message).toBe(`SVC506 GET /api/v1/deployments: the response is larger than ${size - 1} bytes; stopped reading`);
    }
  });
});
