import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { withDirectoryLock } from '../../../config/withDirectoryLock.mjs';
import { freePort } from '../../../support/freePort.js';
import { type AppProcess, digestDirectory, exited, type RunningApp, runApp, whenServing } from '../../support/appServer.js';

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
    const current = existsSync(nextBin) && existsSync(installed) && digestDirectory(installed) === digestDirectory(join(repo, 'dist'));
    if (!current) {
      execFileSync(process.execPath, [join(repo, 'test/node/consumers/installConsumers.mjs'), 'next'], {
        cwd: repo,
        stdio: 'inherit',
      });
    }
  }, { timeoutMs: 600_000 });
}

/** A Next.js command of the example. No telemetry (the machine has no internet). */
const runNext = (args: readonly string[], env: Record<string, string>): AppProcess =>
  runApp(process.execPath, [nextBin, ...args], exampleDir, { NEXT_TELEMETRY_DISABLED: '1', ...env });

/**
 * Runs `next build` in the example with `env` (what it bakes in); throws with the build's output when it
 * fails. Returns its duration in ms and what it printed (its table of routes).
 */
export async function buildExample(env: Record<string, string>): Promise<{ ms: number; output: string }> {
  const started = Date.now();
  const build = runNext(['build'], env);
  const code = await exited(build.child);
  if (code !== 0) throw new Error(`next build failed (exit ${code}):\n${build.output}`);
  return { ms: Date.now() - started, output: build.output };
}

/**
 * Starts `next start` (production build) or `next dev` on 127.0.0.1 and a free port, and waits until it
 * answers. `env` reaches the server code at request time (the tenant, the API token).
 */
export async function startNext(mode: 'start' | 'dev', env: Record<string, string>): Promise<RunningApp> {
  const port = await freePort();
  const run = runNext([mode, '--hostname', '127.0.0.1', '--port', String(port)], env);
  return whenServing(run, `http://127.0.0.1:${port}`, `next ${mode}`, { startMs: 90_000, stopGraceMs: 5_000, pollMs: 250 });
}
