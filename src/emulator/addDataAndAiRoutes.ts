import type { Hono } from 'hono';
import { stream } from 'hono/streaming';
import type * as z from 'zod/mini';
import { chatRequestSchema, loadRequestSchema, sqlRequestSchema } from '../api/dataAndAi.js';
import type { EmulatorEnv } from './EmulatorEnv.js';
import type { EmulatorState } from './EmulatorState.js';
import { answerQuestion, datasetMeta, loadQuery, sqlQuery } from './queryDataset.js';
import { readJsonBody } from './readJsonBody.js';
import { validateBody } from './validateBody.js';

/** The data API under `/data/v1` and the AI agent's streamed chat under `/ai`; requests arrive authenticated. */
export function addDataAndAiRoutes(app: Hono<EmulatorEnv>, state: EmulatorState): void {
  app.post('/data/v1/load', async (c) => {
    const body = validateBody(loadRequestSchema, await readJsonBody(c)) as z.infer<typeof loadRequestSchema>;
    return c.json(loadQuery(state.seed.dataset, body.query));
  });
  app.post('/data/v1/cubesql', async (c) => {
    const body = validateBody(sqlRequestSchema, await readJsonBody(c)) as z.infer<typeof sqlRequestSchema>;
    return c.json(sqlQuery(state.seed.dataset, body.query));
  });
  app.get('/data/v1/meta', (c) => c.json(datasetMeta(state.seed.dataset)));

  app.post('/ai/chat/stream-chat-state', async (c) => {
    const body = validateBody(chatRequestSchema, await readJsonBody(c)) as z.infer<typeof chatRequestSchema>;
    const question = [...body.messages].reverse().find((m) => m.role === 'user')?.content ?? '';
    const chatId = body.chatId ?? `chat_${Date.now().toString(36)}`;
    c.header('content-type', 'application/x-ndjson; charset=utf-8');
    return stream(c, async (out) => {
      if (/\berror\b/i.test(question)) {
        await out.write(`${JSON.stringify({ chatId, type: 'error', content: 'The agent could not answer that question.' })}\n`);
        return;
      }
      for (const piece of answerQuestion(state.seed.dataset, question)) {
        await out.write(`${JSON.stringify({ chatId, type: 'delta', content: piece })}\n`);
        await out.sleep(15);
      }
      await out.write(`${JSON.stringify({ chatId, type: 'done' })}\n`);
    });
  });
}
