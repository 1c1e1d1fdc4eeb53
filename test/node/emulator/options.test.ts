import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type StartEmulatorOptions } from '../../../src/emulator/index.js';

// The emulator's options and command line: every refusal carries a code, a credentials file is created
// safely by emulators that start at once, and frameAncestors makes the embed pages unframeable.
let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'svc-options-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** What `startEmulator` rejects with for these options. */
async function refusal(options: Record<string, unknown>): Promise<{ code: unknown; message: string }> {
  const error = await startEmulator({ quiet: true, ...options } as StartEmulatorOptions).then(
    async (emu) => {
      await emu.close();
      throw new Error(`started with ${JSON.stringify(options)}`);
    },
    (e: unknown) => e as Error & { code?: unknown },
  );
  return { code: error.code, message: error.message };
}

describe('startEmulator', () => {
  it.each([
    [{ port: -1 }, 'SVC804', /port must be an integer from 0 to 65535; got -1/],
    [{ port: '4010' }, 'SVC804', /got "4010"/],
    [{ port: 70000 }, 'SVC804', /port/],
    [{ tokenCheckIntervalMs: 99 }, 'SVC805', /tokenCheckIntervalMs must be a whole number of milliseconds of at least 100; got 99/],
    [{ tokenCheckIntervalMs: 150.5 }, 'SVC805', /tokenCheckIntervalMs/],
    [{ embedTokenTtlMs: 0 }, 'SVC805', /embedTokenTtlMs must be a whole number/],
    [{ embedTokenTtlMs: '1h' }, 'SVC805', /embedTokenTtlMs .*got "1h"/],
    [{ embedTokenTtlMs: Number.MAX_SAFE_INTEGER }, 'SVC805', /past the largest date JavaScript can hold/],
    [{ embedTokenTrustMarginMs: -1 }, 'SVC805', /embedTokenTrustMarginMs/],
    [{ sessionExpiringLeadMs: Number.NaN }, 'SVC805', /sessionExpiringLeadMs/],
    [{ embedTokenTtlMs: 60_000, embedTokenTrustMarginMs: 60_000 }, 'SVC806', /trust margin .* must be shorter than its life/],
    [{ inPlaceRenewal: 'no' }, 'SVC807', /inPlaceRenewal must be true or false; got "no"/],
    [{ inPlaceRenewal: 0 }, 'SVC807', /inPlaceRenewal/],
    [{ frameAncestors: 'nobody' }, 'SVC807', /frameAncestors must be "none", "self" or a non-empty list/],
    [{ frameAncestors: [] }, 'SVC807', /frameAncestors/],
    [{ frameAncestors: ['https://app.example.com/path'] }, 'SVC807', /is not an http\(s\) origin/],
    [{ frameAncestors: ['ftp://files.example.com'] }, 'SVC807', /is not an http\(s\) origin/],
    [{ credentialsFile: '' }, 'SVC808', /credentialsFile must be the path of a file \(it is empty\)/],
    [{ credentialsFile: '   ' }, 'SVC808', /credentialsFile/],
    [{ host: '0.0.0.0' }, 'SVC809', /listens on loopback only/],
  ])('refuses %j with %s', async (options, code, message) => {
    const { code: actual, message: text } = await refusal(options);
    expect(actual).toBe(code);
    expect(text.startsWith(`${code}: `)).toBe(true);
    expect(text).toMatch(message);
  });

  it('accepts a ttl whose end is the largest date, and margins and leads at their limits', async () => {
    const now = Date.UTC(2026, 0, 1);
    const emu = await startEmulator({ port: 0, quiet: true, now: () => now, embedTokenTtlMs: 8.64e15 - now, embedTokenTrustMarginMs: 0, sessionExpiringLeadMs: 0 });
    expect(emu.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    await emu.close();
  });

  it('refuses an empty credentials path before writing anything, in the working directory or elsewhere', async () => {
    const before = readdirSync(process.cwd());
    expect((await refusal({ credentialsFile: '' })).code).toBe('SVC808');
    expect(readdirSync(process.cwd())).toEqual(before);
  });

  it('codes a credentials or state file it cannot use', async () => {
    expect((await refusal({ credentialsFile: dir })).code).toBe('SVC808');
    expect((await refusal({ credentialsFile: join(dir, 'missing-dir', 'c.json') })).message).toMatch(/^SVC808: .*cannot be written: ENOENT/);
    expect((await refusal({ stateFile: dir })).message).toMatch(/^SVC808: The emulator state file .* cannot be read: EISDIR/);
    // The failed write left no temporary file behind.
    expect(readdirSync(dir).filter((name) => name.endsWith('.tmp'))).toEqual([]);
  });

  it('ends up with the file\'s credentials when several start at once in one process', async () => {
    const file = join(dir, 'in-process.json');
    const emulators = await Promise.all(Array.from({ length: 4 }, () => startEmulator({ port: 0, quiet: true, credentialsFile: file })));
    const held = JSON.parse(readFileSync(file, 'utf8')) as { apiToken: string };
    expect(emulators.map((emu) => emu.credentials.apiToken)).toEqual(Array(4).fill(held.apiToken));
    await Promise.all(emulators.map((emu) => emu.close()));
  });
});

/** The headers of an embed page (or any route) of a running emulator. */
function headersOf(url: string): Promise<{ status: number; headers: Record<string, string | string[] | undefined> }> {
  return new Promise((resolve, reject) => {
    const outgoing = request(url, (incoming) => {
      incoming.resume();
      incoming.on('end', () => resolve({ status: incoming.statusCode ?? 0, headers: incoming.headers }));
    });
    outgoing.on('error', reject);
    outgoing.end();
  });
}

/** Every Content-Security-Policy directive of an answer, whichever header carries it. */
const directives = (headers: Record<string, string | string[] | undefined>): string[] =>
  [headers['content-security-policy'] ?? []].flat().flatMap((value) => value.split(/\s*[;,]\s*/));

describe('frameAncestors', () => {
  it.each([
    ['none', "frame-ancestors 'none'"],
    ['self', "frame-ancestors 'self'"],
    [['https://app.example.com', 'http://localhost:3000'], 'frame-ancestors https://app.example.com http://localhost:3000'],
  ] as const)('%j sends the directive with every embed page, keeping the page\'s own policy', async (frameAncestors, directive) => {
    const emu = await startEmulator({ port: 0, quiet: true, frameAncestors });
    try {
      for (const path of ['/embed/dashboard/sales-overview', '/embed/chat', '/embed/d/42/app', '/embed/dashboard/missing']) {
        const { headers } = await headersOf(`${emu.url}${path}`);
        expect(directives(headers), path).toContain(directive);
        expect(directives(headers), path).toContain("default-src 'self'");
      }
      // Not on the APIs or the page's script.
      expect(directives((await headersOf(`${emu.url}/_emulator/page.js`)).headers).join()).not.toContain('frame-ancestors');
    } finally {
      await emu.close();
    }
  });

  it('sends no frame-ancestors directive by default', async () => {
    const emu = await startEmulator({ port: 0, quiet: true });
    try {
      expect(directives((await headersOf(`${emu.url}/embed/dashboard/sales-overview`)).headers).join()).not.toContain('frame-ancestors');
    } finally {
      await emu.close();
    }
  });
});

describe('the command line', () => {
  const CLI = 'dist/cli.js';
  const children: ChildProcess[] = [];
  afterEach(() => {
    for (const child of children.splice(0)) child.kill('SIGKILL');
  });

  /** Runs the CLI; resolves with its output once `until` matches it or it exits. */
  function run(args: string[], until: RegExp): Promise<{ output: string; exit: number | null }> {
    const child = spawn(process.execPath, [CLI, 'emulator', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    children.push(child);
    let output = '';
    return new Promise((resolve) => {
      const read = (chunk: Buffer) => {
        output += chunk.toString();
        if (until.test(output)) resolve({ output, exit: null });
      };
      child.stdout?.on('data', read);
      child.stderr?.on('data', read);
      child.on('exit', (code) => resolve({ output, exit: code }));
    });
  }

  it('is built (npm test builds before running tests)', () => {
    expect(existsSync(CLI)).toBe(true);
  });

  it.each([
    [['--embed-token-ttl', '1h', '--embed-token-trust-margin', '2h'], /SVC806: The embed token trust margin/],
    [['--credentials-file', ''], /SVC808: credentialsFile must be the path of a file/],
    [['--frame-ancestors', 'everyone'], /SVC807: frameAncestors: "everyone" is not an http\(s\) origin/],
  ])('refuses %j with a code and exit status 1', async (args, message) => {
    const result = await run(['--port', '0', ...args], /$^/);
    expect(result.exit).toBe(1);
    expect(result.output).toMatch(message);
  });

  it('serves unframeable pages with --frame-ancestors none', async () => {
    const { output } = await run(['--port', '0', '--frame-ancestors', 'none'], /aiApiKey/);
    const url = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output)?.[1];
    expect(directives((await headersOf(`${url}/embed/dashboard/sales-overview`)).headers)).toContain("frame-ancestors 'none'");
  });

  it('gives both emulators the file\'s credentials when two processes start at the same instant, ten times over', async () => {
    /** A process that starts an emulator at the instant it is told; each answer is one line. */
    const racer = () => {
      const child = spawn(process.execPath, ['test/node/emulator/support/startOnSignal.mjs'], { stdio: ['pipe', 'pipe', 'inherit'] });
      children.push(child);
      const answers: string[] = [];
      const waiting: ((line: string) => void)[] = [];
      let buffer = '';
      child.stdout?.on('data', (chunk: Buffer) => {
        buffer += chunk.toString();
        for (let end = buffer.indexOf('\n'); end >= 0; end = buffer.indexOf('\n')) {
          const line = buffer.slice(0, end);
          buffer = buffer.slice(end + 1);
          const next = waiting.shift();
          if (next) next(line);
          else answers.push(line);
        }
      });
      const nextLine = () => new Promise<string>((resolve) => (answers.length > 0 ? resolve(answers.shift() as string) : waiting.push(resolve)));
      return { child, nextLine };
    };
    const racers = [racer(), racer()];
    expect(await Promise.all(racers.map((r) => r.nextLine()))).toEqual(['loaded', 'loaded']);
    for (let round = 0; round < 10; round += 1) {
      const file = join(dir, `instant-${round}.json`);
      // Both spin until the same instant, a little ahead so both are waiting.
      const at = Date.now() + 200;
      for (const r of racers) r.child.stdin?.write(`go ${at} ${file}\n`);
      const answers = await Promise.all(racers.map((r) => r.nextLine()));
      const held = JSON.parse(readFileSync(file, 'utf8')) as { apiToken: string };
      expect(answers, `round ${round}`).toEqual([`started ${held.apiToken}`, `started ${held.apiToken}`]);
    }
  }, 60_000);

  it('runs the credentials the file holds when three start at once with the same new file', async () => {
    const file = join(dir, 'raced.json');
    const results = await Promise.all(Array.from({ length: 3 }, () => run(['--port', '0', '--credentials-file', file], /aiApiKey\s+\S+/)));
    const held = JSON.parse(readFileSync(file, 'utf8')) as { apiToken: string; aiApiKey: string };
    for (const { output, exit } of results) {
      expect(exit, output).toBeNull();
      expect(/apiToken\s+(\S+)/.exec(output)?.[1]).toBe(held.apiToken);
      expect(/aiApiKey\s+(\S+)/.exec(output)?.[1]).toBe(held.aiApiKey);
      // And each serves with them.
      const url = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output)?.[1];
      const answer = await fetch(`${url}/api/v1/deployments`, { headers: { authorization: `Bearer ${held.apiToken}` } });
      expect(answer.status).toBe(200);
    }
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readdirSync(dir).filter((name) => name.endsWith('.tmp'))).toEqual([]);
  }, 60_000);
});
