// Installs the consumer projects the way an app installs the package: from the packed tarball of the
// current build (run after `npm run build`), into each project's own lockfile-pinned node_modules.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const quiet = ['--no-audit', '--no-fund', '--loglevel=error'];
const npm = (args, cwd) => execFileSync('npm', args, { cwd, stdio: ['ignore', 'ignore', 'inherit'] });

const packs = mkdtempSync(join(tmpdir(), 'svc-pack-'));
try {
  npm(['pack', '--pack-destination', packs, '--loglevel=error'], root);
  const tarball = join(packs, readdirSync(packs).find((name) => name.endsWith('.tgz')));
  // Every consumer project under examples/, or only those named on the command line (`... next`).
  const names = process.argv.length > 2 ? process.argv.slice(2) : ['jest', 'next', 'react-router'];
  for (const name of names) {
    const project = join(root, 'examples', name);
    npm(['ci', ...quiet], project);
    npm(['install', '--no-save', ...quiet, tarball], project);
  }
} finally {
  rmSync(packs, { recursive: true, force: true });
}
