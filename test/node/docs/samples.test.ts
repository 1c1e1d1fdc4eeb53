import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { declaredFile, documentationPages, extractSamples, type Sample, TYPESCRIPT_LANGUAGES, typescriptSamples } from './extractSamples.js';

/*
 * Every `ts` and `tsx` sample of the README and of the docs pages (`stories/docs/**\/*.mdx`) type-checks, each
 * as its own module, the way an app that pastes it would compile it: strict, with `noUncheckedIndexedAccess`,
 * `exactOptionalPropertyTypes` and `verbatimModuleSyntax`, against the BUILT package (`npm run build` first)
 * reached through `node_modules/svc-embed-react` and its `exports` map, as users import it.
 *
 * - A block whose info string has the word `fragment` (```tsx fragment) is left out on purpose: it shows part of
 *   a file. The run prints how many blocks were checked and how many were fragments.
 * - A page's samples form one small app: a sample whose first line names its file (`// app/sales/page.tsx: ...`)
 *   is written at that path, so samples import each other (`../../lib/platform`) as the files would.
 * - What a sample takes from the app around it and no sample shows (the signed-in user, a helper module) is
 *   declared in APP_GLOBALS, APP_MODULES and APP_FILES below: names a reader's own app defines. A sample that uses
 *   another such name adds it there; nothing the package or a framework provides is declared here.
 * - Packages: the app's usual ones come from this repository's node_modules (ROOT_PACKAGES). Framework packages
 *   this repository does not install (`next`, `react-router`, `@tanstack/react-start`, ...) are taken with their
 *   real types from the example projects under `examples/` that `npm run test:setup` installs, when the example
 *   declares them as its dependency: a sample importing `next` is checked against examples/next's Next.js. A framework no installed example provides is not faked:
 *   the sample fails with "Cannot find module", and the failure says where the package would come from.
 * - One `tsc --noEmit` (TypeScript 7's native compiler: about a second) checks every block; each diagnostic is
 *   mapped back to its page and line, and each page is its own test, so a failure reads
 *   `stories/docs/Server.mdx:42:7 TS2345 ...`.
 * - A canary page with a known mistake runs in the same program, so the check is seen to fail where it should.
 */

const root = fileURLToPath(new URL('../../../', import.meta.url));
const tsc = join(root, 'node_modules/ts7/bin/tsc');

/** The compiler options a strict app uses; the package's own tsconfig holds itself to the same. */
const COMPILER_OPTIONS = {
  strict: true,
  noUncheckedIndexedAccess: true,
  exactOptionalPropertyTypes: true,
  verbatimModuleSyntax: true,
  isolatedModules: true,
  jsx: 'react-jsx',
  module: 'preserve',
  moduleResolution: 'bundler',
  // Each block is a module even when it imports nothing, so blocks do not see each other's names.
  moduleDetection: 'force',
  target: 'es2022',
  lib: ['es2023', 'dom', 'dom.iterable'],
  // Test samples use the test runner's globals (`expect`), as Jest and Vitest with `globals: true` give them.
  // and Vite app samples read `import.meta.env`, typed by `vite/client` as a Vite app's env file references it.
  types: ['node', 'vitest/globals', 'vite/client'],
  skipLibCheck: true,
  noEmit: true,
  // Samples show calls and values; what they leave unused is not a fault.
  noUnusedLocals: false,
  noUnusedParameters: false,
};

/** Packages of this repository's node_modules an app reading the docs has too. */
const ROOT_PACKAGES = ['react', 'react-dom', 'zod', 'vitest', 'vite', '@vitejs/plugin-react', '@testing-library', '@types/react', '@types/react-dom', '@types/node'];

/**
 * Names the samples take from the reader's own app, declared as globals. Keep it to what an app has around
 * such code (its users, its backend client, its components), never something the package or a framework exports.
 */
const APP_GLOBALS = `import type { ManagementClient } from 'svc-embed-react/server';
import type { JSX } from 'react';
declare global {
  /** The app's server-side client, made once with createManagementClient. */
  const platform: ManagementClient;
  /** The signed-in user. */
  const user: { id: string; email: string };
  const sessionIdFromYourBackend: string;
  const dashboard: { publicId: string };
  const untrusted: unknown;
  const payload: unknown;
  /** An Express-style app and its auth middleware. */
  const app: { post(path: string, ...handlers: ((req: any, res: any, next: (error?: unknown) => void) => unknown)[]): void };
  const requireUser: (req: unknown, res: unknown, next: () => void) => void;
  function getSignedInUser(): Promise<{ id: string; email: string } | null>;
  /** The signed-in user's plan, from the app's own records. */
  function planOf(userId: string): Promise<'basic' | 'pro'>;
  /** An app component under test. */
  function Report(props: { region: string }): JSX.Element;
  /** The app's error tracker. */
  function reportToTracker(code: string | undefined, message: string): void;
}
export {};
`;

/**
 * Files of the reader's app a page's samples import by a relative path but do not show, per page, at the path
 * the importing sample would have them. Keep each to the shape the samples use.
 */
const APP_FILES: Record<string, Record<string, string>> = {
  'README.md': {
    // The Next.js sample's client wrapper, imported by app/signed/page.tsx as './SignedDashboard'.
    'app/signed/SignedDashboard.tsx': `export function SignedDashboard(props: { tenantOrigin: string; publicId: string; session: string }) {
  return null;
}
`,
  },
};

/** The app's own modules the samples import through an alias (`~/` is a React Router app's source root). */
const APP_MODULES = `declare module '~/embedSessions.server' {
  export function createEmbedSession(publicId: string): Promise<string>;
}
`;

/**
 * A page whose samples must fail where marked: a plain type error, one only `noUncheckedIndexedAccess` finds,
 * one only `exactOptionalPropertyTypes` finds, and one in a block indented inside JSX (MDX style); its fragment
 * is not checked. Proves the check reports mistakes at their page line and column, with the strict options on.
 */
const CANARY_DOC = 'canary.mdx';
const CANARY = `# Canary

\`\`\`tsx
import { SvcDashboard } from 'svc-embed-react';
const wrong: number = <SvcDashboard tenantOrigin="https://tenant.example" publicId="p" />;
const first: string = ['a'][0];
const options: { locale?: string } = { locale: undefined };
\`\`\`

\`\`\`tsx fragment
this is not TypeScript
\`\`\`

<div>
  \`\`\`ts
  const indented: number = 'text';
  \`\`\`
</div>
`;

interface Diagnostic {
  readonly doc: string;
  readonly line: number;
  readonly column: number;
  readonly code: string;
  readonly message: string;
}

const samples = typescriptSamples(root);
const checked = samples.filter((sample) => !sample.fragment);
const fragments = samples.filter((sample) => sample.fragment);
const canary = extractSamples(CANARY_DOC, CANARY).filter((sample) => TYPESCRIPT_LANGUAGES.has(sample.language) && !sample.fragment);

const diagnostics: Diagnostic[] = [];
let dir = '';

/** Every package a sample imports by a bare name. */
function importedPackages(code: string): Set<string> {
  const found = new Set<string>();
  for (const match of code.matchAll(/(?:\bfrom\s+|\bimport\s*\(\s*|^\s*import\s+)['"]([^'"./~][^'"]*)['"]/gm)) {
    const specifier = match[1] ?? '';
    const parts = specifier.split('/');
    found.add(specifier.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? specifier));
  }
  return found;
}

/**
 * The example projects' installs of a package, and of its `@types` package, among the dependencies each
 * declares (what `npm run test:setup` installed), never a package only some dependency pulled in.
 */
function fromExamples(name: string): string[] {
  const examples = join(root, 'examples');
  const typesName = `@types/${name.startsWith('@') ? name.slice(1).replace('/', '__') : name}`;
  const installs: string[] = [];
  for (const example of readdirSync(examples)) {
    const manifest = join(examples, example, 'package.json');
    if (!existsSync(manifest)) continue;
    const { dependencies = {}, devDependencies = {} } = JSON.parse(readFileSync(manifest, 'utf8')) as Record<string, Record<string, string>>;
    for (const wanted of [name, typesName]) {
      const installed = join(examples, example, 'node_modules', wanted);
      if ((wanted in dependencies || wanted in devDependencies) && existsSync(join(installed, 'package.json'))) installs.push(installed);
    }
    if (installs.length > 0) break;
  }
  return installs;
}

function link(target: string, modules: string, name: string): void {
  const at = join(modules, name);
  if (existsSync(at)) return;
  mkdirSync(dirname(at), { recursive: true });
  symlinkSync(target, at, 'dir');
}

/**
 * Lays out a page's samples as the files of one small app under `pages/<page>/`: a sample whose first line names
 * its file (`// app/sales/page.tsx: ...`) is written there, so the page's samples import each other by relative
 * path as the files would; others are named after their line. Returns each file (relative to `dir`) with its sample.
 */
function layOut(dir: string, samples: readonly Sample[]): Map<string, Sample> {
  const owners = new Map<string, Sample>();
  const pages = new Map<string, Sample[]>();
  for (const sample of samples) pages.set(sample.doc, [...(pages.get(sample.doc) ?? []), sample]);
  for (const [doc, ofPage] of pages) {
    const base = `pages/${doc.replace(/[^A-Za-z0-9]+/g, '-')}`;
    for (const [path, text] of Object.entries(APP_FILES[doc] ?? {})) write(dir, `${base}/${path}`, text);
    for (const sample of ofPage) {
      const declared = declaredFile(sample);
      let file = `${base}/${declared ?? `line-${sample.line}.${sample.language}`}`;
      // A second version of a file on one page sits beside the first, under its own line.
      if (owners.has(file)) file = file.replace(/(\.[^./]+)$/, `.line-${sample.line}$1`);
      owners.set(file, sample);
      write(dir, file, sample.code);
    }
  }
  return owners;
}

function write(dir: string, file: string, text: string): void {
  mkdirSync(dirname(join(dir, file)), { recursive: true });
  writeFileSync(join(dir, file), text);
}

/** `file(line,col): error TS1234: message`, continued on indented lines, mapped to the pages' lines. */
function readDiagnostics(output: string, owners: ReadonlyMap<string, Sample>): Diagnostic[] {
  const found: Diagnostic[] = [];
  const entry = /^(.+?)\((\d+),(\d+)\): error (TS\d+): (.*)$/;
  for (const line of output.split('\n')) {
    const match = entry.exec(line);
    if (match) {
      const [, file = '', row = '0', column = '0', code = '', message = ''] = match;
      const sample = owners.get(file.replaceAll('\\', '/'));
      // The sample's first line is `sample.line` of the page, its columns start after the fence's indentation.
      const pageLine = sample ? sample.line + Number(row) - 1 : Number(row);
      found.push({ doc: sample?.doc ?? file, line: pageLine, column: Number(column) + (sample?.indent ?? 0), code, message });
    } else if (/^\s/.test(line) && found.length > 0) {
      const last = found.pop() as Diagnostic;
      found.push({ ...last, message: `${last.message}\n${line.trim()}` });
    }
  }
  return found;
}

beforeAll(() => {
  if (!existsSync(join(root, 'dist/index.d.ts'))) throw new Error('The samples compile against the built package: run "npm run build" first.');
  dir = mkdtempSync(join(tmpdir(), 'svc-doc-samples-'));
  const modules = join(dir, 'node_modules');
  mkdirSync(modules);
  // The package as users install it: its package.json and `exports` lead into dist.
  link(root, modules, 'svc-embed-react');
  for (const name of ROOT_PACKAGES) link(join(root, 'node_modules', name), modules, name);
  // Framework packages (and their @types) from the first example project that depends on them.
  for (const sample of checked) {
    for (const name of importedPackages(sample.code)) {
      if (name === 'svc-embed-react' || existsSync(join(modules, name))) continue;
      for (const install of fromExamples(name)) link(install, modules, install.slice(install.lastIndexOf('node_modules/') + 'node_modules/'.length));
    }
  }
  write(dir, 'app-globals.ts', APP_GLOBALS);
  write(dir, 'app-modules.d.ts', APP_MODULES);
  const owners = layOut(dir, [...checked, ...canary]);
  const files = ['app-globals.ts', 'app-modules.d.ts', ...owners.keys()];
  writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions: COMPILER_OPTIONS, files }, null, 2));
  // From the project's folder, tsc names files relative to it, as `owners` does.
  const run = spawnSync(process.execPath, [tsc, '-p', '.', '--pretty', 'false'], { cwd: dir, encoding: 'utf8', timeout: 60_000 });
  const output = `${run.stdout}${run.stderr}`;
  diagnostics.push(...readDiagnostics(output, owners));
  if (run.status !== 0 && diagnostics.length === 0) throw new Error(`tsc failed without diagnostics:\n${output}`);
}, 90_000);

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** A page's diagnostics as `page:line:column TSxxxx message`, with a hint where a package is missing. */
function report(doc: string): string[] {
  return diagnostics
    .filter((diagnostic) => diagnostic.doc === doc)
    .sort((a, b) => a.line - b.line || a.column - b.column)
    .map(({ line, column, code, message }) => {
      const missing = code === 'TS2307' ? (/'([^']+)'/.exec(message)?.[1] ?? '') : undefined;
      let hint = '';
      if (missing?.startsWith('.')) {
        hint = ' (no sample of this page names that file on its first line, as `// path/to/file.ts`; or declare it in APP_FILES)';
      } else if (missing !== undefined) {
        hint = ` (not installed here: a framework package comes from an example project under examples/ once "npm run test:setup" installed it; with none providing it, write the block as \`tsx fragment\`)`;
      }
      return `${doc}:${line}:${column} ${code} ${message}${hint}`;
    });
}

describe('documentation samples', () => {
  it('are found in the README and the docs pages, fragments counted', () => {
    console.info(
      `Doc samples: ${checked.length} ts/tsx blocks type-checked, ${fragments.length} fragments left out, from ${documentationPages(root).length} pages`,
    );
    expect(checked.length).toBeGreaterThan(0);
  });

  it('the check reports a broken sample at its page line', () => {
    expect(canary).toHaveLength(2);
    expect(report(CANARY_DOC)).toEqual([
      expect.stringMatching(/^canary\.mdx:5:7 TS2322 /),
      expect.stringMatching(/^canary\.mdx:6:7 TS2322 Type 'string \| undefined'/),
      expect.stringMatching(/^canary\.mdx:7:7 TS2375 .*exactOptionalPropertyTypes/),
      expect.stringMatching(/^canary\.mdx:16:9 TS2322 /),
    ]);
  });

  // One test per page, named after it; a page with no TypeScript sample has nothing to check.
  const pages = [...new Set(checked.map((sample) => sample.doc))];
  it.each(pages)('%s: every ts/tsx sample compiles', (doc) => {
    expect(report(doc), `${doc}: samples that do not compile (page:line:column)`).toEqual([]);
  });

  it('nothing else fails to compile (the declared app context, a file no page owns)', () => {
    const pageNames = new Set([...pages, CANARY_DOC]);
    const stray = diagnostics.filter((diagnostic) => !pageNames.has(diagnostic.doc));
    expect(stray.map(({ doc, line, code, message }) => `${doc}:${line} ${code} ${message}`)).toEqual([]);
  });
});
