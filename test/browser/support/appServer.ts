import { type ChildProcess, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/** A hash of every file under `dir` (names and contents), to tell whether two builds are the same. */
export function digestDirectory(dir: string): string {
  const hash = createHash('sha256');
  const files = readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)))
    .sort();
  for (const file of files) hash.update(file).update('\0').update(readFileSync(join(dir, file))).update('\0');
  return hash.digest('hex');
}

/** A command of an example app (its build or its server), with its output kept for error messages. */
export interface AppProcess {
  readonly child: ChildProcess;
  /** Everything it printed so far (the last 20,000 characters). */
  output: string;
  /** Its standard error alone: where the app's `console.error` and the framework's failure reports go. */
  errors: string;
}

/** Starts `args` with the Node binary `node` in `cwd`, with `env` added to this process's environment. */
export function runApp(node: string, args: readonly string[], cwd: string, env: Record<string, string>): AppProcess {
  const child = spawn(node, args, {
    cwd,
    env: { ...process.env, ...env },
    // Its own process group: a framework's server starts children that stopping the parent alone leaves running.
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const run: AppProcess = { child, output: '', errors: '' };
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

/** Resolves with the exit code once `child` has ended (null when a signal ended it). */
export const exited = (child: ChildProcess): Promise<number | null> =>
  child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve(child.exitCode)
    : new Promise((resolve) => child.once('exit', (code) => resolve(code)));

/** A running example server. */
export interface RunningApp {
  readonly url: string;
  /** Everything it printed so far (the last 20,000 characters). */
  output(): string;
  /** What it printed to standard error so far (the last 20,000 characters). */
  errors(): string;
  /** Stops the whole process group. */
  stop(): Promise<void>;
}

/** How long to wait for a server. */
export interface ServeTimes {
  /** Milliseconds until its first answer on `/`. */
  readonly startMs: number;
  /** Milliseconds between SIGTERM and SIGKILL when it is stopped. */
  readonly stopGraceMs: number;
  /** Milliseconds between two tries of `/` while it starts. */
  readonly pollMs: number;
}

/**
 * Waits until the server `run` answers `url` with a success, and returns how to read and stop it. `name` says
 * which server failed in an error. Throws with its output when it exits first or does not answer in time.
 */
export async function whenServing(run: AppProcess, url: string, name: string, times: ServeTimes): Promise<RunningApp> {
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
    const timer = setTimeout(killGroup, times.stopGraceMs);
    await done;
    clearTimeout(timer);
  };
  const deadline = Date.now() + times.startMs;
  for (;;) {
    if (run.child.exitCode !== null) throw new Error(`${name} exited (${run.child.exitCode}):\n${run.output}`);
    try {
      const response = await fetch(`${url}/`, { signal: AbortSignal.timeout(5_000) });
      if (response.ok) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`${name} did not answer on ${url} within ${times.startMs / 1000} s:\n${run.output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, times.pollMs));
  }
  return { url, output: () => run.output, errors: () => run.errors, stop };
}
