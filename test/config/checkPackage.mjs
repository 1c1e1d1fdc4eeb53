// `npm run check:package`: the package as it would be published, packed once and checked three ways: publint
// (the package.json's fields against the packed files), and Are the Types Wrong for every entry under each
// resolution mode (the emulator, Node-only and ESM-only, under its own profile). Each check used to pack the
// package again; packing is most of what they cost.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));
const bin = (name) => join(root, 'node_modules/.bin', name);
const run = (command, args) => execFileSync(command, args, { cwd: root, stdio: 'inherit' });

const packs = mkdtempSync(join(tmpdir(), 'svc-check-package-'));
try {
  // The build is already there (`npm test` builds first): `prepack` would build it again.
  execFileSync('npm', ['pack', '--ignore-scripts', '--pack-destination', packs, '--loglevel=error'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  const tarball = join(packs, readdirSync(packs).find((name) => name.endsWith('.tgz')));
  run(bin('publint'), ['run', '--strict', tarball]);
  run(bin('attw'), [tarball, '--exclude-entrypoints', './emulator']);
  run(bin('attw'), [tarball, '--entrypoints', './emulator', '--profile', 'esm-only']);
} finally {
  rmSync(packs, { recursive: true, force: true });
}
