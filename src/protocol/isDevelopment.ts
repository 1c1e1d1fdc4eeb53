/**
 * Whether this is a development build. Bundlers replace `process.env.NODE_ENV` (Vite, webpack, esbuild,
 * Next.js do by default), so a production bundle folds this to `false` and drops every long explanation
 * guarded by it; production errors keep a short text naming what is wrong. Node, Deno and Bun have a
 * `process`; in a browser the package needs that replacement, as React does. The shipped code has this
 * expression written at each use (see `vite.config.ts`), not this constant: bundlers fold it only there.
 */
export const isDevelopment: boolean = process.env.NODE_ENV !== 'production';
