import { connect } from 'node:net';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type RunningEmulator, startEmulator } from '../../../src/emulator/index.js';
import { MAX_SQL_LENGTH, parseSql } from '../../../src/emulator/parseSql.js';
import { bootOf, callEmulator, openPage } from './support/callEmulator.js';

let emu: RunningEmulator;

beforeAll(async () => {
  emu = await startEmulator({ port: 0, quiet: true });
});
afterAll(() => emu.close());

const call = (method: string, path: string, options?: Parameters<typeof callEmulator>[3]) => callEmulator(emu.url, method, path, options);
const bearer = () => `Bearer ${emu.credentials.apiToken}`;
/** JSON text of a value nested `depth` objects deep (as text: JSON.stringify itself overflows on the deepest). */
const nested = (depth: number): string => `${'{"next":'.repeat(depth)}"leaf"${'}'.repeat(depth)}`;

describe('the data API never stalls the server', () => {
  it('parses long whitespace runs in linear time', () => {
    // The shape that made a backtracking pattern quadratic: a long run of spaces with no FROM after it.
    const started = performance.now();
    for (const text of [`SELECT region${' '.repeat(60_000)}x`, `SELECT region FROM orders WHERE${' '.repeat(60_000)}`, `SELECT${' \t'.repeat(30_000)}`]) {
      expect(() => parseSql(text, 'help')).toThrow(/cannot run this SQL|unsupported (condition|select item)/);
    }
    expect(performance.now() - started).toBeLessThan(200);
    expect(parseSql(`select   region ,count( * )\n from ORDERS where status='completed' and region = 'EU' group by region limit 3;`, 'help')).toEqual({
      select: [{ kind: 'column', name: 'region' }, { kind: 'count' }],
      from: 'ORDERS',
      where: [
        { column: 'status', value: 'completed' },
        { column: 'region', value: 'EU' },
      ],
      groupBy: ['region'],
      limit: 3,
    });
  });

  it('answers a 1 MB query quickly with a 400, and other requests meanwhile', async () => {
    const auth = emu.credentials.dataToken;
    const huge = `SELECT region${' '.repeat(1_000_000 - 40)}FROM orders`;
    const started = performance.now();
    const [big, meta] = await Promise.all([
      call('POST', '/data/v1/cubesql', { auth, body: { query: huge } }),
      call('GET', '/data/v1/meta', { auth }),
    ]);
    const elapsed = performance.now() - started;
    expect(big.status).toBe(400);
    expect(big.json.error.message).toMatch(new RegExp(`longer than ${MAX_SQL_LENGTH}`));
    expect(meta.status).toBe(200);
    // The bounds tell linear from quadratic, not fast from slow: a pattern that backtracks takes about 5 s over
    // 64 KB on a 2-core machine at rest, and the linear parse well under 100 ms, which stays under 2 s even
    // beside the browser tests on both cores.
    expect(elapsed).toBeLessThan(2_000);
    // Just inside the bound, the shape that made a backtracking pattern quadratic is refused at once.
    const t1 = performance.now();
    const pathological = await call('POST', '/data/v1/cubesql', { auth, body: { query: `SELECT region${' '.repeat(MAX_SQL_LENGTH - 40)}x` } });
    expect(pathological.status).toBe(400);
    expect(performance.now() - t1).toBeLessThan(2_000);
    // Just inside the bound the query runs, whitespace and all.
    const padded = `SELECT region, COUNT(*)${' '.repeat(MAX_SQL_LENGTH - 100)}FROM orders GROUP BY region`;
    const t0 = performance.now();
    const ok = await call('POST', '/data/v1/cubesql', { auth, body: { query: padded } });
    expect(ok.status).toBe(200);
    expect(ok.json.data.length).toBe(4);
    expect(performance.now() - t0).toBeLessThan(2_000);
  });
});

describe('a failed request changes nothing', () => {
  const path = '/api/v1/deployments/42/workbooks/132/publish';

  it('answers deeply nested JSON with 400 and keeps version numbers consecutive', async () => {
    const before = (await call('POST', path, { auth: bearer() })).json.versionNumber as number;
    for (const depth of [100, 100_000]) {
      const r = await call('POST', path, { auth: bearer(), raw: `{"workbookId":132,"config":{"settings":${nested(depth)}}}` });
      expect(r.status, `depth ${depth}`).toBe(400);
      expect(r.json.error.message).toMatch(/nests deeper than 64/);
    }
    expect((await call('POST', '/data/v1/load', { auth: emu.credentials.dataToken, raw: '['.repeat(200_000) })).status).toBe(400);
    // Nesting within the bound is stored and served.
    const fine = await call('POST', path, { auth: bearer(), raw: `{"workbookId":132,"config":{"settings":${nested(40)}}}` });
    expect(fine.status).toBe(200);
    expect(fine.json.versionNumber).toBe(before + 1);
    expect((await call('POST', path, { auth: bearer() })).json.versionNumber).toBe(before + 2);
  });

  it('stores nothing when the publish cannot be saved', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'svc-emu-'));
    const stateFile = join(dir, 'state', 'state.json');
    mkdirSync(join(dir, 'state'));
    const saved = await startEmulator({ port: 0, quiet: true, stateFile });
    try {
      const auth = `Bearer ${saved.credentials.apiToken}`;
      const first = await callEmulator(saved.url, 'POST', '/api/v1/deployments/42/workbooks/131/publish', { auth });
      expect(first.json.versionNumber).toBe(1);
      rmSync(join(dir, 'state'), { recursive: true });
      expect((await callEmulator(saved.url, 'POST', '/api/v1/deployments/42/workbooks/131/publish', { auth })).status).toBe(500);
      expect((await callEmulator(saved.url, 'POST', '/api/v1/deployments/42/workbooks/132/publish', { auth })).status).toBe(500);
      mkdirSync(join(dir, 'state'));
      const again = await callEmulator(saved.url, 'POST', '/api/v1/deployments/42/workbooks/131/publish', { auth });
      expect(again.json).toMatchObject({ id: first.json.id, versionNumber: 2, versionId: first.json.versionId + 1 });
      // The failed first publish of workbook 132 took no dashboard id.
      const other = await callEmulator(saved.url, 'POST', '/api/v1/deployments/42/workbooks/132/publish', { auth });
      expect(other.json).toMatchObject({ id: first.json.id + 1, versionNumber: 1 });
    } finally {
      await saved.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('a client that hangs up mid-body', () => {
  it('is answered 400 quietly, not logged as an emulator failure', async () => {
    const loud = await startEmulator({ port: 0 });
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const { port } = new URL(loud.url);
      const socket = connect(Number(port), '127.0.0.1');
      await new Promise((resolve) => socket.once('connect', resolve));
      socket.write(
        `POST /data/v1/load HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAuthorization: ${loud.credentials.dataToken}\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"query":`,
      );
      await new Promise((resolve) => setTimeout(resolve, 100));
      socket.destroy();
      await vi.waitFor(() => expect(loud.requests.at(-1)).toMatchObject({ path: '/data/v1/load', status: 400 }));
      expect(errors).not.toHaveBeenCalled();
    } finally {
      errors.mockRestore();
      await loud.close();
    }
  });
});

describe('strict ids and sessions a page refuses', () => {
  const mint = async (body: Record<string, unknown>) =>
    (await call('POST', '/api/v1/embed/generate-session', { auth: bearer(), body: { deploymentId: 42, externalId: 'dana', ...body } })).json.sessionId as string;

  it('reads a deployment id only as plain decimal digits', async () => {
    for (const id of ['0x2a', '42.0', '4.2e1', '%2042', '042', '+42']) {
      const boot = bootOf((await call('GET', `/embed/d/${id}/app?session=ses_x`)).text);
      expect(boot.error?.name, id).toBe('NotFoundError');
    }
    expect((await call('POST', '/api/v1/deployments/42.0/workbooks/130/publish', { auth: bearer() })).status).toBe(400);
  });

  it('keeps a session a page refused, for a page that accepts it', async () => {
    const session = await mint({ creatorMode: true });
    expect(bootOf((await call('GET', `/embed/dashboard/no-such-dashboard?session=${session}`)).text).error.name).toBe('NotFoundError');
    expect(bootOf((await call('GET', `/embed/d/43/app?session=${session}`)).text).error.message).toMatch(/deployment 42/);
    expect(bootOf((await call('GET', `/embed/d/0x2a/app?session=${session}`)).text).error.name).toBe('NotFoundError');
    const accepted = await openPage(emu.url, `/embed/dashboard/sales-overview?session=${session}`);
    expect(accepted).toMatchObject({ mode: 'signed', deploymentId: 42 });
    expect(accepted.error).toBeUndefined();
    expect((await openPage(emu.url, `/embed/dashboard/sales-overview?session=${session}`)).error).toMatchObject({ name: 'SessionError', message: expect.stringMatching(/already used/) });
  });

  it('opens the app only for a session minted with creatorMode: true', async () => {
    for (const body of [{}, { creatorMode: false }]) {
      const session = await mint(body);
      const refused = bootOf((await call('GET', `/embed/d/42/app?session=${session}`)).text);
      expect(refused.error).toMatchObject({ name: 'SessionError', message: expect.stringMatching(/creatorMode/) });
      // Not consumed: the same session still opens the chat.
      expect(bootOf((await call('GET', `/embed/chat?sessionId=${session}`)).text).mode).toBe('signed');
    }
  });

  it("reports a signed chat's deployment from its session", async () => {
    const session = await mint({});
    // The chat belongs to no deployment's path: its page takes the deployment from its token's grants.
    expect(await openPage(emu.url, `/embed/chat?sessionId=${session}`)).toMatchObject({ surface: 'chat', mode: 'signed', deploymentId: null, grants: { deploymentId: 42 } });
    expect(bootOf((await call('GET', '/embed/chat')).text).deploymentId).toBeNull();
  });
});

describe('embed token expiry', () => {
  it('answers a token check until the tokens are expired, then SessionExpiredError', async () => {
    const session = await (async () => (await call('POST', '/api/v1/embed/generate-session', { auth: bearer(), body: { deploymentId: 42, externalId: 'erin' } })).json.sessionId as string)();
    const boot = await openPage(emu.url, `/embed/dashboard/sales-overview?session=${session}`);
    expect(boot.tokenCheckIntervalMs).toBeLessThanOrEqual(25_000);
    const check = () => call('GET', '/embed/token-status', { headers: { 'x-embed-token': boot.embedToken } });
    expect((await check()).json).toMatchObject({ valid: true });
    expect(emu.expireEmbedTokens()).toBeGreaterThanOrEqual(1);
    expect(emu.expireEmbedTokens()).toBe(0);
    const expired = await check();
    expect(expired.status).toBe(401);
    expect(expired.json.error).toMatchObject({ name: 'SessionExpiredError', message: expect.stringMatching(/session expired/i) });
    expect((await call('GET', '/embed/token-status')).status).toBe(401);
    expect((await call('GET', '/embed/token-grants', { headers: { 'x-embed-token': boot.embedToken } })).json.error.name).toBe('SessionExpiredError');
  });
});
