import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningEmulator, startEmulator } from '../../../src/emulator/index.js';
import { parseDuration } from '../../../src/emulator/parseDuration.js';
import { callEmulator } from './support/callEmulator.js';

// What a script driving the emulator relies on: durations it can write, credentials that survive a
// restart, and a request log it can read incrementally.

describe('durations', () => {
  it.each([
    ['500ms', 500],
    ['90s', 90_000],
    ['5m', 300_000],
    ['2h', 7_200_000],
    ['1.5h', 5_400_000],
    ['1d', 86_400_000],
    ['0s', 0],
  ])('reads %s as %d ms', (text, ms) => {
    expect(parseDuration(text)).toBe(ms);
  });

  it.each(['10', '5 minutes', '-5m', '5M', 'm', '', '1e3s', '5m30s'])('refuses %j, saying what a duration looks like', (text) => {
    expect(() => parseDuration(text)).toThrow(/is not a duration; give a number and a unit: 500ms, 90s, 5m, 2h or 1d/);
  });
});

describe('a credentials file', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'svc-credentials-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('is written owner-only on the first start, and a restart accepts the same credentials', async () => {
    const file = join(dir, 'credentials.json');
    const first = await startEmulator({ port: 0, quiet: true, credentialsFile: file });
    const { apiToken, dataToken } = first.credentials;
    await first.close();
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, 'utf8')).toContain(apiToken);

    const second = await startEmulator({ port: 0, quiet: true, credentialsFile: file });
    try {
      expect(second.credentials.apiToken).toBe(apiToken);
      expect(second.credentials.aiApiKey).toBe(first.credentials.aiApiKey);
      expect((await callEmulator(second.url, 'GET', '/api/v1/deployments', { auth: `Bearer ${apiToken}` })).status).toBe(200);
      // The data token of the earlier run still verifies: the signing secret was kept too.
      expect((await callEmulator(second.url, 'GET', '/data/v1/meta', { auth: dataToken })).status).toBe(200);
    } finally {
      await second.close();
    }
    const fresh = await startEmulator({ port: 0, quiet: true });
    try {
      expect(fresh.credentials.apiToken).not.toBe(apiToken);
    } finally {
      await fresh.close();
    }
  });

  it('that is malformed stops the start with the reason, never quoting its values', async () => {
    const file = join(dir, 'broken.json');
    writeFileSync(file, '{not json');
    await expect(startEmulator({ port: 0, credentialsFile: file })).rejects.toThrow(/not valid JSON; fix or delete it/);
    writeFileSync(file, JSON.stringify({ version: 1, apiToken: 'svc_dev_short' }));
    const failure = await startEmulator({ port: 0, credentialsFile: file }).catch((error: Error) => error);
    expect(String(failure)).toMatch(/not one this version can read/);
    expect(String(failure)).not.toContain('svc_dev_short');
  });
});

describe('the request log', () => {
  let emu: RunningEmulator;
  beforeAll(async () => {
    emu = await startEmulator({ port: 0, quiet: true });
  });
  afterAll(() => emu.close());

  const log = async (query = '') => (await callEmulator(emu.url, 'GET', `/_emulator/requests${query}`)).json;

  it('leaves out the emulator control calls and the page script, and numbers requests in order', async () => {
    await callEmulator(emu.url, 'GET', '/_emulator/page.js');
    await callEmulator(emu.url, 'POST', '/_emulator/warn-embed-tokens');
    await callEmulator(emu.url, 'GET', '/api/v1/deployments', { auth: `Bearer ${emu.credentials.apiToken}` });
    await callEmulator(emu.url, 'GET', '/embed/chat');
    const { requests, latest } = await log();
    expect(requests.map((r: { path: string }) => r.path)).toEqual(['/api/v1/deployments', '/embed/chat']);
    expect(requests.map((r: { seq: number }) => r.seq)).toEqual([1, 2]);
    expect(latest).toBe(2);
    expect(emu.requests.map((r) => r.path)).toEqual(['/api/v1/deployments', '/embed/chat']);
  });

  it('gives only what came after ?since=<sequence number>, so a script reads it incrementally', async () => {
    const { latest } = await log();
    await callEmulator(emu.url, 'GET', '/embed/dashboard/sales-overview?session=ses_secret_value');
    const { requests } = await log(`?since=${latest}`);
    expect(requests).toEqual([{ seq: latest + 1, method: 'GET', path: '/embed/dashboard/sales-overview', status: 200, at: expect.any(Number) }]);
    // The query string, which can carry a session, is never kept.
    expect(JSON.stringify(await log())).not.toContain('ses_secret_value');
    expect((await log(`?since=${latest + 1}`)).requests).toEqual([]);
    for (const bad of ['-1', 'abc', '1.5', '']) {
      const refused = await callEmulator(emu.url, 'GET', `/_emulator/requests?since=${bad}`);
      expect(refused.status, bad).toBe(400);
      expect(refused.json.error.message).toMatch(/since must be a request sequence number/);
    }
  });

  it('keeps the last 1,000 requests, numbered on from the ones it dropped', async () => {
    const { latest } = await log();
    await Promise.all(Array.from({ length: 1005 }, () => callEmulator(emu.url, 'GET', '/embed/chat')));
    const { requests } = await log();
    expect(requests).toHaveLength(1000);
    expect(requests.at(-1).seq).toBe(latest + 1005);
    expect(requests[0].seq).toBe(latest + 6);
    const tail = (await log(`?since=${latest + 1000}`)).requests;
    expect(tail.map((r: { seq: number }) => r.seq)).toEqual([1001, 1002, 1003, 1004, 1005].map((n) => latest + n));
    // Asking from before what is kept gives what is kept.
    expect((await log('?since=0')).requests).toHaveLength(1000);
  });
});
