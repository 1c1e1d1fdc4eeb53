/**
 * Whether this is a development build. Bundlers replace `process.env.NODE_ENV` (Vite, webpack, esbuild,
 * Next.js do by default), so a production bundle folds this to `false` and drops every long explanation
 * guarded by it; production errors keep a short text naming what is wrong. Without a bundler and without a
 * `process` (a plain browser module) it is production: nothing throws for lack of `process`.
 */
export const isDevelopment: boolean =
  (typeof process === 'undefined' ? 'production' : process.env.NODE_ENV) !== 'production';
