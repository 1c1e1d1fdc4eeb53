import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { withDirectoryLock } from '../../../config/withDirectoryLock.mjs';
import { freePort } from '../../../support/freePort.js';

const repo = fileURLToPath(new URL('../../../../', import.meta.url));
/** The example app, with its own package.json and lockfile. */
export const exampleDir = join(repo, 'examples/next');
const nextBin = join(exampleDir, 'node_modules/next/dist/bin/next');

/**
 * Makes sure examples/next has its dependencies and the package as currently built (from the packed tarball,
 * as `npm run test:setup` installs it). Running this file alone after a rebuild reinstalls it.
 */
export function ensureExampleInstalled(): void {
  // Two files of the example run at the same time: one installs while the other waits, then finds it current.
  // Outside the repository (nothing to ignore if a run dies holding it), one per checkout.
  const lock = join(tmpdir(), `svc-next-install-${createHash('sha256').update(exampleDir).digest('hex').slice(0, 12)}.lock`);
  withDirectoryLock(lock, () => {
    const installed = join(exampleDir, 'node_modules/svc-embed-react/dist');
    const current = existsSync(nextBin) && existsSync(installed) && digest(installed) === digest(join(repo, 'dist'));
    if (!current) {
      execFileSync(process.execPath, [join(repo, 'test/node/consumers/installConsumers.mjs'), 'next'], {
        cwd: repo,
        stdio: 'inherit',
      });
    }
  }, { timeoutMs: 600_000 });
}

/** A hash of every file under `dir` (names and contents), to tell whether two builds are the same. */
function digest(dir: string): string {
  const hash = createHash('sha256');
  const files = readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)))
    .sort();
  for (const file of files) hash.update(file).update('\0').update(readFileSync(join(dir, file))).update('\0');
  return hash.digest('hex');
}

/** A Next.js command of the example, with its output kept for error messages. */
interface NextProcess {
  readonly child: ChildProcess;
  output: string;
  /** Its standard error alone: where `console.error` and Next.js's own failure reports go. */
  errors: string;
}

function runNext(args: readonly string[], env: Record<string, string>): NextProcess {
  const child = spawn(process.execPath, [nextBin, ...args], {
    cwd: exampleDir,
    // No telemetry (the machine has no internet); the server gets its settings from the environment.
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1', ...env },
    // Its own process group: `next start`/`next dev` start children that stopping the parent alone leaves running.
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const run: NextProcess = { child, output: '', errors: '' };
  const keep = (chunk: Buffer) => {
    run.output = (run.output + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', (chunk: Buffer) => {
    keep(chunk);
    run.errors = (run.errors + chunk.toString()).slice(-20_000);
  });
  return run;
}

const exited = (child: ChildProcess): Promise<number | null> =>
  child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve(child.exitCode)
    : new Promise((resolve) => child.once('exit', (code) => resolve(code)));

/** Runs `next build` in the example; throws with the build's output when it fails. Returns its duration in ms. */
export async function buildExample(): Promise<number> {
  const started = Date.now();
  const build = runNext(['build'], {});
  const code = await exited(build.child);
  if (code !== 0) throw new Error(`next build failed (exit ${code}):\n${build.output}`);
  return Date.now() - started;
}

/** A running `next start` or `next dev`. */
export interface RunningNext {
  readonly url: string;
  /** Everything it printed so far (the last 20,000 characters). */
  output(): string;
  /** What it printed to standard error so far (the last 20,000 characters). */
  errors(): string;
  /** Stops the whole process group. */
  stop(): Promise<void>;
}

/**
 * Starts `next start` (production build) or `next dev` on 127.0.0.1 and a free port, and waits until it
 * answers. `env` reaches the server code at request time (the tenant, the API token).
 */
export async function startNext(mode: 'start' | 'dev', env: Record<string, string>): Promise<RunningNext> {
  const port = await freePort();
  const run = runNext([mode, '--hostname', '127.0.0.1', '--port', String(port)], env);
  const url = `http://127.0.0.1:${port}`;
  const pid = run.child.pid;
  // If the test run ends without afterAll (a crash, an interrupt), the server must not outlive it.
  const killGroup = (): void => {
    try {
      if (pid !== undefined) process.kill(-pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  };
  process.once('exit', killGroup);
  const stop = async (): Promise<void> => {
    process.off('exit', killGroup);
    if (pid === undefined || run.child.exitCode !== null || run.child.signalCode !== null) return;
    const done = exited(run.child);
    process.kill(-pid, 'SIGTERM');
    const timer = setTimeout(killGroup, 5_000);
    await done;
    clearTimeout(timer);
  };
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (run.child.exitCode !== null) throw new Error(`next ${mode} exited (${run.child.exitCode}):\n${run.output}`);
    try {
      const response = await fetch(`${url}/`, { signal: AbortSignal.timeout(5_000) });
      if (response.ok) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`next ${mode} did not answer on ${url} within 90 s:\n${run.output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return { url, output: () => run.output, errors: () => run.errors, stop };
}
