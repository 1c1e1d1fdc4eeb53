import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { build } from 'vite';
import { listenOnLoopback } from '../../../support/listenOnLoopback.js';

const here = fileURLToPath(new URL('.', import.meta.url));
const repo = fileURLToPath(new URL('../../../../', import.meta.url));

/**
 * A static server on 127.0.0.1, port 0, for a build's temporary output directory: the returned `close` stops
 * the server and removes the directory.
 */
export async function serveBuildOutput(dir: string): Promise<{ url: string; close: () => Promise<void> }> {
  const types: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' };
  const server = await listenOnLoopback((req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname)).replace(/^(\.\.[/\\])+/, '');
    const file = join(dir, path === '/' ? 'index.html' : path);
    try {
      const body = readFileSync(file);
      res.writeHead(200, { 'content-type': types[extname(file)] ?? 'application/octet-stream' });
      res.end(body);
    } catch {
      res.writeHead(404).end('not found');
    }
  });
  return {
    url: server.origin,
    close: async () => {
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Builds the host app against the built package (as users import it) and serves it on 127.0.0.1. */
export async function startHostApp(): Promise<{ url: string; close: () => Promise<void> }> {
  const outDir = mkdtempSync(join(tmpdir(), 'svc-host-'));
  await build({
    configFile: false,
    logLevel: 'silent',
    root: join(here, '../host'),
    plugins: [react()],
    resolve: {
      alias: [
        { find: /^svc-embed-react$/, replacement: join(repo, 'dist/index.js') },
        { find: /^svc-embed-react\/keep-alive$/, replacement: join(repo, 'dist/keepAlive/index.js') },
      ],
    },
    build: { outDir, emptyOutDir: true, minify: false },
  });
  return serveBuildOutput(outDir);
}

/**
 * A page on a third origin that posts perfect `svc-embed` envelopes to its parent with the wildcard target,
 * the way a hostile or buggy frame would.
 */
export async function startForeignFramePage(): Promise<{ url: string; close: () => Promise<void> }> {
  const server = await listenOnLoopback((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end(`<!doctype html><script>
      window.__received = [];
      addEventListener('message', (event) => window.__received.push(event.data));
      const envelope = (type, payload) => ({ source: 'svc-embed', direction: 'event', type, payload, timestamp: Date.now(), surface: 'dashboard' });
      parent.postMessage(envelope('svc:event:ready', { embedTenant: 'evil', deploymentId: 1, mode: 'signed', surface: 'dashboard' }), '*');
      parent.postMessage(envelope('svc:event:error', { message: 'forged', fatal: true }), '*');
      parent.postMessage(envelope('svc:event:view', { surface: 'dashboard', path: '/forged' }), '*');
      document.title = 'posted';
    </script>`);
  });
  return { url: `${server.origin}/foreign.html`, close: server.close };
}
