import { mkdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseEventMessage } from '../../../src/protocol/index.js';
import { mintSession, readBoot } from './support/emulatorClient.js';
import { openEmbed } from './support/embedPage.js';
import { startEmbedRig } from './support/embedRig.js';
import { sumsBy, total } from './support/expected.js';

const rig = startEmbedRig();

/** Opens the standalone chat, signed in with a fresh session (named `sessionId` on this surface). */
async function openChat(params: Record<string, string> = {}) {
  const query = new URLSearchParams({ ...params, sessionId: await mintSession(rig.emulator) });
  const embed = await openEmbed(rig.browser, rig.hostServer.origin, `${rig.emulator.url}/embed/chat?${query}`);
  await embed.waitForEvent('svc:event:view');
  return embed;
}

describe('emulator chat page in Chromium', () => {
  it('sends ready then view', async () => {
    const embed = await openChat();
    const events = await embed.events();
    expect(events.map((event) => event.type)).toEqual(['svc:event:ready', 'svc:event:view']);
    for (const event of events) expect(parseEventMessage(event).ok).toBe(true);
    // The chat belongs to no deployment's path: it reports its session's.
    expect(events[0]?.payload).toEqual({ embedTenant: 'acme', deploymentId: rig.emulator.credentials.seed.deploymentId, mode: 'signed', surface: 'chat' });
    expect(events[1]?.payload).toMatchObject({ surface: 'chat', path: '/embed/chat' });
    // The spent session stays where the host put it; no token ever joins it.
    expect(new URL(embed.frame.url()).searchParams.has('embedToken')).toBe(false);
    await embed.page.close();
  });

  it('streams an answer built from the data set, between ai-query submitted and completed', async () => {
    const embed = await openChat();
    const { frame } = embed;
    // Record every text the answer shows, to see it grow rather than appear at once.
    const atSubmit = await frame.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { answerTexts: string[] }).answerTexts = seen;
      new MutationObserver(() => {
        const answer = document.querySelector('[data-testid="chat-answer"]');
        if (answer?.textContent) seen.push(answer.textContent);
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
      const input = document.querySelector<HTMLInputElement>('[data-testid="chat-input"]');
      if (!input) throw new Error('no chat input');
      input.value = 'What is revenue by region?';
      input.form?.requestSubmit();
      return document.querySelector('[data-testid="chat-answer"]')?.getAttribute('data-status');
    });
    expect(atSubmit).toBe('streaming');
    const completed = await embed.waitForEvent('svc:event:ai-query', 2);
    const [submitted] = await embed.eventsOf('svc:event:ai-query');
    expect(submitted?.payload).toMatchObject({ query: 'What is revenue by region?', status: 'submitted' });
    expect(completed.payload).toEqual({ query: 'What is revenue by region?', status: 'completed', chatId: submitted?.payload.chatId, agentId: 'svc-emulator-agent' });

    await frame.waitForSelector('[data-testid="chat-answer"][data-status="completed"]');
    const rows = (await readBoot(frame)).dataset.rows;
    const answer = (await frame.textContent('[data-testid="chat-answer"]')) ?? '';
    const format = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });
    for (const [region, sum] of Object.entries(sumsBy(rows, (row) => String(row.region), 'revenue'))) {
      expect(answer).toContain(`${region}: ${format.format(sum)}`);
    }
    expect(answer).toContain(`Total: ${format.format(total(rows, 'revenue'))}`);
    const texts = await frame.evaluate(() => (window as unknown as { answerTexts: string[] }).answerTexts);
    const partial = new Set(texts.filter((text) => text !== answer && answer.startsWith(text)));
    expect(partial.size).toBeGreaterThan(1);

    mkdirSync('test-results', { recursive: true });
    await embed.page.screenshot({ path: 'test-results/emulator-chat.png' });
    await embed.page.close();
  });

  it('reports an error status for a question that asks for one, and keeps the conversation id per chat', async () => {
    const embed = await openChat();
    const { frame } = embed;
    await frame.fill('[data-testid="chat-input"]', 'please raise an error');
    await frame.press('[data-testid="chat-input"]', 'Enter');
    const failed = await embed.waitForEvent('svc:event:ai-query', 2);
    expect(failed.payload).toMatchObject({ query: 'please raise an error', status: 'error' });
    await frame.waitForSelector('[data-testid="chat-answer"][data-status="error"]');

    await frame.fill('[data-testid="chat-input"]', 'count by status');
    await frame.press('[data-testid="chat-input"]', 'Enter');
    const sameChat = await embed.waitForEvent('svc:event:ai-query', 4);
    expect(sameChat.payload.chatId).toBe(failed.payload.chatId);

    await frame.click('[data-testid="new-chat"]');
    await frame.click('[data-testid="chat-suggestion"] >> nth=0');
    const newChat = await embed.waitForEvent('svc:event:ai-query', 6);
    expect(newChat.payload.status).toBe('completed');
    expect(newChat.payload.chatId).not.toBe(failed.payload.chatId);
    expect(await frame.locator('[data-testid="chat-history"] button').count()).toBe(3);
    await embed.page.close();
  });

  it('hides the input, history and new-chat button when the address says so', async () => {
    const embed = await openChat({ showChatInput: 'false', showChatHistory: 'false', showNewChat: 'false' });
    const { frame } = embed;
    expect(await frame.locator('[data-testid="chat-input"]').count()).toBe(0);
    expect(await frame.locator('[data-testid="chat-history"]').count()).toBe(0);
    expect(await frame.locator('[data-testid="new-chat"]').count()).toBe(0);
    // The suggestions still let the viewer ask.
    await frame.click('[data-testid="chat-suggestion"] >> nth=0');
    expect((await embed.waitForEvent('svc:event:ai-query', 2)).payload.status).toBe('completed');
    await embed.page.close();
  });

  it('applies the chat colours of a theme and the colour scheme', async () => {
    const embed = await openChat();
    const { frame } = embed;
    await embed.send('svc:action:set-theme', {
      analyticsChat: { backgroundColor: '#fff7ed', chatInput: { backgroundColor: '#fef3c7', borderColor: '#f59e0b' } },
      chat: { inputColor: '#7c2d12' },
    });
    await frame.waitForFunction(() => getComputedStyle(document.querySelector('.chat-panel') as Element).backgroundColor === 'rgb(255, 247, 237)');
    const input = await frame.$eval('[data-testid="chat-input"]', (element) => {
      const style = getComputedStyle(element);
      return [style.backgroundColor, style.borderTopColor, style.color];
    });
    expect(input).toEqual(['rgb(254, 243, 199)', 'rgb(245, 158, 11)', 'rgb(124, 45, 18)']);
    await embed.send('svc:action:set-color-scheme', { scheme: 'dark' });
    await frame.waitForSelector('html[data-color-scheme="dark"]');
    expect(await frame.$eval('[data-testid="chat-history"]', (element) => getComputedStyle(element).backgroundColor)).toBe('rgb(23, 30, 44)');
    await embed.send('svc:action:set-locale', { locale: 'es-MX' });
    await frame.waitForSelector('html[lang="es-MX"]');
    expect(await frame.textContent('[data-testid="new-chat"]')).toBe('Nuevo chat');
    expect(await frame.getAttribute('[data-testid="chat-input"]', 'placeholder')).toBe('Haz una pregunta…');
    await embed.page.close();
  });
});
