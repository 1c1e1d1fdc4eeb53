import type { AddressInfo } from 'node:net';
import { hostname, networkInterfaces } from 'node:os';
import { serve } from '@hono/node-server';
import { createEmulatorApp, type EmulatorRequestRecord } from './createEmulatorApp.js';
import { createEmulatorSecrets, type EmulatorCredentials } from './EmulatorCredentials.js';
import { EmulatorState } from './EmulatorState.js';
import { seedWorkspace } from './seedWorkspace.js';

/** Options of {@link startEmulator}. */
export interface StartEmulatorOptions {
  /** The port; 0 picks a free one. @default 0 */
  readonly port?: number | undefined;
  /** The interface to listen on. @default '127.0.0.1' */
  readonly host?: string | undefined;
  /** Allow listening on a non-loopback interface (the emulator has fake credentials and plain http). @default false */
  readonly allowNonLoopback?: boolean | undefined;
  /** Keep published dashboards in this JSON file across restarts. @default in memory only */
  readonly stateFile?: string | undefined;
  /** Report nothing on the console (the emulator only ever reports unexpected failures there). @default false */
  readonly quiet?: boolean | undefined;
  /** The clock, for tests of session, embed token and data token expiry. @default Date.now */
  readonly now?: (() => number) | undefined;
  /**
   * How often a signed embed page asks whether its embed token still holds, in milliseconds (at least 100).
   * Tests of token expiry shorten it. @default 20000
   */
  readonly tokenCheckIntervalMs?: number | undefined;
}

/** A running emulator. */
export interface RunningEmulator {
  /** Its origin, e.g. `http://127.0.0.1:41234`: the tenant origin to embed from. */
  readonly url: string;
  /** Development credentials it accepts. */
  readonly credentials: EmulatorCredentials;
  /** The requests it answered (method, path, status, time; never credentials). */
  readonly requests: readonly EmulatorRequestRecord[];
  /**
   * Expires every embed token handed out so far, as a day passing would: each page holding one emits a fatal
   * `svc:event:error` named `SessionExpiredError` at its next action for the viewer, or its next periodic
   * check at the latest. Also `POST /_emulator/expire-embed-tokens` (loopback clients only).
   *
   * @returns How many tokens were still valid and are now expired.
   */
  expireEmbedTokens(): number;
  /** Stops it. */
  close(): Promise<void>;
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '::1', '[::1]']);

/**
 * The names the emulator answers to besides the loopback ones: none on loopback; the interface given with
 * `allowNonLoopback`; for a wildcard interface, the machine's own addresses and host name. Never any name,
 * so a page that rebinds its own domain to this machine is still refused.
 */
function ownHostNames(host: string): string[] {
  if (LOOPBACK.has(host)) return [];
  if (host !== '0.0.0.0' && host !== '::') return [host];
  const addresses = Object.values(networkInterfaces()).flatMap((list) => (list ?? []).map((item) => item.address));
  return [...addresses, hostname()];
}

/**
 * Starts the local tenant emulator: the platform's embed pages, management API, SCIM, data and AI APIs,
 * on loopback, with fresh development credentials. Node only.
 *
 * @example
 * const emulator = await startEmulator({ port: 0 });
 * // <SvcDashboard tenantOrigin={emulator.url} publicId="sales-overview" />
 * await emulator.close();
 */
export async function startEmulator(options: StartEmulatorOptions = {}): Promise<RunningEmulator> {
  const host = options.host ?? '127.0.0.1';
  const port = options.port ?? 0;
  if (!LOOPBACK.has(host) && !options.allowNonLoopback) {
    throw new Error(`The emulator listens on loopback only (got host "${host}"); pass allowNonLoopback to override.`);
  }
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`port must be an integer from 0 to 65535; got ${port}.`);
  const interval = options.tokenCheckIntervalMs;
  if (interval !== undefined && (!Number.isInteger(interval) || interval < 100)) {
    throw new Error(`tokenCheckIntervalMs must be an integer of at least 100; got ${interval}.`);
  }
  const seed = seedWorkspace();
  const state = new EmulatorState(seed, options.stateFile, options.now);
  const secrets = createEmulatorSecrets({ deploymentId: 42, workbookId: seed.unpublishedWorkbookId, otherDeploymentId: 43 }, options.now);
  const requests: EmulatorRequestRecord[] = [];
  const app = createEmulatorApp(state, secrets, requests, {
    quiet: options.quiet,
    extraHostNames: ownHostNames(host),
    tokenCheckIntervalMs: interval,
  });
  const hostname = host === '[::1]' ? '::1' : host;
  const server = await new Promise<ReturnType<typeof serve>>((resolve, reject) => {
    const s = serve({ fetch: app.fetch, port, hostname }, () => resolve(s));
    s.once('error', reject);
  });
  const address = server.address() as AddressInfo;
  const shownHost = address.family === 'IPv6' ? `[${address.address}]` : host === 'localhost' ? 'localhost' : address.address;
  return {
    url: `http://${shownHost}:${address.port}`,
    credentials: secrets.credentials,
    requests,
    expireEmbedTokens: () => state.expireEmbedTokens(),
    close: () =>
      new Promise<void>((resolve, reject) => {
        if ('closeAllConnections' in server) server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
