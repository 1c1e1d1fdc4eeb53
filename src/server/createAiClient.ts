import { type ChatChunk, type ChatRequest, chatChunkSchema, chatRequestSchema } from '../api/dataAndAi.js';
import { formatIssues } from '../schemas/formatIssues.js';
import type { CallOptions } from './createManagementClient.js';
import { createTransport, type TransportOptions } from './createTransport.js';
import { SvcResponseValidationError } from './SvcApiError.js';
import { validateInput } from './validateInput.js';

/** Options of {@link createAiClient}. */
export interface AiClientOptions extends TransportOptions {
  /** The address of one agent's chat API. */
  readonly url: string;
  /** The API key, sent as `Authorization: Api-Key <key>`. */
  readonly apiKey: string;
}

/** The AI API client. */
export interface AiClient {
  /**
   * Streams the state of a conversation as parsed chunks. Breaking out of the loop, or aborting `signal`,
   * cancels the request.
   */
  streamChatState(body: ChatRequest, options?: CallOptions): AsyncIterable<ChatChunk>;
}

/**
 * Creates a client of the AI chat API.
 *
 * @example
 * const ai = createAiClient({ url: process.env.SVC_AI_URL!, apiKey: process.env.SVC_AI_KEY! });
 * for await (const chunk of ai.streamChatState({ messages: [{ role: 'user', content: 'Revenue by region?' }] })) {
 *   if (chunk.type === 'delta') process.stdout.write(chunk.content ?? '');
 * }
 */
export function createAiClient(options: AiClientOptions): AiClient {
  if (typeof options.apiKey !== 'string' || options.apiKey.trim() === '') throw new TypeError('createAiClient: apiKey is required.');
  const api = createTransport('createAiClient: url', options.url, `Api-Key ${options.apiKey}`, [options.apiKey], options);
  return {
    async *streamChatState(body, call = {}) {
      const input = validateInput('streamChatState', chatRequestSchema, body);
      const { response, path, cancel } = await api.stream({
        method: 'POST',
        path: '/chat/stream-chat-state',
        body: input,
        signal: call.signal,
      });
      // Read the body directly (not through a decoding stream) so cancelling the reader cancels the request.
      const reader = response.body?.getReader();
      const decoder = new TextDecoder();
      if (!reader) {
        cancel();
        return;
      }
      let buffer = '';
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (value) buffer += decoder.decode(value, { stream: !done });
          if (done) buffer += decoder.decode();
          const lines = done ? [buffer] : buffer.split('\n');
          buffer = done ? '' : (lines.pop() ?? '');
          for (const line of lines) {
            if (line.trim() === '') continue;
            let json: unknown;
            try {
              json = JSON.parse(line);
            } catch {
              throw new SvcResponseValidationError(`POST ${path}: a stream chunk is not JSON`, {
                status: response.status,
                method: 'POST',
                path: '/chat/stream-chat-state',
              });
            }
            const chunk = chatChunkSchema.safeParse(json);
            if (!chunk.success) {
              throw new SvcResponseValidationError(
                `POST ${path}: unexpected stream chunk: ${formatIssues(chunk.error.issues, json, 'chunk')}`,
                { status: response.status, body: json, method: 'POST', path: '/chat/stream-chat-state' },
              );
            }
            yield chunk.data;
          }
          if (done) return;
        }
      } catch (error) {
        if (call.signal?.aborted) throw call.signal.reason;
        throw error;
      } finally {
        await reader.cancel().catch(() => {});
        cancel();
      }
    },
  };
}
