import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { declaredFile, extractSamples, type Sample } from './extractSamples.js';

/*
 * The quickstarts of Getting started, read as a newcomer follows them. samples.test.ts type-checks every block
 * with one strict configuration; this file checks what that cannot:
 *
 * - the Vite quickstart as the app it builds: its files laid out as create-vite's `react-ts` template plus the
 *   page's files, type-checked by TypeScript 7 with `tsc -b` through the app's OWN `tsconfig.json`,
 *   `tsconfig.app.json` and `tsconfig.node.json` (the last as the page shows it), against the built package;
 * - every quickstart's environment file sets each variable its code reads (a missing one is a blank page);
 * - every `npx svc-embed emulator` flag the page uses is one the command line knows;
 * - the JSON blocks are JSON (JSON with comments for tsconfig files, as TypeScript reads them).
 */

const root = fileURLToPath(new URL('../../../', import.meta.url));
const PAGE = 'stories/docs/GettingStarted.mdx';
const page = readFileSync(join(root, PAGE), 'utf8');

/** The part of the page under a `## ` heading, with its samples (lines counted from the page's top). */
function section(heading: string): { text: string; samples: Sample[] } {
  const start = page.indexOf(`\n## ${heading}\n`);
  if (start < 0) throw new Error(`${PAGE} has no section "## ${heading}"`);
  const end = page.indexOf('\n## ', start + 1);
  const text = page.slice(start, end < 0 ? undefined : end);
  const offset = page.slice(0, start).split('\n').length - 1;
  return { text, samples: extractSamples(PAGE, text).map((sample) => ({ ...sample, line: sample.line + offset })) };
}

/** The variables a `.env`-style block sets. */
function envNames(block: string): Set<string> {
  return new Set([...block.matchAll(/^([A-Z][A-Z0-9_]*)=/gm)].map(([, name]) => name as string));
}

/** The environment variables code reads, on the server (`process.env.X`) or in a Vite page (`import.meta.env.X`). */
function envReads(code: string): Set<string> {
  return new Set([...code.matchAll(/(?:process\.env|import\.meta\.env)\.([A-Z][A-Z0-9_]*)/g)].map(([, name]) => name as string));
}

/** A JSON text with `//` line comments, as TypeScript reads a tsconfig file. */
const parseJsonc = (text: string): unknown => JSON.parse(text.replace(/^\s*\/\/.*$/gm, ''));

const QUICKSTARTS = [
  { heading: 'Vite, with a small server', envFile: '.env' },
  { heading: 'Next.js App Router', envFile: '.env.local' },
  { heading: 'React Router 8 (framework mode)', envFile: '.env' },
] as const;

describe('the quickstarts of Getting started', () => {
  it.each(QUICKSTARTS)('$heading: its $envFile sets every variable its code reads', ({ heading, envFile }) => {
    const { samples } = section(heading);
    const env = samples.find((sample) => sample.language === 'sh' && sample.code.trimStart().startsWith(`# ${envFile}`));
    expect(env, `a \`\`\`sh block starting "# ${envFile}"`).toBeDefined();
    const read = new Set(samples.filter((sample) => sample.language === 'ts' || sample.language === 'tsx').flatMap((sample) => [...envReads(sample.code)]));
    expect(read.size).toBeGreaterThan(0);
    const set = envNames(env?.code ?? '');
    expect([...read].filter((name) => !set.has(name))).toEqual([]);
  });

  it('uses only emulator flags the command line knows, stable credentials included', () => {
    const cli = readFileSync(join(root, 'src/cli.ts'), 'utf8');
    const used = [...page.matchAll(/npx svc-embed emulator((?: --?[\w-]+(?: [^\s-][^\s]*)?)*)/g)].flatMap(([, flags]) =>
      [...(flags ?? '').matchAll(/--([\w-]+)/g)].map(([, flag]) => flag as string),
    );
    expect(used).toContain('credentials-file');
    expect(used.filter((flag) => !cli.includes(`'${flag}'`) && !cli.includes(`${flag}:`))).toEqual([]);
  });

  it('has JSON blocks that parse', () => {
    const blocks = extractSamples(PAGE, page).filter((sample) => sample.language === 'json' || sample.language === 'jsonc');
    expect(blocks.length).toBeGreaterThan(1);
    for (const block of blocks) expect(() => parseJsonc(block.code), `${PAGE}:${block.line}`).not.toThrow();
  });
});

/** create-vite's `react-ts` files the quickstart keeps as they are (the page says so), written out here. */
const CREATE_VITE_FILES: Record<string, string> = {
  'tsconfig.json': JSON.stringify({ files: [], references: [{ path: './tsconfig.app.json' }, { path: './tsconfig.node.json' }] }, null, 2),
  'tsconfig.app.json': JSON.stringify(
    {
      compilerOptions: {
        tsBuildInfoFile: './node_modules/.tmp/tsconfig.app.tsbuildinfo',
        target: 'ES2022',
        useDefineForClassFields: true,
        lib: ['ES2022', 'DOM', 'DOM.Iterable'],
        module: 'ESNext',
        types: ['vite/client'],
        skipLibCheck: true,
        moduleResolution: 'bundler',
        allowImportingTsExtensions: true,
        verbatimModuleSyntax: true,
        moduleDetection: 'force',
        noEmit: true,
        jsx: 'react-jsx',
        strict: true,
        noUnusedLocals: true,
        noUnusedParameters: true,
        erasableSyntaxOnly: true,
        noFallthroughCasesInSwitch: true,
        noUncheckedSideEffectImports: true,
      },
      include: ['src'],
    },
    null,
    2,
  ),
  'src/main.tsx': `import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import App from './App.tsx';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
`,
};

/** What the Vite app installs, from this repository's node_modules (the package itself is linked to its build). */
const VITE_APP_PACKAGES = ['react', 'react-dom', 'vite', '@vitejs/plugin-react', '@types/react', '@types/react-dom', '@types/node'];

describe('the Vite quickstart', () => {
  let dir = '';
  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('type-checks as the app it builds: tsc -b (TypeScript 7) over its own tsconfig files', () => {
    if (!existsSync(join(root, 'dist/index.d.ts'))) throw new Error('The quickstart compiles against the built package: run "npm run build" first.');
    dir = mkdtempSync(join(tmpdir(), 'svc-vite-quickstart-'));
    const write = (file: string, text: string) => {
      mkdirSync(dirname(join(dir, file)), { recursive: true });
      writeFileSync(join(dir, file), text);
    };
    for (const [file, text] of Object.entries(CREATE_VITE_FILES)) write(file, text);
    const written: string[] = [];
    for (const sample of section('Vite, with a small server').samples) {
      const file = declaredFile(sample) ?? /^\s*\/\/\s*([\w./-]+\.json)\s*$/m.exec(sample.code.split('\n')[0] ?? '')?.[1];
      if (file === undefined) continue;
      write(file, sample.code);
      written.push(file);
    }
    // The page's own files: the server, the Vite configuration, the page, and the Node configuration it edits.
    expect(written.sort()).toEqual(['server/index.ts', 'src/App.tsx', 'tsconfig.node.json', 'vite.config.ts']);
    const modules = join(dir, 'node_modules');
    for (const name of VITE_APP_PACKAGES) {
      mkdirSync(dirname(join(modules, name)), { recursive: true });
      symlinkSync(join(root, 'node_modules', name), join(modules, name), 'dir');
    }
    symlinkSync(root, join(modules, 'svc-embed-react'), 'dir');
    const run = spawnSync(process.execPath, [join(root, 'node_modules/ts7/bin/tsc'), '-b', '--pretty', 'false'], { cwd: dir, encoding: 'utf8', timeout: 90_000 });
    expect(`${run.stdout}${run.stderr}`.trim(), 'tsc -b output').toBe('');
    expect(run.status).toBe(0);
  }, 120_000);
});
