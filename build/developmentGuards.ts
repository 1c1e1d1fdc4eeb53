import MagicString from 'magic-string';
import type { Plugin } from 'vite';

/**
 * The guard bundlers fold: Vite/rolldown, esbuild, webpack, Next.js and Turbopack replace
 * `process.env.NODE_ENV` in an app's build, leaving `c ? false : false`, which minifiers reduce to `false`
 * (no trace left, unlike `c && false`) and then drop `false && "text"`. The `typeof` test keeps a plain
 * browser module (no bundler, no `process`) on the production texts instead of throwing.
 */
export const DEVELOPMENT_GUARD = "(typeof process === 'undefined' ? false : process.env.NODE_ENV !== 'production')";

const IMPORT = /^import \{ isDevelopment \} from '(?:\.\.?\/)+(?:protocol\/)?isDevelopment\.js';\r?\n/m;

/**
 * Replaces every use of the `isDevelopment` constant with {@link DEVELOPMENT_GUARD} in the shipped code.
 * A shared `const` reached through an import is not folded by every app build (Vite 8 keeps `var b=!1` and
 * the text it guards), whereas the inline expression is; the source keeps one readable constant.
 */
export function developmentGuards(): Plugin {
  return {
    name: 'svc-development-guards',
    apply: 'build',
    // Before TypeScript is stripped: the import is matched as written.
    enforce: 'pre',
    transform(code, id) {
      if (!/\/src\/.*\.tsx?$/.test(id) || id.endsWith('/isDevelopment.ts') || !code.includes('isDevelopment')) return null;
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
