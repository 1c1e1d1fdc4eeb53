import { copyFileSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Plugin } from 'vite';

/**
 * Completes the CommonJS build in `dist/cjs`: a `package.json` saying its `.js` files are CommonJS, and a
 * copy of the declarations, so TypeScript reads the `require` entries as the CommonJS modules they are
 * (the `.d.ts` beside an ES module describe an ES module). Runs after the ES build wrote `dist/**.d.ts`.
 */
export function commonjsTypes(dist: string): Plugin {
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
