import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build as esbuild } from 'esbuild';
import { build as viteBuild } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// Apps bundled from the built package as users build them, with two bundlers: Vite (rolldown) and esbuild.
const root = fileURLToPath(new URL('../../../', import.meta.url));
let app: string;

/** Text only a development build may carry: one explanation from each module that has them. */
const EXPLANATIONS = [
  'expected an origin such as', // normalizeTenantOrigin
  'must use https: (http: only on localhost', // normalizeTenantOrigin
  'creator mode is signed-only', // buildEmbedUrl
  'is not a safe id: use letters, digits', // buildEmbedUrl
  'is not of the form "<semantic_view>.<dimension>"', // buildEmbedUrl, parseFilterParameter
  'a filter parameter has the form', // parseFilterParameter
  'give each embed on the page its own embedId', // embedRegistry
  'cannot be serialised as JSON', // encodeFilterParameter
  'pass the embedId of the one you mean', // resolveEmbed
  'is not a BCP 47 language tag such as', // validateProps
  '?path=/docs/docs-troubleshooting--docs', // svcError: the link that ends each development text
];

// An app build keeps only what the app uses (Vite drops an app entry's exports): this app uses everything.
const EVERYTHING = `import * as react from 'svc-embed-react';
import * as core from 'svc-embed-react/protocol';
globalThis.svc = { react, core };`;

type Mode = 'production' | 'development';

function entry(name: string, code: string): string {
  const file = join(app, `${name}.js`);
  writeFileSync(file, code);
  return file;
}

async function withVite(file: string, mode: Mode, ssr = false): Promise<string> {
  // Vite replaces process.env.NODE_ENV with this process's value when set (Vitest sets "test").
  const saved = process.env.NODE_ENV;
  process.env.NODE_ENV = mode;
  try {
    const result = await viteBuild({
      configFile: false,
      root: app,
      mode,
      logLevel: 'silent',
      // A server bundle that takes the package in, rather than leaving it to Node at run time.
      ssr: { noExternal: ['svc-embed-react'] },
      build: {
        write: false,
        ssr,
        minify: mode === 'production',
        rolldownOptions: { input: file, external: [/^react($|\/)/, /^react-dom($|\/)/] },
      },
    });
    const outputs = (Array.isArray(result) ? result : [result]) as { output: { type: string; code?: string }[] }[];
    return outputs.flatMap((item) => item.output.map((chunk) => chunk.code ?? '')).join('\n');
  } finally {
    process.env.NODE_ENV = saved;
  }
}

async function withEsbuild(file: string, mode: Mode, platform: 'browser' | 'node' = 'browser'): Promise<string> {
  const result = await esbuild({
    entryPoints: [file],
    bundle: true,
    write: false,
    format: 'esm',
    platform,
    minify: mode === 'production',
    define: { 'process.env.NODE_ENV': JSON.stringify(mode) },
    external: ['react', 'react-dom', 'react/*', 'react-dom/*'],
    logLevel: 'silent',
  });
  return result.outputFiles.map((output) => output.text).join('\n');
}

/** The explanations a bundle carries, and their bytes. */
function explanationsIn(code: string): { found: string[]; bytes: number } {
  const found = EXPLANATIONS.filter((text) => code.includes(text));
  return { found, bytes: found.reduce((sum, text) => sum + Buffer.byteLength(text), 0) };
}

beforeAll(() => {
  // An app folder whose node_modules/svc-embed-react is this package, resolved through its `exports`;
  // outside the repository, so no bundler picks up its tsconfig paths to the sources.
  app = mkdtempSync(join(tmpdir(), 'svc-app-'));
  mkdirSync(join(app, 'node_modules'));
  symlinkSync(root, join(app, 'node_modules/svc-embed-react'), 'dir');
});
afterAll(() => rmSync(app, { recursive: true, force: true }));

describe.each([
  ['Vite', withVite],
  ['esbuild', withEsbuild],
] as const)('an app bundled by %s', (_name, bundle) => {
  it('leaves out every development explanation in production, and keeps them in development', async () => {
    const file = entry('everything', EVERYTHING);
    const production = explanationsIn(await bundle(file, 'production'));
    const development = explanationsIn(await bundle(file, 'development'));
    expect(production).toEqual({ found: [], bytes: 0 });
    expect(development.found).toEqual(EXPLANATIONS);
  });

  it('stops a browser build that imports svc-embed-react/server, naming it and what to do', async () => {
    const file = entry('serverInBrowser', `import { createManagementClient } from 'svc-embed-react/server';\nglobalThis.client = createManagementClient;`);
    await expect(bundle(file, 'production')).rejects.toThrow(/svc-embed-react\/server is server-only[\s\S]*Import it from server code only/);
  });

  it('stops a browser build that imports svc-embed-react/emulator, naming it and what to do', async () => {
    const file = entry('emulatorInBrowser', `import { startEmulator } from 'svc-embed-react/emulator';\nglobalThis.start = startEmulator;`);
    await expect(bundle(file, 'production')).rejects.toThrow(/svc-embed-react\/emulator runs on Node only[\s\S]*npx svc-embed emulator/);
  });
});

describe('server bundles', () => {
  it('take the real server client and emulator (Vite SSR and esbuild for Node)', async () => {
    const file = entry(
      'server',
      `import { createManagementClient } from 'svc-embed-react/server';\nimport { startEmulator } from 'svc-embed-react/emulator';\nglobalThis.server = { createManagementClient, startEmulator };`,
    );
    const [vite, node] = await Promise.all([withVite(file, 'production', true), withEsbuild(file, 'production', 'node')]);
    for (const code of [vite, node]) {
      expect(code).not.toContain('server-only');
      expect(code).toContain('/embed/generate-session'); // the management client
      expect(code).toContain('/embed/dashboard/:publicId'); // the emulator's routes
    }
  });
});
