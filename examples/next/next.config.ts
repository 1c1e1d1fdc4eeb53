import { fileURLToPath } from 'node:url';
import type { NextConfig } from 'next';

const config: NextConfig = {
  // As in the create-next-app template: pages are prerendered except what waits on `connection()`. The two
  // prerendered pages have no such part: `next build` renders their embeds whole, which a render that read the
  // clock would fail.
  cacheComponents: true,
  partialPrefetching: true,
  // This folder is its own app: without this Next.js would pick the repository's lockfile above as the root.
  turbopack: { root: fileURLToPath(new URL('.', import.meta.url)) },
};

export default config;
