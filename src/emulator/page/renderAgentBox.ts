import { h } from './h.js';
import type { PageContext } from './PageContext.js';
import { newChatId, runAiQuery } from './runAiQuery.js';

/**
 * The agent's question box (dashboard agent, and the app's workbook pages): asking streams an answer below
 * it and reports the query's lifecycle as `svc:event:ai-query`. One box is one conversation (`chatId`) with
 * one agent (`agentId`, the emulator's own agent unless given).
 */
export function renderAgentBox(context: PageContext, agentId?: string): HTMLElement {
  const labels = context.labels();
  const chatId = newChatId();
  const input = h('input', {
    class: 'input',
    type: 'text',
    name: 'question',
    autocomplete: 'off',
    'data-testid': 'agent-input',
    placeholder: labels.askPlaceholder,
    'data-label-placeholder': 'askPlaceholder',
    'aria-label': labels.askAgent,
    'data-label-aria': 'askAgent',
  });
  const button = h('button', { class: 'btn', type: 'submit', 'data-testid': 'agent-submit', 'data-label': 'ask' }, labels.ask);
  const answer = h('p', { class: 'answer', 'data-testid': 'agent-answer', 'aria-live': 'polite', hidden: true });
  const form = h(
    'form',
    {
      onSubmit: (event) => {
        event.preventDefault();
        const query = input.value.trim();
        if (query === '' || button.disabled) return;
        button.disabled = true;
        answer.hidden = false;
        answer.dataset.status = 'streaming';
        answer.textContent = context.labels().thinking;
        runAiQuery(context, {
          query,
          chatId,
          agentId,
          onText: (text) => {
            answer.textContent = text;
          },
          onDone: (status) => {
            button.disabled = false;
            answer.dataset.status = status;
            if (status === 'error') answer.textContent = context.labels().aiFailed;
          },
        });
      },
    },
    input,
    button,
  );
  return h('section', { class: 'card agent', 'data-testid': 'agent' }, h('strong', { 'data-label': 'askAgent' }, labels.askAgent), form, answer);
}
