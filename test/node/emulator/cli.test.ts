import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openPage } from './support/callEmulator.js';

const CLI = 'dist/cli.js';
let child: ChildProcess | undefined;

afterEach(() => {
  child?.kill('SIGKILL');
  child = undefined;
});

/** Runs the command line; `exit` is its exit code, or the name of the signal that ended it (so a failure says which). */
function run(args: string[]): { child: ChildProcess; output: () => string; exit: Promise<number | NodeJS.Signals | null> } {
  const proc = spawn(process.execPath, [CLI, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  child = proc;
  let text = '';
  proc.stdout?.on('data', (chunk: Buffer) => {
    text += chunk.toString();
  });
  proc.stderr?.on('data', (chunk: Buffer) => {
    text += chunk.toString();
  });
  const exit = new Promise<number | NodeJS.Signals | null>((resolve) => proc.on('exit', (code, signal) => resolve(code ?? signal)));
  return { child: proc, output: () => text, exit };
}

async function waitFor(predicate: () => boolean, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!predicate()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('npx svc-embed emulator', () => {
  it('is built (npm test builds before running tests)', () => {
    expect(existsSync(CLI)).toBe(true);
  });

  it('prints its URL, addresses and credentials, serves, and stops on SIGTERM', async () => {
    const cli = run(['emulator', '--port', '0']);
    await waitFor(() => cli.output().includes('aiApiKey'));
    const url = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(cli.output())?.[1];
    expect(url).toBeDefined();
    expect(cli.output()).toMatch(/apiToken\s+svc_dev_/);
    expect(cli.output()).toMatch(/scopedApiToken.*deployment 42 only/);
    expect(cli.output()).toContain(`${url}/embed/dashboard/sales-overview`);
    const token = /apiToken\s+(\S+)/.exec(cli.output())?.[1];
    const response = await fetch(`${url}/api/v1/deployments`, { headers: { authorization: `Bearer ${token}` } });
    expect(response.status).toBe(200);
    const page = await fetch(`${url}/embed/dashboard/sales-overview`);
    expect(await page.text()).toContain('svc-emulator-boot');
    const script = await fetch(`${url}/_emulator/page.js`);
    expect(script.status).toBe(200);
    cli.child.kill('SIGTERM');
    expect(await cli.exit).toBe(0);
    expect(cli.output()).toContain('stopped');
  });

  it.each([
    [['emulator', '--port', 'abc'], /--port must be an integer/],
    [['emulator', '--bogus'], /Unknown option/],
    [['emulator', '--host', '0.0.0.0', '--port', '0'], /loopback only/],
    [['serve'], /unknown command "serve"/],
    [['emulator', '--port', '0', '--embed-token-ttl', '90'], /SVC801: --embed-token-ttl: "90" is not a duration; give a number and a unit/],
    [['emulator', '--port', '0', '--session-expiring-lead', '5 minutes'], /SVC801: --session-expiring-lead: "5 minutes" is not a duration/],
    [['emulator', '--port', '0', '--embed-token-trust-margin', 'soon'], /SVC801: --embed-token-trust-margin: "soon" is not a duration/],
    [['emulator', '--port', '0', '--embed-token-ttl', '1h', '--embed-token-trust-margin', '2h'], /trust margin .* must be shorter than its life/],
  ])('refuses %j with a clear message', async (args, message) => {
    const cli = run(args);
    expect(await cli.exit).toBe(1);
    expect(cli.output()).toMatch(message);
  });

  it('stops on SIGINT too, keeping what it published in the --state file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'svc-cli-'));
    const stateFile = join(dir, 'state.json');
    try {
      const cli = run(['emulator', '--port', '0', '--state', stateFile]);
      await waitFor(() => cli.output().includes('aiApiKey'));
      const url = /listening on (\S+)/.exec(cli.output())?.[1];
      const token = /apiToken\s+(\S+)/.exec(cli.output())?.[1];
      const published = await fetch(`${url}/api/v1/deployments/42/workbooks/131/publish`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
      expect(published.status).toBe(200);
      cli.child.kill('SIGINT');
      expect(await cli.exit).toBe(0);
      const saved = JSON.parse(readFileSync(stateFile, 'utf8')) as { dashboards: { workbookId: number }[] };
      expect(saved.dashboards.map((d) => d.workbookId)).toContain(131);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('takes the token lifetime as durations, --no-in-place-renewal, and keeps credentials in --credentials-file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'svc-cli-'));
    const credentialsFile = join(dir, 'credentials.json');
    try {
      const args = ['emulator', '--port', '0', '--credentials-file', credentialsFile, '--embed-token-ttl', '90s', '--embed-token-trust-margin', '500ms', '--session-expiring-lead', '1m'];
      const cli = run([...args, '--no-in-place-renewal']);
      await waitFor(() => cli.output().includes('aiApiKey'));
      expect(cli.output()).toContain(`Development credentials (fake, kept in ${credentialsFile})`);
      const url = /listening on (\S+)/.exec(cli.output())?.[1];
      const token = /apiToken\s+(\S+)/.exec(cli.output())?.[1];
      const minted = await fetch(`${url}/api/v1/embed/generate-session`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ deploymentId: 42, externalId: 'dana' }),
      });
      const { sessionId } = (await minted.json()) as { sessionId: string };
      const boot = await openPage(url ?? '', `/embed/chat?sessionId=${sessionId}`);
      // The token is minted when the page exchanges its session, a moment before the server reads its clock:
      // its trust ends 90 s minus the 500 ms margin after the mint, so at most that long after serverNow.
      const trustedFor = boot.tokenExpiresAt - boot.serverNow;
      expect(trustedFor).toBeLessThanOrEqual(89_500);
      expect(trustedFor).toBeGreaterThan(89_500 - 1_000);
      expect(boot.tokenExpiresAt - boot.tokenExpiringAt).toBe(60_000);
      expect(boot.inPlaceRenewal).toBe(false);
      cli.child.kill('SIGTERM');
      expect(await cli.exit).toBe(0);

      // A restart with the same file prints, and accepts, the same credentials.
      const again = run(args);
      await waitFor(() => again.output().includes('aiApiKey'));
      expect(/apiToken\s+(\S+)/.exec(again.output())?.[1]).toBe(token);
      again.child.kill('SIGTERM');
      expect(await again.exit).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('names a busy port clearly', async () => {
    const blocker: Server = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    try {
      const port = (blocker.address() as { port: number }).port;
      const cli = run(['emulator', '--port', String(port)]);
      expect(await cli.exit).toBe(1);
      expect(cli.output()).toContain(`port ${port} is already in use`);
    } finally {
      await new Promise((resolve) => blocker.close(resolve));
    }
  });

  it('prints help', async () => {
    const cli = run(['emulator', '--help']);
    expect(await cli.exit).toBe(0);
    expect(cli.output()).toMatch(/Usage: svc-embed emulator/);
  });
});
