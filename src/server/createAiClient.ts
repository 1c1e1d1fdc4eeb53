import { type ChatChunk, type ChatRequest, chatChunkSchema, chatRequestSchema } from '../api/dataAndAi.js';
import { formatIssues } from '../schemas/formatIssues.js';
import type { CallOptions } from './createManagementClient.js';
import { createTransport } from './createTransport.js';
import type { StreamOptions, TransportOptions } from './Transport.js';
import { SvcResponseValidationError } from './SvcApiError.js';
import { validateInput } from './validateInput.js';
import { svcError } from '../protocol/svcError.js';

/** Options of {@link createAiClient}. */
export interface AiClientOptions extends TransportOptions, StreamOptions {
  /** The address of one agent's chat API. */
  readonly url: string;
  /** The API key, sent as `Authorization: Api-Key <key>`. */
  readonly apiKey: string;
}

/** The AI API client. */
export interface AiClient {
  /**
   * Streams the state of a conversation as parsed chunks. Breaking out of the loop, or aborting `signal`,
   * cancels the request. A line longer than `maxLineBytes` fails with `SvcResponseTooLargeError`, a silence
   * longer than `idleTimeoutMs` with `SvcTimeoutError`; credentials echoed in a chunk are redacted.
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
  if (typeof options.apiKey !== 'string' || options.apiKey.trim() === '') throw svcError(510, 'createAiClient: apiKey is required.');
  const api = createTransport('createAiClient: url', options.url, `Api-Key ${options.apiKey}`, [options.apiKey], options);
  return {
    async *streamChatState(body, call = {}) {
      const input = validateInput('streamChatState', chatRequestSchema, body);
      const path = '/chat/stream-chat-state';
      const { status, at, lines } = await api.streamLines({ method: 'POST', path, body: input, signal: call.signal }, options);
      try {
        for await (const line of lines) {
          // A line already read when the caller aborted is not handed over: the caller said stop.
          call.signal?.throwIfAborted();
          let json: unknown;
          try {
            // The line is already redacted as text; the parsed value is redacted again once escapes are decoded.
            json = api.redactValue(JSON.parse(line));
          } catch {
            throw new SvcResponseValidationError(`${at}: a stream chunk is not JSON`, { status, method: 'POST', path });
          }
          const chunk = chatChunkSchema.safeParse(json);
          if (!chunk.success) {
            throw new SvcResponseValidationError(`${at}: unexpected stream chunk: ${formatIssues(chunk.error.issues, json, 'chunk')}`, {
              status,
              body: json,
              method: 'POST',
              path,
            });
          }
          yield chunk.data;
        }
      } finally {
        // Breaking out of the caller's loop lands here: ending the lines cancels the request.
        await lines.return();
      }
    },
  };
}
