import type { PageContext } from './PageContext.js';
import { answerQuestion } from './answerQuestion.js';

/** Options of {@link runAiQuery}. */
export interface AiQueryOptions {
  readonly query: string;
  /** The conversation the query belongs to. */
  readonly chatId: string;
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
  context.events.emit('svc:event:ai-query', { query, status: 'submitted', chatId });
  if (ASKS_FOR_ERROR.test(query)) {
    setTimeout(() => {
      context.events.emit('svc:event:ai-query', { query, status: 'error', chatId });
      onDone('error');
    }, CHUNK_DELAY_MS * 3);
    return;
  }
  const answer = answerQuestion(query, context.boot.dataset, context.rows(), (value) => context.format(value));
  const words = answer.split(/(?<=\s)/);
  let shown = 0;
  const step = (): void => {
    shown = Math.min(words.length, shown + 3);
    onText(words.slice(0, shown).join(''));
    if (shown < words.length) {
      setTimeout(step, CHUNK_DELAY_MS);
      return;
    }
    context.events.emit('svc:event:ai-query', { query, status: 'completed', chatId });
    onDone('completed');
  };
  setTimeout(step, CHUNK_DELAY_MS);
}
