import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningEmulator, startEmulator } from '../../../src/emulator/index.js';
import { createManagementClient, SvcApiError } from '../../../src/server/index.js';
import { describeMissingApiPrefix } from '../../../src/server/describeMissingApiPrefix.js';

// A tenant host given as the management client's baseUrl, without /api: every call is a 404, and the
// message says which prefix the client expected.
let emu: RunningEmulator;
beforeAll(async () => {
  emu = await startEmulator({ port: 0, quiet: true });
});
afterAll(() => emu.close());

const failureOf = (promise: Promise<unknown>): Promise<unknown> => promise.then(() => expect.fail('the call succeeded'), (error: unknown) => error);

describe('a management client whose baseUrl lacks /api', () => {
  it('says on a 404 that the base URL has no /api prefix and where the API is expected', async () => {
    const client = createManagementClient({ baseUrl: emu.url, apiToken: emu.credentials.apiToken });
    const error = await failureOf(client.listDeployments());
    expect(error).toBeInstanceOf(SvcApiError);
    expect((error as SvcApiError).status).toBe(404);
    expect((error as Error).message).toContain(`(the base URL has no /api prefix: the API is expected at ${emu.url}/api)`);
    expect((error as Error).message).not.toContain(emu.credentials.apiToken);
    const scim = await failureOf(client.scim.listUsers());
    expect((scim as Error).message).toContain('no /api prefix');
  });

  it('adds nothing to a 404 about the resource itself when the base URL is right', async () => {
    const client = createManagementClient({ baseUrl: `${emu.url}/api/`, apiToken: emu.credentials.apiToken });
    const error = await failureOf(client.publishDashboard({ deploymentId: 42, workbookId: 999_999 }));
    expect((error as SvcApiError).status).toBe(404);
    expect((error as Error).message).not.toMatch(/prefix/);
  });
});

describe('describeMissingApiPrefix', () => {
  it.each([
    ['https://acme.example.com', 'https://acme.example.com/api'],
    ['https://acme.example.com/', 'https://acme.example.com/api'],
    ['https://example.com/tenants/acme', 'https://example.com/tenants/acme/api'],
  ])('names where %s should point', (base, expected) => {
    expect(describeMissingApiPrefix(base, '/api')).toBe(`the base URL has no /api prefix: the API is expected at ${expected}`);
  });

  it.each(['https://acme.example.com/api', 'https://acme.example.com/api/', 'https://example.com/tenants/acme/api'])('has nothing to say about %s', (base) => {
    expect(describeMissingApiPrefix(base, '/api')).toBeNull();
  });
});
