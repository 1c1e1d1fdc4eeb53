import { describe, expect, it } from 'vitest';
import { createAiClient, createDataClient, SvcResponseValidationError, SvcUnauthorizedError } from '../../../src/server/index.js';
import { scriptedFetch } from './scriptedFetch.js';

const JWT = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJlX3NlY3JldA';

describe('data client', () => {
  it('sends the JWT bare, with no scheme', async () => {
    const { fetch, sent } = scriptedFetch({ body: { data: [{ 'orders.count': 3 }] } }, { body: { data: [] } }, { body: { cubes: [] } });
    const data = createDataClient({ url: 'https://acme.example.com/data', token: JWT, fetch });
    await expect(data.load({ measures: ['orders.count'], dimensions: ['orders.status'] })).resolves.toEqual({ data: [{ 'orders.count': 3 }] });
    await data.sql('SELECT status FROM orders');
    await data.meta();
    expect(sent.map((r) => [r.method, r.url.pathname, r.headers.authorization])).toEqual([
      ['POST', '/data/v1/load', JWT],
      ['POST', '/data/v1/cubesql', JWT],
      ['GET', '/data/v1/meta', JWT],
    ]);
    expect(sent[0]?.body).toEqual({ query: { measures: ['orders.count'], dimensions: ['orders.status'] } });
    expect(sent[1]?.body).toEqual({ query: 'SELECT status FROM orders' });
  });

  it('refuses bad input before sending and never retries a query', async () => {
    const { fetch, sent } = scriptedFetch({ status: 503 });
    const data = createDataClient({ url: 'https://acme.example.com/data', token: JWT, fetch });
    await expect(data.sql('')).rejects.toThrow(/sql: query/);
    await expect(data.load({ limit: -5 })).rejects.toThrow(/limit/);
    expect(sent).toHaveLength(0);
    await expect(data.load({ measures: ['orders.count'] })).rejects.toMatchObject({ status: 503 });
    expect(sent).toHaveLength(1);
  });

  it('keeps the JWT out of errors', async () => {
    const { fetch } = scriptedFetch({ status: 401, body: `invalid token ${JWT}` });
    const data = createDataClient({ url: 'https://acme.example.com/data', token: JWT, fetch });
    const error = await data.meta().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SvcUnauthorizedError);
    expect(`${String(error)} ${JSON.stringify(error)}`).not.toContain(JWT);
  });
});

function streamResponse(chunks: string[], onCancel?: () => void): Response {
  const encoder = new TextEncoder();
  let i = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      const next = chunks[i++];
      if (next === undefined) controller.close();
      else controller.enqueue(encoder.encode(next));
    },
    cancel() {
      onCancel?.();
    },
  });
  return new Response(body, { headers: { 'content-type': 'application/x-ndjson' } });
}

describe('AI client', () => {
  it('streams parsed chunks, split across network reads, with Api-Key auth', async () => {
    let authorization: string | null = null;
    const fetchImpl = (async (_url: string | URL | Request, init?: RequestInit) => {
      authorization = new Headers(init?.headers).get('authorization');
      return streamResponse([
        '{"chatId":"c1","type":"delta","content":"Rev',
        'enue is "}\n{"chatId":"c1","type":"delta","content":"up"}\n',
        '{"chatId":"c1","type":"done"}',
      ]);
    }) as typeof fetch;
    const ai = createAiClient({ url: 'https://acme.example.com/ai', apiKey: 'ai_key_secret', fetch: fetchImpl });
    const chunks = [];
    for await (const chunk of ai.streamChatState({ messages: [{ role: 'user', content: 'Revenue?' }] })) chunks.push(chunk);
    expect(chunks).toEqual([
      { chatId: 'c1', type: 'delta', content: 'Revenue is ' },
      { chatId: 'c1', type: 'delta', content: 'up' },
      { chatId: 'c1', type: 'done' },
    ]);
    expect(authorization).toBe('Api-Key ai_key_secret');
  });

  it('cancels the stream when the loop breaks', async () => {
    let cancelled = false;
    const fetchImpl = (async () =>
      streamResponse(['{"chatId":"c","type":"delta","content":"a"}\n', '{"chatId":"c","type":"delta","content":"b"}\n'], () => {
        cancelled = true;
      })) as typeof fetch;
    const ai = createAiClient({ url: 'https://acme.example.com/ai', apiKey: 'k_123456', fetch: fetchImpl });
    for await (const _chunk of ai.streamChatState({ messages: [{ role: 'user', content: 'q' }] })) break;
    expect(cancelled).toBe(true);
  });

  it('cancels through an AbortSignal', async () => {
    const controller = new AbortController();
    const fetchImpl = (async (_u: string | URL | Request, init?: RequestInit) => {
      const body = new ReadableStream<Uint8Array>({
        start(stream) {
          stream.enqueue(new TextEncoder().encode('{"chatId":"c","type":"delta","content":"a"}\n'));
          init?.signal?.addEventListener('abort', () => stream.error(new DOMException('aborted', 'AbortError')));
        },
      });
      return new Response(body);
    }) as typeof fetch;
    const ai = createAiClient({ url: 'https://acme.example.com/ai', apiKey: 'k_123456', fetch: fetchImpl });
    const seen: string[] = [];
    const run = (async () => {
      for await (const chunk of ai.streamChatState({ messages: [{ role: 'user', content: 'q' }] }, { signal: controller.signal })) {
        seen.push(chunk.content ?? '');
        controller.abort(new Error('user closed the chat'));
      }
    })();
    await expect(run).rejects.toThrow('user closed the chat');
    expect(seen).toEqual(['a']);
  });

  it('reports a malformed chunk as a validation error naming the field', async () => {
    const fetchImpl = (async () => streamResponse(['{"chatId":"c","type":"thinking"}\n'])) as typeof fetch;
    const ai = createAiClient({ url: 'https://acme.example.com/ai', apiKey: 'k_123456', fetch: fetchImpl });
    const run = async () => {
      for await (const _ of ai.streamChatState({ messages: [{ role: 'user', content: 'q' }] })) {
        // drain
      }
    };
    await expect(run()).rejects.toBeInstanceOf(SvcResponseValidationError);
    await expect(run()).rejects.toThrow(/chunk\.type/);
  });

  it('refuses an empty conversation before sending', async () => {
    const { fetch, sent } = scriptedFetch();
    const ai = createAiClient({ url: 'https://acme.example.com/ai', apiKey: 'k_123456', fetch });
    const run = async () => {
      for await (const _ of ai.streamChatState({ messages: [] })) {
        // drain
      }
    };
    await expect(run()).rejects.toThrow(/messages/);
    expect(sent).toHaveLength(0);
  });
});
