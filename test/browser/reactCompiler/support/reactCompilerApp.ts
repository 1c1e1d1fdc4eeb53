import { execFileSync } from 'node:child_process';
import { createReadStream, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { listenOnLoopback } from '../../../support/listenOnLoopback.js';
import { digestDirectory, exited, runApp } from '../../support/appServer.js';

const repo = fileURLToPath(new URL('../../../../', import.meta.url));
/** The example app, with its own package.json and lockfile. */
export const exampleDir = join(repo, 'examples/react-compiler');
const viteBin = join(exampleDir, 'node_modules/vite/bin/vite.js');

/**
 * Makes sure examples/react-compiler has its dependencies and the package as currently built (from the packed
 * tarball, as `npm run test:setup` installs it). Running this file alone after a rebuild reinstalls it.
 */
export function ensureExampleInstalled(): void {
  const installed = join(exampleDir, 'node_modules/svc-embed-react/dist');
  const current = existsSync(viteBin) && existsSync(installed) && digestDirectory(installed) === digestDirectory(join(repo, 'dist'));
  if (!current) {
    execFileSync(process.execPath, [join(repo, 'test/node/consumers/installConsumers.mjs'), 'react-compiler'], { cwd: repo, stdio: 'inherit' });
  }
}

/** The example's two builds: with React Compiler (as the example ships) and the same app without it. */
export type Variant = 'compiled' | 'without-compiler';

/** A build of the example in a temporary folder. */
export interface ExampleBuild {
  readonly variant: Variant;
  readonly dir: string;
  readonly ms: number;
  /** The modules in the bundle, from its source map: what the build pulled in. */
  readonly modules: readonly string[];
  /** The bundle's code. */
  readonly code: string;
  remove(): void;
}

/**
 * `vite build` of the example (`--mode without-compiler` for the variant without React Compiler), as a
 * development build (`NODE_ENV=development`: React's development build, where StrictMode renders twice and
 * mounts every effect twice), with the tenant's origin baked in.
 */
export async function buildExample(variant: Variant, tenantOrigin: string): Promise<ExampleBuild> {
  const dir = mkdtempSync(join(tmpdir(), `svc-react-compiler-${variant}-`));
  const started = Date.now();
  const args = [viteBin, 'build', '--outDir', dir, '--emptyOutDir', '--logLevel', 'warn', ...(variant === 'compiled' ? [] : ['--mode', variant])];
  const build = runApp(process.execPath, args, exampleDir, { NODE_ENV: 'development', SVC_TENANT_ORIGIN: tenantOrigin });
  const code = await exited(build.child);
  if (code !== 0) {
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`vite build (${variant}) failed (exit ${code}):\n${build.output}`);
  }
  const assets = join(dir, 'assets');
  const bundle = readdirSync(assets).filter((name) => name.endsWith('.js'));
  if (bundle.length !== 1) throw new Error(`expected one script in ${assets}, found ${bundle.join(', ')}`);
  const map = JSON.parse(readFileSync(join(assets, `${bundle[0]}.map`), 'utf8')) as { sources: string[] };
  return {
    variant,
    dir,
    ms: Date.now() - started,
    modules: map.sources,
    code: readFileSync(join(assets, bundle[0] as string), 'utf8'),
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}

type Middleware = (request: IncomingMessage, response: ServerResponse, next: () => void) => void;

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.map': 'application/json',
  '.css': 'text/css; charset=utf-8',
};

/** A served build: the example's own session route (its server/ code) in front of the built files. */
export interface ServedExample {
  readonly url: string;
  /** Sessions the route minted (answered 200). */
  minted(): number;
  close(): Promise<void>;
}

/**
 * Serves `dir` on 127.0.0.1 (the tenant runs on localhost: two origins) behind the example's session middleware
 * (server/embedSessionMiddleware.ts, what its `vite preview` runs), reading the tenant and token from `env`.
 */
export async function serveExample(dir: string, env: Record<string, string>): Promise<ServedExample> {
  const middlewareModule = join(exampleDir, 'server/embedSessionMiddleware.ts');
  const { embedSessionMiddleware } = (await import(/* @vite-ignore */ middlewareModule)) as {
    embedSessionMiddleware: (env: Record<string, string>) => Middleware;
  };
  const sessions = embedSessionMiddleware(env);
  let minted = 0;
  const server = await listenOnLoopback((request, response) => {
    response.once('finish', () => {
      if (request.url === '/api/embed-session' && response.statusCode === 200) minted += 1;
    });
    sessions(request, response, () => {
      const path = normalize(decodeURIComponent((request.url ?? '/').split('?')[0] ?? '/'));
      const file = join(dir, path === '/' ? 'index.html' : path);
      if (!file.startsWith(dir) || !existsSync(file) || !statSync(file).isFile()) {
        response.writeHead(404).end();
        return;
      }
      response.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
      createReadStream(file).pipe(response);
    });
  });
  return { url: server.origin, minted: () => minted, close: () => server.close() };
}
