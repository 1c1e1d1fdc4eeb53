import type { PageContext } from './PageContext.js';
import { answerQuestion } from './answerQuestion.js';

/** Options of {@link runAiQuery}. */
export interface AiQueryOptions {
  readonly query: string;
  /** The conversation the query belongs to. */
  readonly chatId: string;
  /** The agent that answers (reported on every `ai-query` event). @default DEFAULT_AGENT_ID */
  readonly agentId?: string | undefined;
  /** Receives the answer so far, each time it grows. */
  readonly onText: (text: string) => void;
  /** Called once, when the answer is complete or has failed. */
  readonly onDone: (status: 'completed' | 'error') => void;
}

/** Questions that ask for a failure (the word "error"): how the emulator lets an app test its error path. */
const ASKS_FOR_ERROR = /\berror\b/i;

/** Milliseconds between streamed chunks: slow enough to see the answer grow, fast enough for tests. */
const CHUNK_DELAY_MS = 35;

let chats = 0;

/** The emulator's one AI agent, unless a widget's config or the chat address names another. */
export const DEFAULT_AGENT_ID = 'svc-emulator-agent';

/** A new conversation id. */
export function newChatId(): string {
  chats += 1;
  return `chat-${Date.now().toString(36)}-${chats}`;
}

/**
 * Runs one AI query the way the platform's agent does: emits `svc:event:ai-query` `submitted`, streams a
 * canned answer built from the data set a few words at a time, then emits `completed`; a question that
 * contains the word "error" fails instead and emits `error`.
 */
export function runAiQuery(context: PageContext, options: AiQueryOptions): void {
  const { query, chatId, onText, onDone } = options;
  const agentId = options.agentId ?? DEFAULT_AGENT_ID;
  context.checkSession();
  context.events.emit('svc:event:ai-query', { query, status: 'submitted', chatId, agentId });
  if (ASKS_FOR_ERROR.test(query)) {
    setTimeout(() => {
      context.events.emit('svc:event:ai-query', { query, status: 'error', chatId, agentId });
      onDone('error');
    }, CHUNK_DELAY_MS * 3);
    return;
  }
  const answer = answerQuestion(query, context.boot.dataset, context.rows(), (value) => context.format(value), context.labels());
  const words = answer.split(/(?<=\s)/);
  let shown = 0;
  const step = (): void => {
    shown = Math.min(words.length, shown + 3);
    onText(words.slice(0, shown).join(''));
    if (shown < words.length) {
      setTimeout(step, CHUNK_DELAY_MS);
      return;
    }
    context.events.emit('svc:event:ai-query', { query, status: 'completed', chatId, agentId });
    onDone('completed');
  };
  setTimeout(step, CHUNK_DELAY_MS);
}
