import { inject } from 'vitest';
import type { PlaygroundMode } from './serveStaticPlayground.js';

/**
 * The static playground build of `mode` shared by the files of this run: `production` is what
 * `npm run build-storybook` makes (the site a reader gets), `development` the same site built as `npm start`
 * serves it (the library's development checks and message inspector on). The browser project's global setup
 * builds (when stale) and serves a build only when a file of the run calls this for it, with the emulators and
 * the playground backend `npm start` runs beside it; a file that does not gets an error instead of a server.
 * Returns its address, `http://127.0.0.1:<port>`.
 */
export function staticPlayground(mode: PlaygroundMode): { readonly url: string } {
  const url = inject('staticPlaygrounds')[mode];
  if (url === undefined) throw new Error(`The static playground (${mode}) was not served for this run.`);
  return { url };
}
