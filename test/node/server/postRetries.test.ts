import { afterEach, describe, expect, it } from 'vitest';
import { createManagementClient, SvcNetworkError, SvcTimeoutError } from '../../../src/server/index.js';
import { type LocalServer, startLocalServer } from './localServer.js';

const TOKEN = 'sk_live_retry_secret_5';
const servers: LocalServer[] = [];

afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

/**
 * A client of a local API that fails every request the way `fail` does, retrying quickly. Its attempts are
 * counted as the client sends them: an attempt that fails on a connection the server already dropped never
 * reaches the server's request handler, so the server's own count can come out short on a busy machine. The
 * time limit is generous unless the test is about it: on a busy machine a refused or dropped request can take
 * longer than a short limit, which would turn the failure under test into a timeout.
 */
async function failingApi(fail: Parameters<typeof startLocalServer>[0], timeoutMs = 5_000) {
  const api = await startLocalServer(fail);
  servers.push(api);
  const sent: string[] = [];
  const platform = createManagementClient({
    baseUrl: `${api.origin}/api`,
    apiToken: TOKEN,
    timeoutMs,
    retry: { retries: 2, sleep: async () => {} },
    fetch: (input, init) => {
      sent.push(init?.method ?? 'GET');
      return fetch(input, init);
    },
  });
  return { api: { ...api, sent }, platform };
}

const count = (api: LocalServer & { sent: string[] }, method: string) => api.sent.filter((sentMethod) => sentMethod === method).length;

describe('retries after a network error or a timeout', () => {
  it('retries GET but sends each POST once when the connection drops', async () => {
    const { api, platform } = await failingApi((request) => request.socket.destroy());
    await expect(platform.listDeployments()).rejects.toBeInstanceOf(SvcNetworkError);
    expect(count(api, 'GET')).toBe(3);
    await expect(platform.createEmbedSession({ deploymentId: 42, externalId: 'alice' })).rejects.toBeInstanceOf(SvcNetworkError);
    await expect(platform.publishDashboard({ deploymentId: 42, workbookId: 130 })).rejects.toBeInstanceOf(SvcNetworkError);
    expect(count(api, 'POST')).toBe(2);
  });

  it('retries GET but sends each POST once when the answer times out', async () => {
    const { api, platform } = await failingApi(() => {
      // never answers
    }, 150);
    await expect(platform.listDeployments()).rejects.toBeInstanceOf(SvcTimeoutError);
    expect(count(api, 'GET')).toBe(3);
    await expect(platform.createEmbedSession({ deploymentId: 42, externalId: 'alice' })).rejects.toBeInstanceOf(SvcTimeoutError);
    await expect(platform.publishDashboard({ deploymentId: 42, workbookId: 130 })).rejects.toBeInstanceOf(SvcTimeoutError);
    // Give a late duplicate the time to arrive.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(count(api, 'POST')).toBe(2);
  });

  it('sends each POST once on 429 and 503, even with Retry-After', async () => {
    const { api, platform } = await failingApi((_request, response) => {
      response.writeHead(503, { 'retry-after': '0' }).end();
    });
    await expect(platform.createEmbedSession({ deploymentId: 42, externalId: 'alice' })).rejects.toMatchObject({ status: 503 });
    expect(count(api, 'POST')).toBe(1);
  });
});
