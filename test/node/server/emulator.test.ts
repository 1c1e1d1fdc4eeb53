import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningEmulator, startEmulator } from '../../../src/emulator/index.js';
import { buildEmbedUrl } from '../../../src/protocol/index.js';
import {
  createAiClient,
  createDataClient,
  createManagementClient,
  SvcForbiddenError,
  SvcUnauthorizedError,
} from '../../../src/server/index.js';

let emu: RunningEmulator;
beforeAll(async () => {
  emu = await startEmulator({ port: 0 });
});
afterAll(() => emu.close());

const management = (apiToken: string, extra: Partial<Parameters<typeof createManagementClient>[0]> = {}) =>
  createManagementClient({ baseUrl: `${emu.url}/api`, apiToken, retry: false, ...extra });

describe('the server client against the emulator over HTTP', () => {
  it('publishes a workbook, mints a session and embeds the dashboard end to end', async () => {
    const platform = management(emu.credentials.apiToken);
    const { deploymentId, workbookId } = emu.credentials.seed;
    const dashboard = await platform.publishDashboard({ deploymentId, workbookId, title: 'Regional performance' });
    expect(dashboard).toMatchObject({ status: 'published', workbookId, deploymentId, title: 'Regional performance' });
    const { sessionId } = await platform.createEmbedSession({ deploymentId, externalId: 'Viewer-1', embedTenantName: 'acme' });
    const address = buildEmbedUrl({ surface: 'dashboard', tenantOrigin: emu.url, publicId: dashboard.publicId, session: sessionId });
    const html = await (await fetch(address)).text();
    const boot = JSON.parse(/id="svc-emulator-boot">(.*?)<\/script>/s.exec(html)?.[1] ?? 'null');
    expect(boot).toMatchObject({ mode: 'signed', embedTenant: 'acme', publicId: dashboard.publicId, viewer: { name: 'viewer-1' } });
    expect(boot.error).toBeUndefined();
  });

  it('lists deployments', async () => {
    await expect(management(emu.credentials.apiToken).listDeployments({ first: 1 })).resolves.toEqual([expect.objectContaining({ id: 42 })]);
  });

  it('maps every auth rule to its error class', async () => {
    const c = emu.credentials;
    expect(() => management('')).toThrow(/apiToken is required/);
    await expect(management('not-a-real-token').listDeployments()).rejects.toBeInstanceOf(SvcUnauthorizedError);
    await expect(management(c.expiredApiToken).listDeployments()).rejects.toThrow(/expired/);
    await expect(management(c.scopedApiToken).publishDashboard({ deploymentId: c.otherDeploymentId, workbookId: 140 })).rejects.toBeInstanceOf(SvcForbiddenError);
    await expect(management(c.scopedApiToken).publishDashboard({ deploymentId: c.scopedDeploymentId, workbookId: 132 })).resolves.toMatchObject({ status: 'published' });
    const malformed = createManagementClient({ baseUrl: `${emu.url}/api`, apiToken: 'x', scimToken: 'has space', retry: false });
    await expect(malformed.scim.listUsers()).rejects.toBeInstanceOf(SvcUnauthorizedError);
  });

  it('pages SCIM users with both header forms', async () => {
    for (const scimAuthScheme of ['Bearer', 'Api-Key'] as const) {
      const platform = management(emu.credentials.apiToken, { scimToken: emu.credentials.scimToken, scimAuthScheme });
      const page = await platform.scim.listUsers({ startIndex: 1, count: 10 });
      expect(page).toMatchObject({ totalResults: 25, itemsPerPage: 10 });
      const all: string[] = [];
      for await (const user of platform.scim.users({ pageSize: 7 })) all.push(user.id);
      expect(all).toHaveLength(25);
      expect(new Set(all).size).toBe(25);
    }
  });

  it('queries the data API with the bare JWT', async () => {
    const data = createDataClient({ url: `${emu.url}/data`, token: emu.credentials.dataToken });
    const meta = await data.meta();
    expect(meta.cubes[0]?.name).toBe('orders');
    const result = await data.load({ measures: ['orders.revenue'], dimensions: ['orders.status'] });
    expect(result.data.length).toBeGreaterThan(2);
    const sql = await data.sql('SELECT COUNT(*) FROM orders');
    expect(sql.data).toEqual([{ 'orders.count': 200 }]);
    await expect(createDataClient({ url: `${emu.url}/data`, token: 'a.b.c' }).meta()).rejects.toBeInstanceOf(SvcUnauthorizedError);
  });

  it('streams an AI answer and cancels it', async () => {
    const ai = createAiClient({ url: `${emu.url}/ai`, apiKey: emu.credentials.aiApiKey });
    const chunks = [];
    for await (const chunk of ai.streamChatState({ messages: [{ role: 'user', content: 'Top region?' }] })) chunks.push(chunk);
    expect(chunks.at(-1)?.type).toBe('done');
    expect(chunks.length).toBeGreaterThan(3);

    const controller = new AbortController();
    let seen = 0;
    const run = (async () => {
      for await (const _chunk of ai.streamChatState({ messages: [{ role: 'user', content: 'Top region?' }] }, { signal: controller.signal })) {
        seen++;
        controller.abort(new Error('closed'));
      }
    })();
    await expect(run).rejects.toThrow('closed');
    expect(seen).toBe(1);
    await expect(createAiClient({ url: `${emu.url}/ai`, apiKey: 'wrong-key' }).streamChatState({ messages: [{ role: 'user', content: 'q' }] })[Symbol.asyncIterator]().next()).rejects.toBeInstanceOf(SvcUnauthorizedError);
  });
});
