// Size: min+gzip bytes of what an app pays for each SDK when bundled for the browser, with react and
// react-dom external (so everything else, zod and zustand included, counts).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';

import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { rolldown } from 'rolldown';

const here = fileURLToPath(new URL('.', import.meta.url));
const dist = fileURLToPath(new URL('../dist/', import.meta.url));

/** What is measured: the import an app writes. Ours come from the built package. */
export const SIZE_CASES = [
  { name: 'svc-embed-react', what: "import { SvcDashboard }", code: `export { SvcDashboard } from '${dist}index.js';`, ours: true },
  { name: 'svc-embed-react/protocol', what: 'the whole entry', code: `export * from '${dist}protocol/index.js';`, ours: true },
  { name: '@sigmacomputing/react-embed-sdk', what: 'the whole entry', code: "export * from '@sigmacomputing/react-embed-sdk';" },
  { name: '@thoughtspot/visual-embed-sdk/react', what: 'import { LiveboardEmbed }', code: "export { LiveboardEmbed } from '@thoughtspot/visual-embed-sdk/react';" },
  { name: '@looker/embed-sdk', what: 'import { getEmbedSDK }', code: "export { getEmbedSDK } from '@looker/embed-sdk';" },
  { name: 'powerbi-client-react', what: 'import { PowerBIEmbed }', code: "export { PowerBIEmbed } from 'powerbi-client-react';" },
  { name: '@tableau/embedding-api-react', what: 'import { TableauViz }', code: "export { TableauViz } from '@tableau/embedding-api-react';" },
  { name: '@superset-ui/embedded-sdk', what: 'import { embedDashboard }', code: "export { embedDashboard } from '@superset-ui/embedded-sdk';" },
];

/**
 * Bundles one import as an app's production build does (process.env.NODE_ENV replaced, minified):
 * the code and the modules it took in.
 */
export async function bundleForBrowser(code) {
  const dir = mkdtempSync(join(here, '.size-'));
  try {
    const entry = join(dir, 'entry.js');
    writeFileSync(entry, code);
    const bundle = await rolldown({
      input: entry,
      cwd: here,
      platform: 'browser',
      external: [/^react($|\/)/, /^react-dom($|\/)/],
      logLevel: 'silent',
      transform: { define: { 'process.env.NODE_ENV': '"production"' } },
    });
    const { output } = await bundle.generate({ format: 'es', minify: true });
    await bundle.close();
    const chunks = output.filter((chunk) => chunk.type === 'chunk');
    return { js: chunks.map((chunk) => chunk.code).join('\n'), modules: chunks.flatMap((chunk) => Object.keys(chunk.modules)) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The same production bundle made by esbuild (what webpack-free setups, older Vite and many tools use), as its
 * command line does it: `--bundle --minify --format=esm --platform=browser` with react and react-dom external.
 * It keeps a different set of code than rolldown and its output gzips differently, so each has a budget.
 */
export async function bundleWithEsbuild(code) {
  const result = await build({
    stdin: { contents: code, resolveDir: here, sourcefile: 'entry.js', loader: 'js' },
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    external: ['react', 'react-dom', 'react/*', 'react-dom/*'],
    define: { 'process.env.NODE_ENV': '"production"' },
    metafile: true,
    write: false,
    logLevel: 'silent',
  });
  const output = Object.values(result.metafile.outputs)[0];
  return { js: result.outputFiles[0].text, modules: Object.keys(output?.inputs ?? {}) };
}

/** Bundles one import: its minified and gzip sizes in bytes, and the modules it took in. */
export async function measureBundle(code, bundler = 'rolldown') {
  const { js, modules } = await (bundler === 'esbuild' ? bundleWithEsbuild(code) : bundleForBrowser(code));
  return { minified: Buffer.byteLength(js), gzip: gzipSync(js, { level: 9 }).length, modules };
}

/** Every size case; a peer that fails to bundle is reported, not fatal. */
export async function measureSizes() {
  const rows = [];
  for (const item of SIZE_CASES) {
    try {
      const { modules: _modules, ...sizes } = await measureBundle(item.code);
      // esbuild only for ours: the peer SDKs are compared as rolldown bundles them.
      const esbuildGzip = item.ours ? (await measureBundle(item.code, 'esbuild')).gzip : undefined;
      rows.push({ ...item, ...sizes, ...(esbuildGzip === undefined ? {} : { esbuildGzip }) });
    } catch (error) {
      rows.push({ ...item, error: String(error?.message ?? error).split('\n')[0] });
    }
  }
  return rows;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const row of await measureSizes()) {
    const esbuild = row.esbuildGzip === undefined ? '' : ` (esbuild: ${row.esbuildGzip} B gzip)`;
    console.log(row.name.padEnd(40), row.error ?? `${row.gzip} B gzip, ${row.minified} B min${esbuild}`);
  }
}
