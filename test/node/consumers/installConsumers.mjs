// Installs the consumer projects the way an app installs the package: from the packed tarball of the
// current build (run after `npm run build`), into each project's own lockfile-pinned node_modules.
import { execFile, execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const quiet = ['--no-audit', '--no-fund', '--loglevel=error'];
const npm = (args, cwd) => execFileSync('npm', args, { cwd, stdio: ['ignore', 'ignore', 'inherit'] });
/** `npm` without blocking; its error output is kept and reported with the project when it fails. */
const npmAsync = (args, cwd) =>
  new Promise((resolve, reject) => {
    execFile('npm', args, { cwd, maxBuffer: 64 * 1024 * 1024 }, (error, _stdout, stderr) => {
      if (stderr) process.stderr.write(stderr);
      if (error) reject(new Error(`npm ${args[0]} in ${cwd} failed: ${error.message}`));
      else resolve();
    });
  });

const packs = mkdtempSync(join(tmpdir(), 'svc-pack-'));
try {
  // The build is there already (run after `npm run build`): `prepack` would build it again, under the files
  // that read it meanwhile.
  npm(['pack', '--ignore-scripts', '--pack-destination', packs, '--loglevel=error'], root);
  const tarball = join(packs, readdirSync(packs).find((name) => name.endsWith('.tgz')));
  // Every consumer project under examples/, or only those named on the command line (`... next`).
  const names = process.argv.length > 2 ? process.argv.slice(2) : ['jest', 'next', 'react-compiler', 'react-router'];
  // The projects install at the same time: an install mostly waits on the network and the disk. Each one
  // ends before the tarball is removed, also when another failed.
  const installs = await Promise.allSettled(
    names.map(async (name) => {
      const project = join(root, 'examples', name);
      await npmAsync(['ci', ...quiet], project);
      await npmAsync(['install', '--no-save', ...quiet, tarball], project);
    }),
  );
  const failed = installs.find((install) => install.status === 'rejected');
  if (failed) throw failed.reason;
} finally {
  rmSync(packs, { recursive: true, force: true });
}
