import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import type { RunningEmulator } from '../../../src/emulator/index.js';
import { playgroundTenants } from '../../../.storybook/playgroundTenants.mjs';
import { outputDirOf } from '../../config/buildStaticPlayground.mjs';
import { type LoopbackServer, listenOnLoopback } from '../../support/listenOnLoopback.js';
import { startBuiltEmulator } from './startBuiltEmulator.js';

const repo = fileURLToPath(new URL('../../../', import.meta.url));

/** The playground's tenants by name. */
type TenantName = keyof typeof playgroundTenants;

/** How the playground was built: as `npm run build-storybook` builds it, or as `npm start` serves it. */
export type PlaygroundMode = 'production' | 'development';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.map': 'application/json; charset=utf-8',
};

/** The static playgrounds, served with their emulators and their backend. */
export interface StaticPlaygrounds {
  /** `http://127.0.0.1:<port>` of each build served: the built Storybook (`index.html`, `iframe.html`, `index.json`). */
  readonly urls: Partial<Record<PlaygroundMode, string>>;
  /** Stops the servers, the backend's emulators, and restores the environment. */
  stop(): Promise<void>;
}

/** Builds the static playground in `mode` unless the build is current (the script keeps a digest of what it read). */
export function ensureStaticPlaygroundBuilt(mode: PlaygroundMode): void {
  execFileSync(process.execPath, [join(repo, 'test/config/buildStaticPlayground.mjs'), mode], { cwd: repo, stdio: 'inherit' });
}

/**
 * The playground's backend (the Storybook dev-server middleware of `.storybook/main.ts` that mints sessions
 * with the server client), taken from the Storybook settings themselves, so the static site talks to the very
 * backend `npm start` runs.
 */
async function playgroundBackend(): Promise<(req: IncomingMessage, res: ServerResponse) => void> {
  const { default: config } = await import('../../../.storybook/main.js');
  const viteConfig = await config.viteFinal?.({}, {
    configType: 'PRODUCTION',
  } as never);
  const plugin = (viteConfig?.plugins ?? []).find(
    (candidate): candidate is Plugin =>
      typeof candidate === 'object' && candidate !== null && 'name' in candidate && candidate.name === 'svc-playground-backend',
  );
  const configure = plugin?.configureServer;
  let mounted: ((req: IncomingMessage, res: ServerResponse) => void) | undefined;
  const server = {
    middlewares: {
      use: (_path: string, handler: (req: IncomingMessage, res: ServerResponse) => void) => {
        mounted = handler;
      },
    },
  };
  if (typeof configure === 'function') await (configure as (server: unknown) => unknown)(server);
  if (!mounted) throw new Error('.storybook/main.ts mounts no playground backend ("svc-playground-backend")');
  return mounted;
}

/** The placeholder each build got for each emulator's address, by the variable the stories read. */
async function placeholdersOf(mode: PlaygroundMode): Promise<Record<string, string>> {
  const stampFile = `${outputDirOf(mode)}.json`;
  const { placeholders } = JSON.parse(await readFile(stampFile, 'utf8')) as {
    placeholders: Record<string, string>;
  };
  for (const { url } of Object.values(playgroundTenants)) {
    if (placeholders[url] === undefined) throw new Error(`${stampFile} names no placeholder for ${url}`);
  }
  return placeholders;
}

/**
 * Serves the static playground builds of `modes` (`storybook build`, from test/config/buildStaticPlayground.mjs)
 * on loopback, one port each, with what `npm start` runs around it: the three emulators (the main one, and the
 * renewal recipe's two with 40-second tokens) and the playground backend under `/playground-api`. The builds'
 * placeholder addresses are replaced by the emulators' in what is served.
 */
export async function serveStaticPlaygrounds(modes: readonly PlaygroundMode[]): Promise<StaticPlaygrounds> {
  const placeholders = await Promise.all(modes.map(placeholdersOf));
  const names = Object.keys(playgroundTenants) as TenantName[];
  // As `npm start` runs them (.storybook/start.mjs), on free ports.
  const emulators = Object.fromEntries(
    await Promise.all(
      names.map(async (name) => [name, await startBuiltEmulator({ ...playgroundTenants[name].emulator, port: 0, quiet: true })] as const),
    ),
  ) as Record<TenantName, RunningEmulator>;
  const saved = new Map<string, string | undefined>();
  for (const name of names) {
    for (const [variable, value] of [
      [playgroundTenants[name].url, emulators[name].url],
      [playgroundTenants[name].apiToken, emulators[name].credentials.apiToken],
    ] as const) {
      saved.set(variable, process.env[variable]);
      process.env[variable] = value;
    }
  }
  const release = async (): Promise<void> => {
    await Promise.all(names.map((name) => emulators[name].close()));
    for (const [variable, value] of saved) {
      if (value === undefined) delete process.env[variable];
      else process.env[variable] = value;
    }
  };
  const servers: LoopbackServer[] = [];
  const urls: Partial<Record<PlaygroundMode, string>> = {};
  try {
    const backend = await playgroundBackend();
    for (const [index, mode] of modes.entries()) {
      // What the build got in place of each address, and the address it stands for.
      const addresses = names.map((name) => [placeholders[index]?.[playgroundTenants[name].url] as string, emulators[name].url] as const);
      const fill = (text: string) => addresses.reduce((filled, [placeholder, url]) => filled.replaceAll(placeholder, url), text);
      const buildDir = outputDirOf(mode);
      const server = await listenOnLoopback((req, res) => {
        const url = new URL(req.url ?? '/', 'http://playground');
        if (url.pathname === '/playground-api' || url.pathname.startsWith('/playground-api/')) {
          // Mounted at /playground-api, as on the dev server: the handler sees the rest of the address.
          req.url = `${url.pathname.slice('/playground-api'.length) || '/'}${url.search}`;
          backend(req, res);
          return;
        }
        const file = normalize(join(buildDir, decodeURIComponent(url.pathname === '/' ? '/index.html' : url.pathname)));
        if (!file.startsWith(`${buildDir}${sep}`)) {
          res.writeHead(403).end();
          return;
        }
        const type = TYPES[extname(file)] ?? 'application/octet-stream';
        readFile(file).then(
          (body) => {
            res.writeHead(200, { 'content-type': type });
            res.end(type.includes('charset') ? fill(body.toString('utf8')) : body);
          },
          () => res.writeHead(404, { 'content-type': 'text/plain' }).end('not found'),
        );
      });
      servers.push(server);
      urls[mode] = server.origin;
    }
  } catch (error) {
    await Promise.all(servers.map((server) => server.close()));
    await release();
    throw error;
  }
  return {
    urls,
    stop: async () => {
      await Promise.all(servers.map((server) => server.close()));
      await release();
    },
  };
}
