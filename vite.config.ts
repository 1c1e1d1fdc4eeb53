import { builtinModules } from 'node:module';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import ts from 'typescript';
import { defineConfig, type Plugin } from 'vite';
import { copyFileSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import MagicString from 'magic-string';
import { transform as esbuildTransform } from 'esbuild';
import { assignShortNames, findExposedNames, INTERNAL_PROPERTY_NAMES, sourceWords } from './test/config/internalPropertyNames.js';
import { SlowFirstSequencer } from './test/config/slowFirstSequencer.js';
import { testProjects } from './test/config/testProjects.js';

/**
 * The guard bundlers fold: Vite/rolldown, esbuild, webpack, Next.js and Turbopack replace
 * `process.env.NODE_ENV` in an app's build, leaving `"production" !== "production"`, which minifiers reduce to
 * `false` and then drop `false && "text"`; a development build leaves `true`. Nothing may test
 * `typeof process` first: bundlers do not replace that, and a browser has no `process`, so the test would
 * turn every development check off in the browser builds of Vite and esbuild (React's own guard is written
 * the same way, and needs the same replacement).
 */
const DEVELOPMENT_GUARD = "(process.env.NODE_ENV !== 'production')";

const IMPORT = /^import \{ isDevelopment \} from '(?:\.\.?\/)+(?:protocol\/)?isDevelopment\.js';\r?\n/m;

/**
 * Replaces every use of the `isDevelopment` constant with {@link DEVELOPMENT_GUARD} in the shipped code.
 * A shared `const` reached through an import is not folded by every app build (Vite 8 keeps `var b=!1` and
 * the text it guards), whereas the inline expression is; the source keeps one readable constant.
 */
function developmentGuards(): Plugin {
  return {
    name: 'svc-development-guards',
    apply: 'build',
    // Before TypeScript is stripped: the import is matched as written.
    enforce: 'pre',
    transform(code, id) {
      if (!/\/src\/.*\.tsx?$/.test(id) || id.endsWith('/isDevelopment.ts') || !code.includes('isDevelopment')) return null;
      // esbuild keeps every function that code after a return refers to, even code it then drops as dead:
      // `if (!isDevelopment) return x;` followed by development code ships that code's helpers to production.
      if (/if \(!isDevelopment\)/.test(code)) {
        throw new Error(`${id}: write development-only code inside \`if (isDevelopment) { ... }\`, not after \`if (!isDevelopment) return\``);
      }
      const found = IMPORT.exec(code);
      if (!found) {
        // Fail the build rather than ship a guard bundlers cannot fold.
        throw new Error(`${id} uses isDevelopment without the plain import the build inlines`);
      }
      const output = new MagicString(code);
      output.remove(found.index, found.index + found[0].length);
      for (const use of code.matchAll(/\bisDevelopment\b/g)) {
        if (use.index >= found.index && use.index < found.index + found[0].length) continue;
        output.overwrite(use.index, use.index + use[0].length, DEVELOPMENT_GUARD);
      }
      return { code: output.toString(), map: output.generateMap({ hires: true, source: id }) };
    },
  };
}

/**
 * The package's builds only: not the tests (served, never built), nor the docs site, whose Storybook build reads
 * this file too and builds an app, not a library.
 */
const isLibraryBuild: NonNullable<Plugin['apply']> = (config, { command }) => command === 'build' && config.build?.lib !== undefined;

/**
 * Shortens the property names of {@link INTERNAL_PROPERTY_NAMES} in the shipped code: the methods and fields of
 * objects that only the package's own modules make and use (an app's minifier never renames a property).
 * esbuild renames them as properties wherever they are written that way (`a.name`, `{ name }`, `{ name: v }`,
 * destructuring, methods), never in strings, and leaves every other name alone. All modules share one
 * mapping, fixed before the first module, so an object made in one module is read under the same short name
 * in another, in both the ES module and the CommonJS builds. The short names are words that appear nowhere in
 * `src/` (see `sourceWords`), so none can meet a property the package uses, whoever made the object.
 * The code arrives as JavaScript (Vite has stripped the types); the TypeScript loaders read either.
 */
function shortInternalNames(): Plugin {
  const names = new RegExp(`^(?:${INTERNAL_PROPERTY_NAMES.join('|')})$`);
  const mentions = new RegExp(`\\b(?:${INTERNAL_PROPERTY_NAMES.join('|')})\\b`);
  const shortNames = assignShortNames(INTERNAL_PROPERTY_NAMES, sourceWords(src('')));
  return {
    name: 'svc-short-internal-names',
    apply: isLibraryBuild,
    async transform(code, id) {
      const file = /\/src\/.*\.(tsx?)$/.exec(id);
      if (!file || !mentions.test(code)) return null;
      const result = await esbuildTransform(code, {
        loader: file[1] === 'tsx' ? 'tsx' : 'ts',
        jsx: 'preserve',
        target: 'es2022',
        // As tsconfig.json: imports are kept as written (an unused one is not taken for a type and dropped).
        tsconfigRaw: { compilerOptions: { verbatimModuleSyntax: true } },
        mangleProps: names,
        // A copy: esbuild must find every name already mapped, and must not add to the shared mapping.
        mangleCache: { ...shortNames },
        sourcemap: true,
        sourcefile: id,
      });
      const added = Object.keys(result.mangleCache ?? {}).filter((name) => !(name in shortNames));
      if (added.length > 0) throw new Error(`${id}: unplanned short names for ${added.join(', ')}`);
      return { code: result.code, map: result.map };
    },
  };
}

/**
 * Compiles the package's JSX to `createElement` calls from `react` rather than to the automatic runtime's
 * `jsx`/`jsxs` from `react/jsx-runtime`. Both make the same elements (a key is a prop, children after the props
 * are the static children that `jsxs` takes as an array), but the automatic runtime is a second module an app's
 * bundle imports from, which esbuild keeps as its own import statement, and each element carries its children
 * in a `children` array; `createElement` joins the `react` import the components already have. Applies to the
 * library builds only: the stories and tests keep the automatic runtime that tsconfig.json names.
 */
function classicJsx(): Plugin {
  return {
    name: 'svc-classic-jsx',
    apply: isLibraryBuild,
    // Before the JSX is compiled: the factory must be in scope where the compiler writes its calls.
    enforce: 'pre',
    config: () => ({ oxc: { jsx: { runtime: 'classic', pragma: 'createElement' } } }),
    transform(code, id) {
      if (!/\/src\/.*\.tsx$/.test(id)) return null;
      if (/\bcreateElement\b/.test(code)) throw new Error(`${id} names createElement, which the build's JSX factory import would shadow`);
      const output = new MagicString(code);
      // On the first line, so every other line keeps its number.
      output.prepend("import { createElement } from 'react';");
      return { code: output.toString(), map: output.generateMap({ hires: true, source: id }) };
    },
  };
}

/** Why an entry cannot run in a browser, and what to do instead: the whole text of the failure. */
const SERVER_ONLY: Record<string, string> = {
  'server/index':
    'svc-embed-react/server is server-only and was imported into browser code: it holds API keys that must never reach the browser. Import it from server code only (a route handler, server action, Server Component or Node script) and give the browser just the session id.',
  'emulator/index':
    'svc-embed-react/emulator runs on Node only and was imported into browser code. Start it from a Node script or test setup (or run `npx svc-embed emulator`) and give the browser its url as the tenantOrigin.',
};

/** The file a browser bundle gets instead of a server-only entry. */
function browserStubName(entry: string, format: 'es' | 'cjs'): string {
  return `${entry}.browser.${format === 'es' ? 'js' : 'cjs'}`;
}

/**
 * Writes, beside each server-only entry, the module the `browser` export condition points at. The ES module
 * imports a specifier that is its own error text: no bundler can resolve it, so Vite, esbuild, webpack,
 * Next.js and Turbopack stop the build and print the text with the importing file. CommonJS (Jest's jsdom
 * environment) throws the same text at `require`. Both export the entry's names, so nothing else fails first.
 */
function browserStubs(): Plugin {
  return {
    name: 'svc-browser-stubs',
    apply: 'build',
    generateBundle(_options, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk' || !chunk.isEntry) continue;
        const text = SERVER_ONLY[chunk.name];
        if (text === undefined) continue;
        const message = JSON.stringify(text);
        // A specifier no package can match (so no bundler reads it as a path into this one) and without `?`
        // or `#` (which bundlers cut off as a query or hash).
        const specifier = JSON.stringify(`Browser build stopped: ${text}`);
        const names = chunk.exports.filter((name) => /^[A-Za-z_$][\w$]*$/.test(name));
        this.emitFile({
          type: 'asset',
          fileName: browserStubName(chunk.name, 'es'),
          source: `// The import below cannot resolve, on purpose: a browser build stops here with its text.\nimport ${specifier};\n\nthrow new Error(${message});\n\nexport let ${names.join(', ')};\n`,
        });
        this.emitFile({
          type: 'asset',
          fileName: browserStubName(chunk.name, 'cjs'),
          source: `'use strict';\nthrow new Error(${message});\n`,
        });
      }
    },
  };
}

/**
 * Completes the CommonJS build in `dist/cjs`: a `package.json` saying its `.js` files are CommonJS, and a
 * copy of the declarations, so TypeScript reads the `require` entries as the CommonJS modules they are
 * (the `.d.ts` beside an ES module describe an ES module). Runs after the ES build wrote `dist/**.d.ts`.
 */
function commonjsTypes(dist: string): Plugin {
  return {
    name: 'svc-commonjs-types',
    apply: 'build',
    writeBundle() {
      const cjs = join(dist, 'cjs');
      writeFileSync(join(cjs, 'package.json'), `${JSON.stringify({ type: 'commonjs' }, null, 2)}\n`);
      // The ES build's declarations, without the Node-only emulator and CLI (never `require`d).
      const declarations = readdirSync(dist, { recursive: true, encoding: 'utf8' }).filter(
        (file) => file.endsWith('.d.ts') && !/^(cjs|emulator)[/\\]|^cli\./.test(file),
      );
      for (const file of declarations) {
        mkdirSync(dirname(join(cjs, file)), { recursive: true });
        copyFileSync(join(dist, file), join(cjs, file));
      }
    },
  };
}

const root = fileURLToPath(new URL('.', import.meta.url));
const src = (path: string) => fileURLToPath(new URL(`./src/${path}`, import.meta.url));

/**
 * Package entry points, by output name. The browser entries (`index`, `protocol`, `controller`, `schemas`,
 * `testing`) and the runtime-neutral server client never import the Node-only emulator, so bundlers never see it.
 */
const entries: Record<string, string> = {
  index: src('index.ts'),
  'protocol/index': src('protocol/index.ts'),
  'controller/index': src('controller/index.ts'),
  'keepAlive/index': src('keepAlive/index.ts'),
  'schemas/index': src('schemas/index.ts'),
  'testing/index': src('testing/index.ts'),
  'server/index': src('server/index.ts'),
  'emulator/index': src('emulator/index.ts'),
  cli: src('cli.ts'),
  'devtools/index': src('devtools/index.ts'),
  // Its own file, so an app's production bundle, where `<SvcDevtools>` folds to a no-op, drops it whole.
  'devtools/SvcDevtoolsPanel': src('devtools/SvcDevtoolsPanel.tsx'),
};

/** Entries that render React: their output starts with the `'use client'` directive. */
const reactEntries = new Set(['index', 'keepAlive/index', 'devtools/index', 'devtools/SvcDevtoolsPanel']);

/**
 * What the browser entries and the server client depend on stays an import. The emulator's HTTP server
 * (hono, @hono/node-server) is bundled into its entry instead, so browser apps never install it.
 */
const external = [
  /^react($|\/)/,
  /^react-dom($|\/)/,
  /^zod($|\/)/,
  /^zustand($|\/)/,
  /^node:/,
  ...builtinModules,
];

/**
 * Emits `.d.ts` files with the TypeScript compiler API once the bundle is written. Declarations mirror
 * `src/`, so `dist/protocol/index.d.ts` sits beside `dist/protocol/index.js`.
 */
function declarations(): Plugin {
  return {
    name: 'svc-declarations',
    apply: 'build',
    writeBundle() {
      const program = ts.createProgram(Object.values(entries), {
        declaration: true,
        emitDeclarationOnly: true,
        outDir: 'dist',
        rootDir: 'src',
        strict: true,
        noUncheckedIndexedAccess: true,
        exactOptionalPropertyTypes: true,
        verbatimModuleSyntax: true,
        skipLibCheck: true,
        jsx: ts.JsxEmit.ReactJSX,
        module: ts.ModuleKind.Preserve,
        moduleResolution: ts.ModuleResolutionKind.Bundler,
        target: ts.ScriptTarget.ES2022,
        lib: ['lib.es2023.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'],
        types: ['node'],
      });
      const result = program.emit();
      const diagnostics = [...ts.getPreEmitDiagnostics(program), ...result.diagnostics];
      // The shortened names must be invisible outside the package: refuse any that a user or a library can see.
      const exposed = findExposedNames(ts, program, Object.values(entries), INTERNAL_PROPERTY_NAMES);
      if (exposed.length > 0) {
        throw new Error(
          `These names are shortened in the build but visible outside the package (an exported type's property, or a name of the platform or a library): ${exposed.join(', ')}. Remove them from test/config/internalPropertyNames.ts.`,
        );
      }
      if (diagnostics.length > 0) {
        const host: ts.FormatDiagnosticsHost = {
          getCanonicalFileName: (f) => f,
          getCurrentDirectory: () => root,
          getNewLine: () => '\n',
        };
        throw new Error(ts.formatDiagnostics(diagnostics, host));
      }
    },
  };
}

export default defineConfig(({ mode }) => {
  if (mode === 'cjs') {
    // CommonJS copies of the entries a `require` reaches (Jest's default setup, older tools). They share
    // their own chunk, so within one module system there is one message router and one embed registry.
    const commonjsEntries = ['index', 'protocol/index', 'controller/index', 'keepAlive/index', 'schemas/index', 'testing/index', 'server/index', 'devtools/index', 'devtools/SvcDevtoolsPanel'];
    return {
      plugins: [react(), classicJsx(), developmentGuards(), shortInternalNames(), commonjsTypes(fileURLToPath(new URL('./dist', import.meta.url)))],
      build: {
        outDir: 'dist/cjs',
        emptyOutDir: true,
        minify: false,
        sourcemap: true,
        target: 'es2022',
        lib: {
          entry: Object.fromEntries(commonjsEntries.map((name) => [name, entries[name] as string])),
          formats: ['cjs'],
          fileName: (_format, name) => `${name}.js`,
        },
        rolldownOptions: {
          external,
          optimization: { inlineConst: true },
          output: {
            banner: (chunk) => (reactEntries.has(chunk.name) ? "'use client';" : ''),
            chunkFileNames: 'shared/[name]-[hash].js',
          },
        },
      },
    };
  }
  if (mode === 'emulator-page') {
    // The script the emulator's embed pages run inside the iframe: one self-contained browser file. A library
    // build leaves `process.env.NODE_ENV` for the app's bundler; this file has none, so it is replaced here.
    return {
      define: { 'process.env.NODE_ENV': JSON.stringify('production') },
      build: {
        outDir: 'dist/emulator',
        emptyOutDir: false,
        minify: true,
        lib: {
          entry: src('emulator/page/main.ts'),
          formats: ['es'],
          fileName: () => 'page.js',
        },
      },
    };
  }
  return {
    plugins: [react(), classicJsx(), developmentGuards(), shortInternalNames(), browserStubs(), declarations()],
    build: {
      outDir: 'dist',
      emptyOutDir: true,
      minify: false,
      sourcemap: true,
      target: 'es2022',
      lib: {
        entry: entries,
        formats: ['es'],
        fileName: (_format, name) => `${name}.js`,
      },
      rolldownOptions: {
        external,
        // The source names its numbers once (limits, timeouts) in the module that owns them; the build writes each
        // value where it is used, so a reader gets the name and an app's bundle pays for no variable.
        optimization: { inlineConst: true },
        output: {
          banner: (chunk) =>
            chunk.name === 'cli' ? '#!/usr/bin/env node' : reactEntries.has(chunk.name) ? "'use client';" : '',
          chunkFileNames: 'shared/[name]-[hash].js',
          codeSplitting: {
            // The React building blocks every React entry shares, in one chunk rather than one each: esbuild
            // writes a separate `import ... from "react"` for every module of the package that has one, even
            // when they name the same hooks. Only modules that import nothing of the package's core: a group
            // takes its modules' imports with it, and the core must stay free of React (test/node/core/reactFree).
            groups: [{ name: 'reactBase', test: /\/src\/reactBase\/(?:SvcProviderContext|useLatest|useIsomorphicLayoutEffect)\.ts$/ }],
          },
          // Top-level `const` stays `const`: an app's minifier inlines a constant such as `isDevelopment`
          // (and so drops development-only text from production bundles), which it does not do for `var`.
          topLevelVar: false,
        },
      },
    },
    test: {
      // A test that makes no assertion passes whatever the code does: fail it instead (every project extends this).
      expect: { requireAssertions: true },
      // Vitest's default is one worker fewer than the cores: one on a 2-core machine, where every file would
      // then wait for the one before. Three keep both cores busy while a browser file waits on its pages.
      maxWorkers: 3,
      sequence: { sequencer: SlowFirstSequencer },
      projects: testProjects,
    },
  };
});
