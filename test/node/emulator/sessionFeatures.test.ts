import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningEmulator, startEmulator } from '../../../src/emulator/index.js';
import { bootOf, callEmulator } from './support/callEmulator.js';

// The platform's newer generate-session fields, its token exchange and its logout, as the emulator serves
// them (spec-decisions.md, "The platform's newer embedding features").
let emu: RunningEmulator;
let now = Date.UTC(2026, 9, 1);

beforeAll(async () => {
  emu = await startEmulator({ port: 0, quiet: true, now: () => now });
});
afterAll(() => emu.close());

const call = (method: string, path: string, options?: Parameters<typeof callEmulator>[3]) => callEmulator(emu.url, method, path, options);
const api = (method: string, path: string, body?: unknown) => call(method, `/api${path}`, { auth: `Bearer ${emu.credentials.apiToken}`, body });
const generate = (body: Record<string, unknown>) => api('POST', '/v1/embed/generate-session', { deploymentId: 42, externalId: 'dana', ...body });
const exchange = (sessionId: unknown, headers: Record<string, string> = {}) =>
  call('POST', '/api/v1/embed/session/token', { body: { sessionId }, headers });
const tokenStatus = (token: string) => call('GET', '/embed/token-status', { headers: { 'x-embed-token': token } });

async function mint(body: Record<string, unknown> = {}): Promise<string> {
  const answer = await generate(body);
  expect(answer.status, answer.text).toBe(200);
  return answer.json.sessionId as string;
}

describe('generate-session with the newer fields', () => {
  it('accepts settings, a branch and a profile, and the token exchanged from the session carries them', async () => {
    const sessionId = await mint({
      settings: { allowAi: false, showMemberNames: true, locale: 'de-DE', timezone: 'Europe/Berlin' },
      branchName: 'staging',
      userProfile: { displayName: 'Dana Scully', picture: 'https://cdn.example.com/dana.png' },
    });
    const answer = await exchange(sessionId);
    expect(answer.status).toBe(200);
    expect(Object.keys(answer.json).sort()).toEqual(['embedToken', 'expiresAt', 'expiringAt', 'now']);
    expect(answer.json.now).toBe(now);
    expect(answer.json.expiresAt).toBe(now + 23 * 3600_000);
    expect((await tokenStatus(answer.json.embedToken as string)).json.valid).toBe(true);
  });

  it('refuses each bad field with a 400 naming it, as the client would before sending', async () => {
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ settings: { showDashboardHeader: false } }, /settings\.showDashboardHeader: .*address option showDashboardHeader=false/],
      [{ settings: { allowAI: true } }, /settings\.allowAI: unknown session setting/],
      [{ settings: { allowAi: 'yes' } }, /settings\.allowAi: expected boolean/],
      [{ settings: { timezone: '+05:30' } }, /settings\.timezone: expected an IANA time zone name/],
      [{ settings: { timezone: 'Mars/Olympus_Mons' } }, /settings\.timezone/],
      [{ userProfile: { picture: 'javascript:alert(1)' } }, /userProfile\.picture: expected an absolute http\(s\) URL/],
      [{ userProfile: { picture: '/avatars/dana.png' } }, /userProfile\.picture/],
      [{ externalId: undefined, internalId: 7, userProfile: { displayName: 'Dana' } }, /userProfile: userProfile is for external viewers only/],
      [{ groupDefinitions: [{ name: 'analysts' }] }, /groupDefinitions: .*creatorMode: true/],
      [{ creatorMode: true, userAttributeDefinitions: [{ name: 'region', type: 'string' }] }, /userAttributeDefinitions: .*embedTenantName/],
      [
        { creatorMode: true, embedTenantName: 'acme', groupDefinitions: [{ name: 'a' }, { name: 'a' }] },
        /groupDefinitions\.1\.name: duplicate group name "a"/,
      ],
      [{ creatorMode: true, embedTenantName: 'acme', userAttributeDefinitions: [{ name: 'r', type: 'date' }] }, /userAttributeDefinitions\.0\.type/],
      [{ userAttributes: [{ name: 'r', value: { nested: true } }] }, /userAttributes\.0\.value/],
      [{ userAttributes: [{ name: 'r', value: ['a', 1] }] }, /userAttributes\.0\.value/],
      [
        {
          creatorMode: true,
          embedTenantName: 'acme',
          userAttributeDefinitions: [{ name: 'quota', type: 'number' }],
          userAttributes: [{ name: 'quota', value: 'ten' }],
        },
        /userAttributes\.0\.value: "quota" is defined as number in this call/,
      ],
    ];
    for (const [body, message] of cases) {
      const answer = await generate(body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.json.error.message, JSON.stringify(body)).toMatch(message);
    }
  });

  it('accepts every attribute value form, null included', async () => {
    for (const value of ['EU', 3, ['EU', 'US'], [1, 2], [], null]) {
      expect((await generate({ userAttributes: [{ name: 'region', value }] })).status).toBe(200);
    }
  });

  it('decides the branch when the session is minted: main by default, 404 unknown, 400 not served', async () => {
    expect((await generate({ branchName: 'main' })).status).toBe(200);
    const unknown = await generate({ branchName: 'feature-x' });
    expect(unknown.status).toBe(404);
    expect(unknown.json.error.message).toMatch(/no branch "feature-x"/);
    const archived = await generate({ branchName: 'archived' });
    expect(archived.status).toBe(400);
    expect(archived.json.error.message).toMatch(/branch "archived" .* is not served/);
  });
});

describe('the creator-mode bootstrap and the embed-tenant admin', () => {
  const tenant = 'bootstrap-co';
  const bootstrap = (extra: Record<string, unknown>) => generate({ creatorMode: true, embedTenantName: tenant, ...extra });

  it('keeps definitions per tenant, updates them by name, and refuses a type change with nothing applied', async () => {
    expect(
      (
        await bootstrap({
          groupDefinitions: [{ name: 'analysts', description: 'Read and explore' }, { name: 'editors' }],
          userAttributeDefinitions: [
            { name: 'region', type: 'string', displayName: 'Region', defaultValue: 'EU' },
            { name: 'quota', type: 'number' },
          ],
        })
      ).status,
    ).toBe(200);
    const groups = await api('GET', `/v1/embed-tenants/${tenant}/groups`);
    expect(groups.json.items.map((g: { name: string }) => g.name)).toEqual(['analysts', 'editors']);
    const before = (await api('GET', `/v1/embed-tenants/${tenant}/user-attributes`)).json.items;
    expect(before).toEqual([
      expect.objectContaining({ name: 'region', type: 'string', displayName: 'Region', defaultValue: 'EU' }),
      expect.objectContaining({ name: 'quota', type: 'number' }),
    ]);
    const changed = await bootstrap({
      groupDefinitions: [{ name: 'viewers' }],
      userAttributeDefinitions: [{ name: 'quota', type: 'string' }],
    });
    expect(changed.status).toBe(400);
    expect(changed.json.error.message).toMatch(/"quota" is defined as number .* cannot change type/);
    // Nothing of the refused call was applied: no new group.
    expect((await api('GET', `/v1/embed-tenants/${tenant}/groups`)).json.items).toHaveLength(2);
    // Defined earlier, the attribute's type holds for later sessions' values too.
    const wrongValue = await generate({ embedTenantName: tenant, userAttributes: [{ name: 'quota', value: 'lots' }] });
    expect(wrongValue.status).toBe(400);
    expect(wrongValue.json.error.message).toMatch(/"quota" is defined as number in embed tenant/);
    // The same definition again keeps its id.
    expect((await bootstrap({ userAttributeDefinitions: [{ name: 'quota', type: 'number', description: 'Rows a day' }] })).status).toBe(200);
    const after = (await api('GET', `/v1/embed-tenants/${tenant}/user-attributes`)).json.items;
    expect(after[1]).toMatchObject({ id: before[1].id, description: 'Rows a day' });
    // Another tenant sees none of it.
    expect((await api('GET', '/v1/embed-tenants/other-co/groups')).json).toEqual({ items: [], nextCursor: null });
  });

  it('pages with first and after, and deletes (404 the second time)', async () => {
    const name = 'paging-co';
    const groupDefinitions = Array.from({ length: 5 }, (_, i) => ({ name: `group-${i}` }));
    expect((await generate({ creatorMode: true, embedTenantName: name, groupDefinitions })).status).toBe(200);
    const seen: string[] = [];
    let after: string | null = null;
    let pages = 0;
    do {
      const query: string = `?first=2${after === null ? '' : `&after=${encodeURIComponent(after)}`}`;
      const page = await api('GET', `/v1/embed-tenants/${name}/groups${query}`);
      expect(page.status).toBe(200);
      seen.push(...page.json.items.map((g: { name: string }) => g.name));
      after = page.json.nextCursor;
      pages += 1;
    } while (after !== null);
    expect(pages).toBe(3);
    expect(seen).toEqual(groupDefinitions.map((g) => g.name));
    expect((await api('GET', `/v1/embed-tenants/${name}/groups?first=0`)).status).toBe(400);
    expect((await api('GET', `/v1/embed-tenants/${name}/groups?first=101`)).status).toBe(400);
    expect((await api('GET', `/v1/embed-tenants/${name}/groups?after=nope`)).status).toBe(400);
    const first = (await api('GET', `/v1/embed-tenants/${name}/groups?first=1`)).json.items[0];
    expect((await api('DELETE', `/v1/embed-tenants/${name}/groups/${first.id}`)).status).toBe(204);
    expect((await api('DELETE', `/v1/embed-tenants/${name}/groups/${first.id}`)).status).toBe(404);
    expect((await api('GET', `/v1/embed-tenants/${name}/groups`)).json.items).toHaveLength(4);
    // Paging carries on past an item deleted between two pages.
    const firstPage = await api('GET', `/v1/embed-tenants/${name}/groups?first=2`);
    expect(firstPage.json.items.map((g: { name: string }) => g.name)).toEqual(['group-1', 'group-2']);
    expect((await api('DELETE', `/v1/embed-tenants/${name}/groups/${firstPage.json.items[1].id}`)).status).toBe(204);
    const rest = await api('GET', `/v1/embed-tenants/${name}/groups?first=2&after=${firstPage.json.nextCursor}`);
    expect(rest.json).toEqual({ items: [expect.objectContaining({ name: 'group-3' }), expect.objectContaining({ name: 'group-4' })], nextCursor: null });
  });

  it('needs an unscoped key, as account-level resources do', async () => {
    const scoped = await call('GET', '/api/v1/embed-tenants/acme/groups', { auth: `Bearer ${emu.credentials.scopedApiToken}` });
    expect(scoped.status).toBe(403);
    expect((await call('GET', '/api/v1/embed-tenants/acme/groups')).status).toBe(401);
  });
});

describe('the session token exchange', () => {
  it('is single-use and answers with the reason the page shows', async () => {
    const sessionId = await mint();
    expect((await exchange(sessionId)).status).toBe(200);
    const again = await exchange(sessionId);
    expect(again.status).toBe(401);
    expect(again.json.error).toEqual({ status: 401, name: 'SessionError', message: 'The embed session was already used: sessions are single-use.' });
    const unknown = await exchange('ses_never_issued');
    expect(unknown.json.error.name).toBe('SessionError');
    const stale = await mint();
    now += 5 * 60_000;
    expect((await exchange(stale)).json.error.name).toBe('SessionExpiredError');
  });

  it('takes no API key, but refuses other origins and a body that is not JSON', async () => {
    const sessionId = await mint();
    const foreign = await exchange(sessionId, { origin: 'https://evil.example' });
    expect(foreign.status).toBe(403);
    // The refusal spent nothing: the page itself can still exchange it.
    const own = await exchange(sessionId, { origin: emu.url });
    expect(own.status).toBe(200);
    const text = await call('POST', '/api/v1/embed/session/token', { raw: 'sessionId=x', headers: { 'content-type': 'text/plain' } });
    expect(text.status).toBe(400);
    expect((await call('POST', '/api/v1/embed/session/token', { body: {} })).status).toBe(400);
  });

  it('keeps the in-place exchange of a running page working', async () => {
    const first = (await exchange(await mint())).json.embedToken as string;
    const renewed = await call('POST', '/embed/exchange-session', { body: { sessionId: await mint() }, headers: { 'x-embed-token': first } });
    expect(renewed.status).toBe(200);
    expect(Object.keys(renewed.json).sort()).toEqual(['embedToken', 'expiresAt', 'expiringAt', 'now']);
  });
});

describe('revoking a session', () => {
  const revoke = (sessionId: unknown, auth = `Bearer ${emu.credentials.apiToken}`) =>
    call('POST', '/api/v1/embed/session/revoke', { auth, body: { sessionId } });

  it('answers 204 for any id, known or not, twice as well', async () => {
    const sessionId = await mint();
    for (const id of [sessionId, sessionId, 'ses_unknown']) {
      const answer = await revoke(id);
      expect(answer.status).toBe(204);
      expect(answer.text).toBe('');
    }
    expect((await revoke(undefined)).status).toBe(400);
    expect((await revoke('ses_x', 'Bearer wrong')).status).toBe(401);
  });

  it('stops an unexchanged id from being redeemed, by the exchange and by an embed address', async () => {
    const viaExchange = await mint();
    const viaAddress = await mint();
    await revoke(viaExchange);
    await revoke(viaAddress);
    expect((await exchange(viaExchange)).json.error).toMatchObject({ name: 'SessionError', message: 'The embed session was revoked.' });
    const page = bootOf((await call('GET', `/embed/dashboard/sales-overview?session=${viaAddress}`)).text);
    expect(page.error).toEqual({ name: 'SessionError', message: 'The embed session was revoked.' });
  });

  it('refuses a token exchanged earlier from its next request, as an expired one', async () => {
    const sessionId = await mint();
    const token = (await exchange(sessionId)).json.embedToken as string;
    expect((await tokenStatus(token)).status).toBe(200);
    await revoke(sessionId);
    const status = await tokenStatus(token);
    expect(status.status).toBe(401);
    expect(status.json.error.name).toBe('SessionExpiredError');
    expect(status.json.error.message).toMatch(/revoked/);
  });

  it('is allowed to a key scoped to a deployment (it acts on a session, not the account)', async () => {
    expect((await revoke(await mint(), `Bearer ${emu.credentials.scopedApiToken}`)).status).toBe(204);
  });
});

describe('the session and token records the embed page reads', () => {
  it('hold settings, branchName and userProfile under those names, with their defaults', async () => {
    const { EmulatorState } = await import('../../../src/emulator/EmulatorState.js');
    const { seedWorkspace } = await import('../../../src/emulator/seedWorkspace.js');
    const state = new EmulatorState(seedWorkspace(), undefined, () => now);
    const settings = { allowAi: false, timezone: 'America/New_York' };
    const userProfile = { displayName: 'Dana', picture: 'https://cdn.example.com/d.png' };
    const full = state.exchangeSession(state.createSession({ deploymentId: 42, externalId: 'dana', settings, branchName: 'staging', userProfile }));
    const plain = state.exchangeSession(state.createSession({ deploymentId: 42, externalId: 'dana' }));
    if (!full.ok || !plain.ok) throw new Error('the exchange failed');
    expect(full.record).toMatchObject({ settings, branchName: 'staging', userProfile });
    expect(full.record.session).toMatchObject({ settings, branchName: 'staging', userProfile, revoked: false });
    expect(plain.record).toMatchObject({ settings: {}, branchName: 'main', userProfile: null });
  });
});
