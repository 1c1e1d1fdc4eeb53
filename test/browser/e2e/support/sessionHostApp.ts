import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { build } from 'vite';
import { serveBuildOutput } from './hostApp.js';

const here = fileURLToPath(new URL('.', import.meta.url));
const repo = fileURLToPath(new URL('../../../../', import.meta.url));

/**
 * Builds the session lifecycle host app (`../sessionHost`) as an app ships it, a production build against the
 * built package, and serves it on 127.0.0.1.
 */
export async function startSessionHostApp(): Promise<{ url: string; close: () => Promise<void> }> {
  const outDir = mkdtempSync(join(tmpdir(), 'svc-session-host-'));
  await build({
    configFile: false,
    logLevel: 'silent',
    mode: 'production',
    root: join(here, '../sessionHost'),
    plugins: [react()],
    resolve: { alias: [{ find: /^svc-embed-react$/, replacement: join(repo, 'dist/index.js') }] },
    // Said outright: Vite takes NODE_ENV from the environment when it is set, and the test runner sets it to
    // `test`, which would give React's development build, the library's development checks and JSX compiled
    // for development (whose runtime React's production build does not have).
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    oxc: { jsx: { runtime: 'automatic', development: false } },
    // Left readable (a failure's stack names the library's own functions); production all the same: React's
    // production build, and the library's development checks folded away.
    build: { outDir, emptyOutDir: true, minify: false },
  });
  return serveBuildOutput(outDir);
}
