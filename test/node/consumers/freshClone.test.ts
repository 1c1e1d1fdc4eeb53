import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, expect, it } from 'vitest';

const run = promisify(execFile);
const repo = fileURLToPath(new URL('../../../', import.meta.url));
const quiet = ['--no-audit', '--no-fund', '--loglevel=error'];
const work = mkdtempSync(join(tmpdir(), 'svc-fresh-clone-'));

// The linked node_modules is thousands of files to unlink.
afterAll(() => rm(work, { recursive: true, force: true }), 60_000);

/** Runs `command` in `cwd` and returns its standard output; fails with what it printed. */
async function sh(command: string, args: readonly string[], cwd: string): Promise<string> {
  try {
    return (await run(command, args, { cwd, maxBuffer: 64 * 1024 * 1024, encoding: 'utf8' })).stdout;
  } catch (error) {
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
    throw new Error(`${command} ${args.join(' ')} (in ${cwd}) failed: ${(error as Error).message}\n${stdout}\n${stderr}`);
  }
}

/** How long each step took, printed at the end. */
const times: string[] = [];
async function step<T>(name: string, body: () => Promise<T>): Promise<T> {
  const started = Date.now();
  const result = await body();
  times.push(`${name} ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return result;
}

// What a user without a registry release does: clone the repository, `npm pack` it, and install the tarball into
// their app. The clone is of the committed HEAD, with no dist/ (it is not committed): `prepack` must build it.
// Its dependencies are the checkout's own, linked rather than installed (`npm ci` of every development tool would
// cost a minute and proves nothing about the package).
it('a fresh clone packs with its build, and an app installs the tarball and imports every entry', async () => {
  const clone = join(work, 'clone');
  const head = (await sh('git', ['rev-parse', 'HEAD'], repo)).trim();
  await step('clone', async () => {
    await sh('git', ['clone', '--quiet', '--shared', '--no-checkout', repo, clone], work);
    await sh('git', ['checkout', '--quiet', head], clone);
  });
  expect(existsSync(join(clone, 'dist'))).toBe(false);
  await step('link node_modules', async () => {
    try {
      // Hard links: the clone's tools resolve from its own folder, and nothing written there reaches the checkout.
      await sh('cp', ['-al', join(repo, 'node_modules'), join(clone, 'node_modules')], work);
    } catch {
      // Another file system (hard links cannot cross it): a link to the folder.
      symlinkSync(join(repo, 'node_modules'), join(clone, 'node_modules'), 'dir');
    }
  });

  const packs = join(work, 'packs');
  mkdirSync(packs);
  // `npm pack` runs `prepack` (the build) first.
  await step('npm pack (prepack builds)', () => sh('npm', ['pack', '--pack-destination', packs, ...quiet], clone));
  const tarballs = readdirSync(packs).filter((name) => name.endsWith('.tgz'));
  expect(tarballs).toHaveLength(1);
  const tarball = join(packs, tarballs[0] as string);
  const listed = await sh('tar', ['-tzf', tarball], work);
  const manifest = JSON.parse(readFileSync(join(clone, 'package.json'), 'utf8')) as {
    exports: Record<string, unknown>;
    bin: Record<string, string>;
  };
  // Every file an entry or the command names is in the tarball.
  const named = JSON.stringify([manifest.exports, manifest.bin]).match(/\.\/dist\/[^"]+/g) ?? [];
  expect(named.length).toBeGreaterThan(20);
  for (const file of new Set(named)) expect(listed, file).toContain(`package/${file.slice(2)}`);

  const app = join(work, 'app');
  mkdirSync(app);
  writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'an-app', private: true, type: 'module' }));
  // React and react-dom come as the package's peer dependencies; from npm's cache when it has them.
  await step('npm install <tarball>', () => sh('npm', ['install', '--prefer-offline', ...quiet, tarball], app));

  const entries = Object.keys(manifest.exports)
    .filter((key) => key !== './package.json')
    .map((key) => `svc-embed-react${key.slice(1)}`);
  expect(entries).toContain('svc-embed-react');
  // Each entry imported as an app's ES module does, and required as CommonJS where the package offers it.
  const script = `
    import { createRequire } from 'node:module';
    const require = createRequire(import.meta.url);
    const entries = ${JSON.stringify(entries)};
    const seen = {};
    for (const entry of entries) {
      const esm = Object.keys(await import(entry)).length;
      const cjs = entry.endsWith('/emulator') ? null : Object.keys(require(entry)).length;
      seen[entry] = [esm, cjs];
    }
    console.log(JSON.stringify(seen));`;
  const seen = JSON.parse(await step('import every entry', () => sh(process.execPath, ['--input-type=module', '-e', script], app))) as Record<
    string,
    [number, number | null]
  >;
  for (const entry of entries) {
    const [esm, cjs] = seen[entry] ?? [0, 0];
    expect(esm, `${entry} (import)`).toBeGreaterThan(0);
    if (!entry.endsWith('/emulator')) expect(cjs, `${entry} (require)`).toBe(esm);
  }
  const imported = await sh(process.execPath, ['--input-type=module', '-e', "const { SvcDashboard } = await import('svc-embed-react'); console.log(typeof SvcDashboard)"], app);
  expect(imported.trim()).toBe('object');
  // The command-line tool the package declares.
  expect(await sh(join(app, 'node_modules/.bin/svc-embed'), ['--help'], app)).toContain('svc-embed emulator');
  console.log(`[fresh clone] ${times.join(', ')}`);
}, 240_000);
