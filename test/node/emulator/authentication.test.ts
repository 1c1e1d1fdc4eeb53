import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmulatorCredentials } from '../../../src/emulator/EmulatorCredentials.js';
import { type RunningEmulator, startEmulator } from '../../../src/emulator/index.js';
import { callEmulator } from './support/callEmulator.js';

let emu: RunningEmulator;

beforeAll(async () => {
  emu = await startEmulator({ port: 0, quiet: true });
});
afterAll(() => emu.close());

const call = (method: string, path: string, options?: Parameters<typeof callEmulator>[3]) => callEmulator(emu.url, method, path, options);

type Credential = 'apiToken' | 'scopedApiToken' | 'expiredApiToken' | 'scimToken' | 'aiApiKey' | 'dataToken' | 'unknown' | 'none';

/** One request per API family, each in that family's header form. */
const requests: Record<string, { method: string; path: string; scheme: string; body?: unknown }> = {
  'management GET /v1/deployments (Bearer)': { method: 'GET', path: '/api/v1/deployments', scheme: 'Bearer ' },
  'management publish in deployment 43 (Bearer)': { method: 'POST', path: '/api/v1/deployments/43/workbooks/140/publish', scheme: 'Bearer ' },
  'SCIM Users (Bearer)': { method: 'GET', path: '/api/scim/v2/Users', scheme: 'Bearer ' },
  'SCIM Users (Api-Key)': { method: 'GET', path: '/api/scim/v2/Users', scheme: 'Api-Key ' },
  'data API meta (bare)': { method: 'GET', path: '/data/v1/meta', scheme: '' },
  'AI API chat (Api-Key)': { method: 'POST', path: '/ai/chat/stream-chat-state', scheme: 'Api-Key ', body: { messages: [{ role: 'user', content: 'hi' }] } },
};

/**
 * The decisions of spec.md's authentication table and rules: an unscoped account key (API key, SCIM token,
 * AI key) reaches everything in each family's header form; a key scoped to deployment 42 gets 403 on
 * deployment 43 and on account-level SCIM; the data API takes only its JWT; anything expired, unknown or
 * missing is 401.
 */
const decisions: Record<Credential, number[]> = {
  apiToken: [200, 200, 200, 200, 401, 200],
  scopedApiToken: [200, 403, 403, 403, 401, 200],
  expiredApiToken: [401, 401, 401, 401, 401, 401],
  scimToken: [200, 200, 200, 200, 401, 200],
  aiApiKey: [200, 200, 200, 200, 401, 200],
  dataToken: [401, 401, 401, 401, 200, 401],
  unknown: [401, 401, 401, 401, 401, 401],
  none: [401, 401, 401, 401, 401, 401],
};

const secretOf = (c: EmulatorCredentials, credential: Credential): string | undefined =>
  credential === 'none' ? undefined : credential === 'unknown' ? 'svc_dev_not_a_key' : c[credential];

describe('authentication per credential and API family', () => {
  it.each(Object.entries(decisions))('%s gets the statuses of the rules', async (credential, statuses) => {
    const secret = secretOf(emu.credentials, credential as Credential);
    const got: number[] = [];
    for (const request of Object.values(requests)) {
      const auth = secret === undefined ? undefined : `${request.scheme}${secret}`;
      got.push((await call(request.method, request.path, { auth, body: request.body })).status);
    }
    expect(Object.fromEntries(Object.keys(requests).map((name, i) => [name, got[i]]))).toEqual(
      Object.fromEntries(Object.keys(requests).map((name, i) => [name, statuses[i]])),
    );
  });

  it('reads scheme names case-insensitively, and still refuses a scheme the family does not take', async () => {
    const c = emu.credentials;
    for (const scheme of ['bearer', 'BEARER', 'BeArEr']) expect((await call('GET', '/api/v1/deployments', { auth: `${scheme} ${c.apiToken}` })).status).toBe(200);
    // HTTP allows one or more spaces between the scheme and the credential.
    expect((await call('GET', '/api/v1/deployments', { auth: `Bearer   ${c.apiToken}` })).status).toBe(200);
    expect((await call('GET', '/api/scim/v2/Users', { auth: `Api-Key  ${c.scimToken}` })).status).toBe(200);
    for (const scheme of ['api-key', 'API-KEY', 'bearer']) expect((await call('GET', '/api/scim/v2/Users', { auth: `${scheme} ${c.scimToken}` })).status).toBe(200);
    expect((await call('POST', '/ai/chat/stream-chat-state', { auth: `api-key ${c.aiApiKey}`, body: { messages: [{ role: 'user', content: 'x' }] } })).status).toBe(200);
    expect((await call('GET', '/api/v1/deployments', { auth: `Api-Key ${c.apiToken}` })).json.error.message).toMatch(/malformed/);
    expect((await call('POST', '/ai/chat/stream-chat-state', { auth: `bearer ${c.aiApiKey}`, body: { messages: [] } })).status).toBe(401);
  });

  it('shows a scoped key only its own deployments', async () => {
    const listed = await call('GET', '/api/v1/deployments', { auth: `Bearer ${emu.credentials.scopedApiToken}` });
    expect(listed.json.items.map((d: { id: number }) => d.id)).toEqual([emu.credentials.scopedDeploymentId]);
  });
});

describe('authentication comes before any path or body validation', () => {
  it('answers 401 without a credential whatever the path or body, known or not', async () => {
    for (const [method, path, body] of [
      ['POST', '/api/v1/deployments/abc/workbooks/0x2a/publish', { workbookId: 'nope' }],
      ['POST', '/api/v1/embed/generate-session', { nonsense: true }],
      ['GET', '/api/v1/no-such-root'],
      ['GET', '/api/v1/users'],
      ['GET', '/api/scim/v2/Groups'],
      ['GET', '/api/elsewhere'],
      ['GET', '/data/v1/nope'],
      ['POST', '/data/v1/cubesql', { query: 42 }],
      ['POST', '/ai/anything', { messages: 'x' }],
    ] as const) {
      const r = await call(method, path, body === undefined ? {} : { body });
      expect(r.status, `${method} ${path}`).toBe(401);
      expect(r.json.error.message, `${method} ${path}`).toMatch(/missing credentials/);
    }
  });

  it('answers an authenticated request for an unknown root with 404', async () => {
    const auth = `Bearer ${emu.credentials.apiToken}`;
    expect((await call('GET', '/api/v1/no-such-root', { auth })).status).toBe(404);
    expect((await call('GET', '/api/scim/v2/Groups', { auth })).status).toBe(404);
  });

  it('answers a key scoped elsewhere with 403 before looking at the path id or the body', async () => {
    const auth = `Bearer ${emu.credentials.scopedApiToken}`;
    const badBody = await call('POST', '/api/v1/embed/generate-session', { auth, body: { deploymentId: emu.credentials.otherDeploymentId, externalId: 'a', internalId: 'b', email: 'bad' } });
    expect(badBody.status).toBe(403);
    expect((await call('POST', `/api/v1/deployments/${emu.credentials.otherDeploymentId}/workbooks/140/publish`, { auth, raw: '{not json' })).status).toBe(403);
    expect((await call('POST', '/api/v1/deployments/0x2a/workbooks/130/publish', { auth })).status).toBe(403);
    expect((await call('POST', '/api/v1/deployments/%zz/workbooks/130/publish', { auth })).status).toBe(403);
    // Account-level resources need an unscoped key.
    expect((await call('GET', '/api/v1/users', { auth })).status).toBe(403);
    // With an unscoped key the same bad requests are the 400s they are.
    const full = `Bearer ${emu.credentials.apiToken}`;
    expect((await call('POST', '/api/v1/deployments/0x2a/workbooks/130/publish', { auth: full })).status).toBe(400);
    expect((await call('POST', '/api/v1/deployments/%zz/workbooks/130/publish', { auth: full })).status).toBe(400);
    expect((await call('POST', '/api/v1/embed/generate-session', { auth: full, body: { deploymentId: 43, externalId: 'a', internalId: 'b' } })).status).toBe(400);
  });
});

describe('Host header', () => {
  it('answers only the loopback names, so a DNS-rebinding page reads nothing', async () => {
    const port = new URL(emu.url).port;
    for (const host of [`localhost:${port}`, `127.0.0.1:${port}`, `[::1]:${port}`, `LOCALHOST:${port}`]) {
      expect((await call('GET', '/_emulator/requests', { headers: { host } })).status, host).toBe(200);
    }
    for (const path of ['/_emulator/requests', '/embed/dashboard/sales-overview', '/api/v1/deployments']) {
      const r = await call('GET', path, { headers: { host: `attacker.example:${port}` }, auth: `Bearer ${emu.credentials.apiToken}` });
      expect(r.status, path).toBe(403);
      expect(r.json.error.message).toMatch(/only answers requests addressed to localhost/);
    }
  });
});

describe('control routes', () => {
  it('expires embed tokens on request and says how many, refusing other origins', async () => {
    const foreign = await call('POST', '/_emulator/expire-embed-tokens', { headers: { origin: 'http://attacker.example' } });
    expect(foreign.status).toBe(403);
    const answer = await call('POST', '/_emulator/expire-embed-tokens');
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({ expired: expect.any(Number) });
  });
});

describe('what a refusal tells the caller', () => {
  const chat = { messages: [{ role: 'user', content: 'hi' }] };

  it('names the header form of the family when the credential is missing or empty', async () => {
    for (const auth of [undefined, '']) {
      const message = async (method: string, path: string, body?: unknown) => (await call(method, path, { auth, body })).json.error.message;
      expect(await message('GET', '/api/v1/deployments')).toBe('missing credentials: send Authorization: Bearer <API_TOKEN>');
      expect(await message('GET', '/api/scim/v2/Users')).toBe('missing credentials: send Authorization: Bearer <SCIM_TOKEN> (or Api-Key <SCIM_TOKEN>)');
      expect(await message('POST', '/ai/chat/stream-chat-state', chat)).toBe('missing credentials: send Authorization: Api-Key <API_KEY>');
      expect(await message('GET', '/data/v1/meta')).toBe('missing credentials: send Authorization: <JWT> (no prefix)');
    }
  });

  it('refuses a header with anything after the credential as malformed', async () => {
    const c = emu.credentials;
    for (const [method, path, auth, body] of [
      ['GET', '/api/v1/deployments', `Bearer ${c.apiToken} extra`],
      ['GET', '/api/scim/v2/Users', `Api-Key ${c.scimToken} ${c.scimToken}`],
      ['POST', '/ai/chat/stream-chat-state', `Api-Key ${c.aiApiKey} x`, chat],
    ] as const) {
      const r = await call(method, path, { auth, body });
      expect(r.status, path).toBe(401);
      expect(r.json.error.message, path).toMatch(/^malformed credentials: send Authorization: /);
    }
    const data = await call('GET', '/data/v1/meta', { auth: `${c.dataToken} extra` });
    expect(data.status).toBe(401);
    expect(data.json.error.message).toBe('malformed credentials: send the JWT with no prefix (Authorization: <JWT> (no prefix))');
  });

  it('says why a well-formed key is refused: unknown or expired', async () => {
    expect((await call('GET', '/api/v1/deployments', { auth: 'Bearer svc_dev_not_a_key' })).json.error.message).toBe('invalid credentials');
    expect((await call('GET', '/api/v1/deployments', { auth: `Bearer ${emu.credentials.expiredApiToken}` })).json.error.message).toBe('the credential has expired');
  });

  it('names the deployments a scoped key reaches, and what it may not touch', async () => {
    const auth = `Bearer ${emu.credentials.scopedApiToken}`;
    const other = await call('POST', '/api/v1/deployments/43/workbooks/140/publish', { auth });
    expect(other.json.error).toEqual({ status: 403, message: 'this credential is scoped to deployment 42 and may not act on deployment 43' });
    const unreadable = await call('POST', '/api/v1/deployments/0x2a/workbooks/130/publish', { auth });
    expect(unreadable.json.error).toEqual({ status: 403, message: 'this credential is scoped to deployment 42 and may not act on this target' });
    const account = await call('GET', '/api/scim/v2/Users', { auth });
    expect(account.json.error).toEqual({ status: 403, message: 'a credential scoped to deployments cannot reach account-level resources' });
  });
});
