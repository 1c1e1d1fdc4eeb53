import type { Plugin } from 'vite';

/** Why an entry cannot run in a browser, and what to do instead: the whole text of the failure. */
const SERVER_ONLY: Record<string, string> = {
  'server/index':
    'svc-embed-react/server is server-only and was imported into browser code: it holds API keys that must never reach the browser. Import it from server code only (a route handler, server action, Server Component or Node script) and give the browser just the session id.',
  'emulator/index':
    'svc-embed-react/emulator runs on Node only and was imported into browser code. Start it from a Node script or test setup (or run `npx svc-embed emulator`) and give the browser its url as the tenantOrigin.',
};

/** The file a browser bundle gets instead of a server-only entry. */
export function browserStubName(entry: string, format: 'es' | 'cjs'): string {
  return `${entry}.browser.${format === 'es' ? 'js' : 'cjs'}`;
}

/**
 * Writes, beside each server-only entry, the module the `browser` export condition points at. The ES module
 * imports a specifier that is its own error text: no bundler can resolve it, so Vite, esbuild, webpack,
 * Next.js and Turbopack stop the build and print the text with the importing file. CommonJS (Jest's jsdom
 * environment) throws the same text at `require`. Both export the entry's names, so nothing else fails first.
 */
export function browserStubs(): Plugin {
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
