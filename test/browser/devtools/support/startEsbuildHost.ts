import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build as esbuild } from 'esbuild';
import { serveBuildOutput } from '../../e2e/support/hostApp.js';

const repo = fileURLToPath(new URL('../../../../', import.meta.url));

/**
 * Bundles the devtools host (an embed and the devtools panel, `../host/`) with esbuild against the built
 * package, in development or production mode (minified), and serves it on 127.0.0.1. esbuild's browser builds
 * keep no `process`: the mode reaches the code through its `process.env.NODE_ENV` replacement only.
 */
export async function startEsbuildHost(mode: 'development' | 'production'): Promise<{ url: string; close: () => Promise<void> }> {
  const outDir = mkdtempSync(join(tmpdir(), `svc-devtools-esbuild-${mode}-`));
  const host = fileURLToPath(new URL('../host/', import.meta.url));
  await esbuild({
    entryPoints: [join(host, 'main.tsx')],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    jsx: 'automatic',
    minify: mode === 'production',
    define: { 'process.env.NODE_ENV': JSON.stringify(mode) },
    alias: { 'svc-embed-react/devtools': join(repo, 'dist/devtools/index.js'), 'svc-embed-react': join(repo, 'dist/index.js') },
    outfile: join(outDir, 'main.js'),
    logLevel: 'silent',
  });
  writeFileSync(join(outDir, 'index.html'), readFileSync(join(host, 'index.html'), 'utf8').replace('./main.tsx', './main.js'));
  return serveBuildOutput(outDir);
}
