// Builds the static playground (`storybook build`) the suite serves to Chromium, once for a run: `npm test`
// starts it beside type-checking, and the test files that read it find it done. Run again, it rebuilds only
// when the stories, the Storybook settings, the library's sources or the installed packages changed since.
//
//   node test/config/buildStaticPlayground.mjs [production|development ...]
//
// Several modes build one after the other: two builds at once beside type-checking and the unit tests would
// slow every one of them.
//
// `production` (the default) is what `npm run build-storybook` makes, the site a reader gets: the docs site and
// the build's own index are tested on it. `development` is the same site built as `npm start` serves it, with
// the library's development checks and its message inspector on: every story through axe (with the inspector
// open) and the recipes (whose figures include the inspector's) are tested on it, without a dev server
// compiling each page on its first visit.
//
// The emulators' addresses are not known when the build runs (they listen on free ports later, in the browser
// tests' global setup): the build gets the placeholders below instead, which the test server replaces in what
// it serves (test/browser/support/serveStaticPlayground.ts). Everything else is what `npm run build-storybook`
// produces.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { playgroundTenants } from '../../.storybook/playgroundTenants.mjs';
import { digestFiles } from './digestFiles.mjs';
import { withDirectoryLock } from './withDirectoryLock.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));

/** Where the build of `mode` goes: a cache, outside what Git or the package sees. */
export const outputDirOf = (mode) => join(root, `node_modules/.cache/svc-static-playground-${mode}`);

/**
 * The stamp beside a build, written when it is complete: the digest of its inputs and the placeholders it was
 * built with (the test server reads them there).
 */
const stampFileOf = (mode) => `${outputDirOf(mode)}.json`;

/** The playground's emulators by the variable the stories read, and the placeholder the build gets for each. */
export const placeholders = Object.fromEntries(
  Object.entries(playgroundTenants).map(([name, { url }]) => [url, `http://svc-playground-${name}.invalid`]),
);

/** What the build reads: a change to any of these makes the previous build stale. */
const inputs = ['stories', '.storybook', 'src', 'package-lock.json'];

/** Builds the static playground in `mode` unless the build there is current. Returns whether it built. */
export function ensureStaticPlayground(mode) {
  const outputDir = outputDirOf(mode);
  const stampFile = stampFileOf(mode);
  // The browser tests' global setup and the Node test of the build may both find the build stale at once.
  return withDirectoryLock(`${outputDir}.lock`, () => {
    const wanted = JSON.stringify({ digest: digestFiles(root, inputs), placeholders });
    if (existsSync(join(outputDir, 'index.json')) && existsSync(stampFile) && readFileSync(stampFile, 'utf8') === wanted) return false;
    rmSync(stampFile, { force: true });
    execFileSync(process.execPath, [join(root, 'node_modules/storybook/dist/bin/dispatcher.js'), 'build', '-o', outputDir, '--quiet'], {
      cwd: root,
      // The mode, whatever the caller's environment says (a test runner sets NODE_ENV=test).
      env: { ...process.env, ...placeholders, NODE_ENV: mode, STORYBOOK_DISABLE_TELEMETRY: '1' },
      stdio: ['ignore', 'ignore', 'inherit'],
      maxBuffer: 64 * 1024 * 1024,
    });
    writeFileSync(stampFile, wanted);
    return true;
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const modes = process.argv.length > 2 ? process.argv.slice(2) : ['production'];
  if (modes.some((mode) => mode !== 'production' && mode !== 'development')) {
    console.error('usage: node test/config/buildStaticPlayground.mjs [production|development ...]');
    process.exit(2);
  }
  for (const mode of modes) {
    const started = Date.now();
    const built = ensureStaticPlayground(mode);
    console.log(`static playground (${mode}) ${built ? 'built' : 'current'} in ${((Date.now() - started) / 1000).toFixed(1)} s: ${relative(root, outputDirOf(mode))}`);
  }
}
