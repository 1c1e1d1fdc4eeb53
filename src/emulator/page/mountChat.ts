import { createRouter } from './createRouter.js';
import { entitled, placementShows } from './entitled.js';
import { h } from './h.js';
import type { PageContext } from './PageContext.js';
import { newChatId, runAiQuery } from './runAiQuery.js';
import { renderAsOf } from './renderAsOf.js';
import { renderViewerBadge } from './renderViewerBadge.js';
import type { SurfaceView } from './SurfaceView.js';

/** Questions offered to start a conversation, built from the data set's names. */
function suggestions(context: PageContext): string[] {
  const { measures, dimensions } = context.boot.dataset;
  const out: string[] = [];
  for (const dimension of dimensions.slice(0, 2)) {
    const measure = measures.find((name) => name !== 'count') ?? measures[0];
    if (measure) out.push(`${measure} by ${dimension.replace(/_/g, ' ')}`);
  }
  if (measures.includes('count') && dimensions[0]) out.push(`count by ${dimensions[0].replace(/_/g, ' ')}`);
  return out;
}

/**
 * The standalone AI chat surface: history, conversation, question box. Each question emits
 * `svc:event:ai-query` `submitted`, streams the answer into the conversation, then emits `completed` (or
 * `error` for a question containing the word "error"). `showChatInput=false`, `showNewChat=false` and
 * `showChatHistory=false` hide those parts.
 */
export function mountChat(root: HTMLElement, context: PageContext): SurfaceView {
  const { boot } = context;
  const param = (name: string): boolean => placementShows(boot, name);
  const labels = context.labels();
  let chatId = newChatId();

  const messages = h('div', { class: 'messages', 'data-testid': 'chat-messages', 'aria-live': 'polite' });
  const historyList = h('div', { 'data-testid': 'chat-history-list' });
  const input = h('input', {
    class: 'input',
    type: 'text',
    name: 'question',
    autocomplete: 'off',
    'data-testid': 'chat-input',
    placeholder: labels.chatPlaceholder,
    'data-label-placeholder': 'chatPlaceholder',
    'aria-label': labels.chatPlaceholder,
    'data-label-aria': 'chatPlaceholder',
  });

  const welcome = (): HTMLElement =>
    h(
      'div',
      { class: 'msg msg-assistant', 'data-testid': 'chat-welcome' },
      h('span', { 'data-label': 'chatWelcome' }, context.labels().chatWelcome),
      h('div', { class: 'suggestions' }, ...suggestions(context).map((text) => h('button', { class: 'btn btn-ghost', type: 'button', 'data-testid': 'chat-suggestion', onClick: () => ask(text) }, text))),
    );

  const renderHistoryEmpty = (): void => {
    if (historyList.childElementCount === 0) historyList.append(h('p', { class: 'muted', 'data-label': 'noHistory', 'data-empty': 'true' }, context.labels().noHistory));
  };

  function ask(query: string): void {
    const question = query.trim();
    if (question === '') return;
    historyList.querySelector('[data-empty]')?.remove();
    historyList.append(h('button', { type: 'button', title: question, onClick: () => { input.value = question; input.focus(); } }, question));
    const answer = h('div', { class: 'msg msg-assistant', 'data-testid': 'chat-answer', 'data-status': 'streaming', 'data-chat-id': chatId }, context.labels().thinking);
    messages.append(h('div', { class: 'msg msg-user', 'data-testid': 'chat-question' }, question), answer);
    runAiQuery(context, {
      query: question,
      chatId,
      // The chat talks to the agent its address names, or the emulator's own.
      agentId: boot.params.agentId,
      onText: (text) => {
        answer.textContent = text;
        messages.scrollTop = messages.scrollHeight;
      },
      onDone: (status) => {
        answer.dataset.status = status;
        if (status === 'error') answer.textContent = context.labels().aiFailed;
      },
    });
  }

  const newChat = (): void => {
    chatId = newChatId();
    messages.replaceChildren(welcome());
    input.value = '';
  };

  const form = h(
    'form',
    {
      class: 'chat-form',
      onSubmit: (event) => {
        event.preventDefault();
        ask(input.value);
        input.value = '';
      },
    },
    input,
    h('button', { class: 'btn', type: 'submit', 'data-testid': 'chat-send', 'data-label': 'send' }, labels.send),
  );

  const panel = h(
    'section',
    { class: 'card chat-panel' },
    h(
      'div',
      { class: 'chat-head' },
      h('h1', { 'data-label': 'chatTitle' }, labels.chatTitle),
      renderViewerBadge(context),
      renderAsOf(context, Date.now()),
      entitled(boot, 'allowChatWorkspaceAuthoring') &&
        h('button', { class: 'btn btn-ghost', type: 'button', 'data-testid': 'chat-authoring', title: 'Save to the workspace (not in the emulator)' }, 'Save to workspace'),
      param('showNewChat') && h('button', { class: 'btn btn-ghost', type: 'button', 'data-testid': 'new-chat', 'data-label': 'newChat', onClick: newChat }, labels.newChat),
    ),
    messages,
    param('showChatInput') && form,
  );
  const history = param('showChatHistory')
    ? h('aside', { class: 'card chat-history', 'data-testid': 'chat-history' }, h('h2', { 'data-label': 'history' }, labels.history), historyList)
    : null;

  renderHistoryEmpty();
  messages.append(welcome());
  root.replaceChildren(
    h('main', { class: 'page', 'data-surface': 'chat' }, h('div', { class: 'chat', 'data-history': history !== null ? 'true' : 'false' }, history, panel)),
  );

  const router = createRouter({ context, win: window, accepts: (path) => path === boot.path, render: () => ({ title: context.labels().chatTitle }) });

  return {
    start() {
      router.start(boot.path);
    },
    update() {
      // Labels are re-translated by the page; answers already given stay as they were written.
    },
    refresh() {
      // The chat runs no queries of its own until asked.
    },
    navigate(path) {
      router.go(path);
    },
  };
}
