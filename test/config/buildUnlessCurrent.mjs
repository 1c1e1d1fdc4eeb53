// Runs `npm run build` unless dist/ is already the build of the sources as they are. `npm ci` in a fresh clone
// builds the package (`prepare`), and `npm test` right after it would build the same files again: both call
// this instead, so the second finds the first's build current.
//
//   node test/config/buildUnlessCurrent.mjs
//
// The stamp beside the build records the digest of what the build reads and of the dist/ it wrote. The build
// counts as current only while both match: an edited source, a changed setting or lockfile, and a dist/ that
// anything else rewrote since (a plain `npm run build` of other sources) all build again.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { digestFiles } from './digestFiles.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));

/** What `npm run build` reads (vite.config.ts's plugins and the declarations' compiler settings included). */
const inputs = ['src', 'test/config/internalPropertyNames.ts', 'vite.config.ts', 'package.json', 'package-lock.json', 'tsconfig.json'];

/** Outside dist/ (which is packed) and outside Git's view. */
const stampFile = join(root, 'node_modules/.cache/svc-build.json');

const wanted = digestFiles(root, inputs);
const stamp = existsSync(stampFile) ? readFileSync(stampFile, 'utf8') : '';
if (existsSync(join(root, 'dist/index.js')) && stamp === JSON.stringify({ inputs: wanted, dist: digestFiles(root, ['dist']) })) {
  console.log('[build] dist/ is the build of the current sources: not building again');
} else {
  execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  mkdirSync(dirname(stampFile), { recursive: true });
  // A new file renamed over the old: a checkout whose node_modules is hard-linked from this one (the
  // fresh-clone test's) replaces its own entry, never the file both share.
  const written = `${stampFile}.${process.pid}`;
  writeFileSync(written, JSON.stringify({ inputs: wanted, dist: digestFiles(root, ['dist']) }));
  renameSync(written, stampFile);
}
