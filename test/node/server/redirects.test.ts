import { afterEach, describe, expect, it } from 'vitest';
import { createAiClient, createManagementClient, SvcRedirectError } from '../../../src/server/index.js';
import { type LocalServer, startLocalServer } from './localServer.js';
import { dashboardRecord, scriptedFetch } from './scriptedFetch.js';

const TOKEN = 'sk_live_redirect_secret_42';
const servers: LocalServer[] = [];

afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

/** The configured API on 127.0.0.1, redirecting every request to `target(path)`; and a foreign server. */
async function redirectingApi(status: number, target: (foreign: LocalServer, path: string) => string) {
  // `localhost` and `127.0.0.1` are different origins: the foreign host in these tests.
  const foreign = await startLocalServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ sessionId: 'sess_chosen_by_the_attacker', items: [] }));
  });
  const api = await startLocalServer((request, response) => {
    response.writeHead(status, { location: target(foreign, request.url ?? '/') });
    response.end();
  });
  servers.push(foreign, api);
  const platform = createManagementClient({ baseUrl: `${api.origin}/api`, apiToken: TOKEN, retry: false });
  return { api, foreign, platform };
}

describe('redirects', () => {
  it('refuses a 307 of generate-session to another host: nothing is re-sent, no session id is trusted', async () => {
    const { api, foreign, platform } = await redirectingApi(307, (server, path) => `http://localhost:${server.port}${path}`);
    const error = await platform.createEmbedSession({ deploymentId: 42, externalId: 'alice', email: 'alice@example.com' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SvcRedirectError);
    expect(error).toMatchObject({ status: 307, location: `http://localhost:${foreign.port}`, method: 'POST' });
    expect((error as Error).message).toContain('(307)');
    expect((error as Error).message).toContain(`http://localhost:${foreign.port}`);
    expect(api.received).toHaveLength(1);
    expect(foreign.received).toHaveLength(0);
  });

  it('refuses 301, 302, 303 and 308 of a GET to another host, without a request there', async () => {
    for (const status of [301, 302, 303, 308]) {
      const { foreign, platform } = await redirectingApi(status, (server) => `http://localhost:${server.port}/steal`);
      await expect(platform.listDeployments()).rejects.toMatchObject({ name: 'SvcRedirectError', status });
      expect(foreign.received).toHaveLength(0);
    }
  });

  it('refuses a redirect within the same origin too (no redirect is ever followed)', async () => {
    const { api, platform } = await redirectingApi(302, (_server, path) => `${path}/elsewhere`);
    const error = await platform.listDeployments().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SvcRedirectError);
    expect((error as SvcRedirectError).location).toBe(api.origin);
    expect(api.received).toHaveLength(1);
  });

  it('refuses a redirect of the AI stream', async () => {
    const { api, foreign } = await redirectingApi(307, (server, path) => `http://localhost:${server.port}${path}`);
    const ai = createAiClient({ url: `${api.origin}/ai`, apiKey: 'ai_key_redirect_secret' });
    const run = async () => {
      for await (const _ of ai.streamChatState({ messages: [{ role: 'user', content: 'q' }] })) {
        // drain
      }
    };
    await expect(run()).rejects.toBeInstanceOf(SvcRedirectError);
    expect(foreign.received).toHaveLength(0);
  });

  it('names the plain-http target of a redirect from https', async () => {
    const { fetch, sent } = scriptedFetch({ status: 301, headers: { location: 'http://acme.example.com/api/v1/deployments' } });
    const platform = createManagementClient({ baseUrl: 'https://acme.example.com/api', apiToken: TOKEN, fetch });
    const error = await platform.listDeployments().catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'SvcRedirectError', status: 301, location: 'http://acme.example.com' });
    expect(String(error)).toContain('to http://acme.example.com');
    expect(sent).toHaveLength(1);
  });

  it('refuses the answer of a custom fetch that followed a redirect on its own', async () => {
    const followed = (async () => {
      const response = new Response(JSON.stringify(dashboardRecord()), { headers: { 'content-type': 'application/json' } });
      Object.defineProperty(response, 'url', { value: 'https://evil.example/api/v1/deployments/42/workbooks/130/publish' });
      return response;
    }) as typeof fetch;
    const platform = createManagementClient({ baseUrl: 'https://acme.example.com/api', apiToken: TOKEN, fetch: followed });
    await expect(platform.publishDashboard({ deploymentId: 42, workbookId: 130 })).rejects.toMatchObject({
      name: 'SvcRedirectError',
      location: 'https://evil.example',
    });
  });

  it('keeps the credential out of a redirect error', async () => {
    const { platform } = await redirectingApi(302, (server) => `http://localhost:${server.port}/?echo=${TOKEN}`);
    const error = await platform.listDeployments().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SvcRedirectError);
    expect(`${String(error)} ${JSON.stringify(error)} ${(error as Error).stack}`).not.toContain(TOKEN);
  });
});
