import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningEmulator, startEmulator } from '../../../src/emulator/index.js';
import {
  createManagementClient,
  type EmbedSessionParams,
  SvcApiError,
  SvcExportFailedError,
  SvcExportTimeoutError,
  SvcInputError,
  SvcTimeoutError,
} from '../../../src/server/index.js';
import { readPdf, readPng } from '../emulator/support/readExportFiles.js';
import { type Script, scriptedFetch } from './scriptedFetch.js';

// The server client's calls for the platform's newer features: checked before sending, then against the
// emulator that speaks them.
const BASE = 'https://acme.example.com/api';
const TOKEN = 'sk_live_very_secret_token_123';

function scripted(...scripts: Script[]) {
  const { fetch, sent } = scriptedFetch(...scripts);
  return { platform: createManagementClient({ baseUrl: BASE, apiToken: TOKEN, fetch, retry: false }), sent };
}

describe('createEmbedSession, newer fields, before sending', () => {
  const base = { deploymentId: 42, externalId: 'dana' } as const;
  const refused: [string, Record<string, unknown>, RegExp][] = [
    ['placement chrome in settings', { settings: { showDashboardHeader: false } }, /settings\.showDashboardHeader: .*use the address option showDashboardHeader=false instead/],
    ['a misspelt setting', { settings: { alowAi: true } }, /settings\.alowAi: unknown session setting; expected one of allowAi,/],
    ['a switch that is no boolean', { settings: { allowAi: 'false' } }, /settings\.allowAi: expected boolean/],
    ['a bare UTC offset', { settings: { timezone: '+05:30' } }, /settings\.timezone: expected an IANA time zone name/],
    ['a malformed locale', { settings: { locale: 'en_GB!' } }, /settings\.locale: expected a BCP 47 language tag/],
    ['an empty branch', { branchName: '' }, /branchName/],
    ['a relative picture', { userProfile: { picture: 'avatar.png' } }, /userProfile\.picture: expected an absolute http\(s\) URL/],
    ['a data: picture', { userProfile: { picture: 'data:image/png;base64,AAAA' } }, /userProfile\.picture/],
    ['an unknown profile field', { userProfile: { email: 'd@example.com' } }, /userProfile/],
    ['definitions without creator mode', { embedTenantName: 'acme', groupDefinitions: [{ name: 'g' }] }, /groupDefinitions: groupDefinitions bootstraps creator mode: it needs creatorMode: true/],
    ['definitions without a tenant', { creatorMode: true, userAttributeDefinitions: [{ name: 'a', type: 'number' }] }, /needs embedTenantName/],
    [
      'duplicate attribute definitions',
      { creatorMode: true, embedTenantName: 'acme', userAttributeDefinitions: [{ name: 'a', type: 'number' }, { name: 'a', type: 'string' }] },
      /userAttributeDefinitions\.1\.name: duplicate attribute definition name "a"/,
    ],
    ['an unknown attribute type', { creatorMode: true, embedTenantName: 'acme', userAttributeDefinitions: [{ name: 'a', type: 'boolean' }] }, /userAttributeDefinitions\.0\.type/],
    [
      'a default of another type',
      { creatorMode: true, embedTenantName: 'acme', userAttributeDefinitions: [{ name: 'a', type: 'number_array', defaultValue: ['x'] }] },
      /userAttributeDefinitions\.0\.defaultValue: expected a value of type number_array/,
    ],
    ['an object value', { userAttributes: [{ name: 'a', value: { x: 1 } }] }, /userAttributes\.0\.value/],
    ['a mixed array value', { userAttributes: [{ name: 'a', value: [1, 'b'] }] }, /userAttributes\.0\.value/],
    ['a value that is not a finite number', { userAttributes: [{ name: 'a', value: Number.NaN }] }, /userAttributes\.0\.value/],
    [
      'a value of another type than its definition',
      {
        creatorMode: true,
        embedTenantName: 'acme',
        userAttributeDefinitions: [{ name: 'regions', type: 'string_array' }],
        userAttributes: [{ name: 'regions', value: 'EU' }],
      },
      /userAttributes\.0\.value: "regions" is defined as string_array in this call/,
    ],
  ];
  for (const [what, fields, message] of refused) {
    it(`refuses ${what} with SVC508 and sends nothing`, async () => {
      const { platform, sent } = scripted();
      const error = await platform.createEmbedSession({ ...base, ...fields } as EmbedSessionParams).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(SvcInputError);
      expect((error as SvcInputError).code).toBe('SVC508');
      expect((error as Error).message).toMatch(message);
      expect(sent).toHaveLength(0);
    });
  }

  it('refuses userProfile with internalId', async () => {
    const { platform, sent } = scripted();
    await expect(
      platform.createEmbedSession({ deploymentId: 42, internalId: 7, userProfile: { displayName: 'Dana' } } as EmbedSessionParams),
    ).rejects.toThrow(/userProfile: userProfile is for external viewers only/);
    expect(sent).toHaveLength(0);
  });

  it('sends every newer field as given once it is valid', async () => {
    const { platform, sent } = scripted({ body: { sessionId: 'ses_1' } });
    const input = {
      deploymentId: 42,
      externalId: 'Dana',
      embedTenantName: 'acme',
      creatorMode: true,
      settings: { allowAi: false, showWorkbookShare: true, locale: 'en-GB', timezone: 'Asia/Kolkata' },
      branchName: 'staging',
      userProfile: { displayName: 'Dana Scully', picture: 'https://cdn.example.com/dana.png' },
      groupDefinitions: [{ name: 'analysts', description: 'Read only' }],
      userAttributeDefinitions: [{ name: 'regions', type: 'string_array', defaultValue: [] }],
      userAttributes: [
        { name: 'regions', value: ['EU', 'US'] },
        { name: 'quota', value: null },
      ],
    } satisfies EmbedSessionParams;
    await expect(platform.createEmbedSession(input)).resolves.toEqual({ sessionId: 'ses_1' });
    expect(sent[0]?.body).toEqual({ ...input, externalId: 'dana' });
  });
});

describe('the newer calls, before sending and on the wire', () => {
  it('revokeEmbedSession posts the id and resolves on 204', async () => {
    const sent: { url: string; body: unknown; method: string }[] = [];
    const fetch204 = (async (input: string | URL | Request, init?: RequestInit) => {
      sent.push({ url: String(input), body: JSON.parse(String(init?.body)), method: init?.method ?? 'GET' });
      return new Response(null, { status: 204 });
    }) as typeof fetch;
    const platform = createManagementClient({ baseUrl: BASE, apiToken: TOKEN, fetch: fetch204 });
    await expect(platform.revokeEmbedSession({ sessionId: 'ses_abc' })).resolves.toBeUndefined();
    expect(sent).toEqual([{ url: `${BASE}/v1/embed/session/revoke`, body: { sessionId: 'ses_abc' }, method: 'POST' }]);
    await expect(platform.revokeEmbedSession({ sessionId: '' })).rejects.toBeInstanceOf(SvcInputError);
    expect(sent).toHaveLength(1);
  });

  it('the admin lists send first and after, validate pages, and the iterators stop on a repeated cursor', async () => {
    const { platform, sent } = scripted(
      { body: { items: [{ id: 'grp_1', name: 'a' }], nextCursor: 'grp_1' } },
      { body: { items: [{ id: 'grp_2', name: 'b' }], nextCursor: null } },
      { body: { items: [{ id: 'uat_1', name: 'r', type: 'string' }], nextCursor: 'uat_1' } },
      { body: { items: [{ id: 'uat_1', name: 'r', type: 'string' }], nextCursor: 'uat_1' } },
      { body: { items: [{ id: 'x' }], nextCursor: null } },
    );
    const names: string[] = [];
    for await (const group of platform.embedTenants.groups({ embedTenantName: 'acme co', pageSize: 1 })) names.push(group.name);
    expect(names).toEqual(['a', 'b']);
    expect(sent.map((r) => r.url.href)).toEqual([`${BASE}/v1/embed-tenants/acme%20co/groups?first=1`, `${BASE}/v1/embed-tenants/acme%20co/groups?first=1&after=grp_1`]);
    const loop = async () => {
      for await (const _ of platform.embedTenants.userAttributes({ embedTenantName: 'acme' })) {
        // read every item
      }
    };
    await expect(loop()).rejects.toThrow(/the same cursor twice/);
    await expect(platform.embedTenants.listGroups({ embedTenantName: 'acme' })).rejects.toThrow(/items\.0\.name/);
    await expect(platform.embedTenants.listGroups({ embedTenantName: 'acme', first: 0 })).rejects.toBeInstanceOf(SvcInputError);
    await expect(platform.embedTenants.deleteGroup({ embedTenantName: 'acme', id: '' })).rejects.toBeInstanceOf(SvcInputError);
    expect(sent).toHaveLength(5);
  });

  it('refuses png with the print layout, and bad waits, before sending', async () => {
    const { platform, sent } = scripted();
    const error = await platform.startDashboardExport({ deploymentId: 42, publicId: 'p', format: 'png', layout: 'print' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SvcInputError);
    expect((error as Error).message).toMatch(/^SVC508: startDashboardExport: layout: the print layout is a paginated PDF: it needs format "pdf"/);
    await expect(platform.exportDashboard({ deploymentId: 42, publicId: 'p', format: 'png', layout: 'print' })).rejects.toBeInstanceOf(SvcInputError);
    await expect(platform.exportDashboard({ deploymentId: 42, publicId: 'p', format: 'pdf', maxWaitMs: 600_000 })).rejects.toThrow(/maxWaitMs/);
    await expect(platform.exportDashboard({ deploymentId: 42, publicId: 'p', format: 'gif' as 'png' })).rejects.toThrow(/format/);
    await expect(platform.getDashboardExport({ deploymentId: 0, jobId: 'j' })).rejects.toBeInstanceOf(SvcInputError);
    expect(sent).toHaveLength(0);
  });

  it('exportDashboard fails with SVC518 when the wait runs out, naming the job', async () => {
    const rendering = { body: { jobId: 'exp_1', status: 'rendering' } };
    const { platform } = scripted({ body: { jobId: 'exp_1', status: 'queued' } }, ...Array.from({ length: 50 }, () => rendering));
    const error = await platform.exportDashboard({ deploymentId: 42, publicId: 'p', format: 'pdf', pollIntervalMs: 5, maxWaitMs: 40 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SvcExportTimeoutError);
    expect(error).toBeInstanceOf(SvcTimeoutError);
    expect((error as SvcExportTimeoutError).code).toBe('SVC518');
    expect((error as SvcExportTimeoutError).jobId).toBe('exp_1');
    expect((error as Error).message).toMatch(/^SVC518: GET \/v1\/deployments\/42\/dashboard-exports\/exp_1: the export was still rendering after 40 ms/);
  });

  it('exportDashboard fails with SVC517 on a failed job and on a job that is gone', async () => {
    const failed = scripted({ body: { jobId: 'exp_1', status: 'queued' } }, { body: { jobId: 'exp_1', status: 'failed', error: 'renderer crashed' } });
    const error = await failed.platform.exportDashboard({ deploymentId: 42, publicId: 'p', format: 'pdf', pollIntervalMs: 1 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SvcExportFailedError);
    expect((error as Error).message).toMatch(/^SVC517: .*the export failed: renderer crashed/);
    const gone = scripted({ body: { jobId: 'exp_2', status: 'queued' } }, { status: 404, body: { error: { status: 404, message: 'no job' } } });
    const goneError = await gone.platform.exportDashboard({ deploymentId: 42, publicId: 'p', format: 'pdf', pollIntervalMs: 1 }).catch((e: unknown) => e);
    expect(goneError).toBeInstanceOf(SvcExportFailedError);
    expect((goneError as Error).message).toMatch(/the export job is gone/);
  });

  it('exportDashboard stops at once when its signal aborts during a wait', async () => {
    const { platform, sent } = scripted({ body: { jobId: 'exp_1', status: 'queued' } });
    const controller = new AbortController();
    const pending = platform.exportDashboard({ deploymentId: 42, publicId: 'p', format: 'pdf', pollIntervalMs: 10_000, signal: controller.signal });
    setTimeout(() => controller.abort(new Error('user left')), 20);
    const started = Date.now();
    await expect(pending).rejects.toThrow('user left');
    expect(Date.now() - started).toBeLessThan(2000);
    expect(sent).toHaveLength(1);
  });

  it('a malformed job status is a response validation error', async () => {
    const { platform } = scripted({ body: { jobId: 'exp_1', status: 'printing' } });
    await expect(platform.startDashboardExport({ deploymentId: 42, publicId: 'p', format: 'pdf' })).rejects.toThrow(/^SVC507: .*response\.status/);
  });

  it('the file name is made safe, from Content-Disposition or the fallback', async () => {
    const pdf = (disposition?: string) => ({ body: '%PDF-1.4', headers: { 'content-type': 'application/pdf', ...(disposition ? { 'content-disposition': disposition } : {}) } });
    const { platform } = scripted(pdf('attachment; filename="../../etc/pass wd.pdf"'), pdf(), pdf('attachment; filename=report.pdf'));
    expect((await platform.downloadDashboardExport({ deploymentId: 42, jobId: 'j' })).fileName).toBe('pass_wd.pdf');
    expect((await platform.downloadDashboardExport({ deploymentId: 42, jobId: 'j', fileName: 'sales.pdf' })).fileName).toBe('sales.pdf');
    const third = await platform.downloadDashboardExport({ deploymentId: 42, jobId: 'j' });
    expect(third.fileName).toBe('report.pdf');
    expect(new TextDecoder().decode(await third.bytes())).toBe('%PDF-1.4');
    await expect(third.bytes()).rejects.toThrow(/already read/);
  });

  it('a file larger than maxResponseBytes is refused when read as bytes', async () => {
    const { fetch } = scriptedFetch({ body: 'x'.repeat(2000), headers: { 'content-type': 'application/pdf' } });
    const platform = createManagementClient({ baseUrl: BASE, apiToken: TOKEN, fetch, maxResponseBytes: 1000 });
    const file = await platform.downloadDashboardExport({ deploymentId: 42, jobId: 'j' });
    await expect(file.bytes()).rejects.toThrow(/^SVC506: .*the file is larger than 1000 bytes/);
  });
});

describe('against the emulator', () => {
  let emu: RunningEmulator;
  beforeAll(async () => {
    emu = await startEmulator({ port: 0, quiet: true });
  });
  afterAll(() => emu.close());
  const platform = () => createManagementClient({ baseUrl: `${emu.url}/api`, apiToken: emu.credentials.apiToken, retry: false });

  it('exports a PDF in the print layout and a PNG, as bytes and as a stream', async () => {
    const pdf = await platform().exportDashboard({ deploymentId: 42, publicId: 'sales-overview', format: 'pdf', layout: 'print', pollIntervalMs: 20 });
    expect(pdf.contentType).toBe('application/pdf');
    expect(pdf.fileName).toBe('sales-overview-print.pdf');
    expect(readPdf(await pdf.bytes()).text).toContain('Filters: Status');
    const png = await platform().exportDashboard({ deploymentId: 42, publicId: 'sales-overview', format: 'png', pollIntervalMs: 20 });
    expect(png.contentType).toBe('image/png');
    const chunks: Uint8Array[] = [];
    for await (const chunk of png.body) chunks.push(chunk);
    expect(readPng(new Uint8Array(Buffer.concat(chunks))).width).toBe(1200);
  });

  it('polls by hand with the three calls underneath', async () => {
    const client = platform();
    let job = await client.startDashboardExport({ deploymentId: 42, publicId: 'sales-overview', format: 'pdf', renderAs: { externalId: 'dana' } });
    expect(job.status).toBe('queued');
    const states = [job.status];
    while (job.status !== 'done') {
      job = await client.getDashboardExport({ deploymentId: 42, jobId: job.jobId });
      states.push(job.status);
    }
    expect(states).toEqual(['queued', 'rendering', 'done']);
    const file = await client.downloadDashboardExport({ deploymentId: 42, jobId: job.jobId });
    expect(file.fileName).toBe('sales-overview.pdf');
    await expect(client.exportDashboard({ deploymentId: 42, publicId: 'missing', format: 'pdf' })).rejects.toSatisfy(
      (error) => error instanceof SvcApiError && error.status === 404,
    );
  });

  it('bootstraps definitions, lists them page by page, deletes them, and revokes a session', async () => {
    const client = platform();
    const { sessionId } = await client.createEmbedSession({
      deploymentId: 42,
      externalId: 'dana',
      creatorMode: true,
      embedTenantName: 'client-co',
      settings: { allowAi: false },
      userProfile: { displayName: 'Dana' },
      groupDefinitions: [{ name: 'a' }, { name: 'b' }, { name: 'c' }],
      userAttributeDefinitions: [{ name: 'region', type: 'string' }],
    });
    const groups = [];
    for await (const group of client.embedTenants.groups({ embedTenantName: 'client-co', pageSize: 2 })) groups.push(group);
    expect(groups.map((g) => g.name)).toEqual(['a', 'b', 'c']);
    const attributes = await client.embedTenants.listUserAttributes({ embedTenantName: 'client-co' });
    expect(attributes).toEqual({ items: [expect.objectContaining({ name: 'region', type: 'string' })], nextCursor: null });
    await client.embedTenants.deleteUserAttribute({ embedTenantName: 'client-co', id: attributes.items[0]?.id ?? '' });
    await expect(client.embedTenants.deleteUserAttribute({ embedTenantName: 'client-co', id: attributes.items[0]?.id ?? '' })).rejects.toSatisfy(
      (error) => error instanceof SvcApiError && error.status === 404,
    );
    await client.revokeEmbedSession({ sessionId });
    await client.revokeEmbedSession({ sessionId });
    const exchange = await fetch(`${emu.url}/api/v1/embed/session/token`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ sessionId }) });
    expect(exchange.status).toBe(401);
  });

  it('gets the platform\'s 404 and 400 for branches the checks before sending cannot know', async () => {
    const client = platform();
    await expect(client.createEmbedSession({ deploymentId: 42, externalId: 'dana', branchName: 'nope' })).rejects.toSatisfy(
      (error) => error instanceof SvcApiError && error.status === 404,
    );
    await expect(client.createEmbedSession({ deploymentId: 42, externalId: 'dana', branchName: 'archived' })).rejects.toSatisfy(
      (error) => error instanceof SvcApiError && error.status === 400,
    );
  });
});

describe('revokeEmbedSession and the session id', () => {
  it('keeps the id out of the error when the platform echoes it', async () => {
    const sessionId = 'ses_Zk3pQ9vW2xY7rT4mN8bL1cD6';
    const echo = (async () =>
      new Response(JSON.stringify({ error: { status: 500, message: `could not revoke ${sessionId}`, sessionId } }), {
        status: 500,
        headers: { 'content-type': 'application/json' },
      })) as typeof fetch;
    const platform = createManagementClient({ baseUrl: BASE, apiToken: TOKEN, fetch: echo, retry: false });
    const error = await platform.revokeEmbedSession({ sessionId }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SvcApiError);
    expect((error as SvcApiError).status).toBe(500);
    expect(JSON.stringify(error)).not.toContain(sessionId);
    expect(String(error)).not.toContain(sessionId);
    expect((error as Error).message).toMatch(/could not revoke/);
  });
});
