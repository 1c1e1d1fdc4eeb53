import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build as esbuild } from 'esbuild';
import { rolldown } from 'rolldown';
import { build as viteBuild, type Rollup } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// An app that renders `<SvcDevtools />`, bundled the way apps bundle it: the package resolved by name
// through its `exports` (node_modules link), `process.env.NODE_ENV` replaced, minified, React left out so
// only our code counts. `npm test` builds the package first.
const repo = fileURLToPath(new URL('../../../', import.meta.url));
const APP = `
import { createElement } from 'react';
import { SvcDashboard } from 'svc-embed-react';
import { SvcDevtools } from 'svc-embed-react/devtools';
export const app = [createElement(SvcDashboard, { tenantOrigin: 'https://acme.example.com', publicId: 'sales' }), createElement(SvcDevtools, { position: 'bottom-left' })];
`;
/** Strings only the panel's code contains: its root attribute, its list label, its timeline bound. */
const MARKERS = ['data-svc-devtools', 'Timeline, newest first', 'maxEntries: expected a positive integer'];
const external = [/^react($|\/)/, /^react-dom($|\/)/];
type Mode = 'production' | 'development';

let app: string;
let entry: string;

beforeAll(() => {
  app = mkdtempSync(join(tmpdir(), 'svc-devtools-app-'));
  mkdirSync(join(app, 'node_modules'));
  symlinkSync(repo, join(app, 'node_modules', 'svc-embed-react'), 'dir');
  entry = join(app, 'main.js');
  writeFileSync(entry, APP);
});

afterAll(() => rmSync(app, { recursive: true, force: true }));

async function withEsbuild(mode: Mode): Promise<string> {
  const result = await esbuild({
    entryPoints: [entry],
    absWorkingDir: app,
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'browser',
    minify: mode === 'production',
    external: ['react', 'react/*', 'react-dom', 'react-dom/*'],
    define: { 'process.env.NODE_ENV': JSON.stringify(mode) },
    logLevel: 'silent',
  });
  return result.outputFiles.map((file) => file.text).join('\n');
}

async function withRolldown(mode: Mode): Promise<string> {
  const bundle = await rolldown({
    input: entry,
    cwd: app,
    platform: 'browser',
    external,
    logLevel: 'silent',
    transform: { define: { 'process.env.NODE_ENV': JSON.stringify(mode) } },
  });
  const { output } = await bundle.generate({ format: 'es', minify: mode === 'production' });
  await bundle.close();
  return output.map((chunk) => (chunk.type === 'chunk' ? chunk.code : '')).join('\n');
}

async function withVite(mode: Mode): Promise<string> {
  const result = (await viteBuild({
    configFile: false,
    root: app,
    mode,
    logLevel: 'silent',
    // Vite derives this from the mode; spelled out because the test runner sets NODE_ENV=test.
    define: { 'process.env.NODE_ENV': JSON.stringify(mode) },
    build: { write: false, minify: mode === 'production', rolldownOptions: { input: entry, external } },
  })) as Rollup.RollupOutput | Rollup.RollupOutput[];
  const outputs = Array.isArray(result) ? result : [result];
  return outputs.flatMap((out) => out.output.map((chunk) => (chunk.type === 'chunk' ? chunk.code : ''))).join('\n');
}

const bundlers = { esbuild: withEsbuild, rolldown: withRolldown, vite: withVite } as const;

describe.each(Object.entries(bundlers))('an app bundled with %s', (_name, bundle) => {
  it('production: contains none of the devtools code, yet still the embed', async () => {
    const code = await bundle('production');
    // The embed is there: the bundle is real, only the panel is gone. (The frame marks its iframe through
    // `dataset.svcEmbedId`, which is the `data-svc-embed-id` attribute.)
    expect(code).toContain('svcEmbedId');
    for (const marker of MARKERS) expect(code, marker).not.toContain(marker);
  });

  it('development: contains the panel', async () => {
    const code = await bundle('development');
    for (const marker of MARKERS) expect(code, marker).toContain(marker);
  });
});
