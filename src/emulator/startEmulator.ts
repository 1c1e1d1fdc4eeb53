import type { AddressInfo } from 'node:net';
import { hostname, networkInterfaces } from 'node:os';
import { serve } from '@hono/node-server';
import { createEmulatorApp } from './createEmulatorApp.js';
import { createRequestLog, type EmulatorRequestRecord } from './createRequestLog.js';
import { DEFAULT_EMBED_TOKEN_LIFETIME, type EmbedTokenLifetime } from './EmbedTokenRecord.js';
import { createEmulatorSecrets, type EmulatorCredentials } from './EmulatorCredentials.js';
import { EmulatorState } from './EmulatorState.js';
import { readCredentialsFile } from './readCredentialsFile.js';
import { seedWorkspace } from './seedWorkspace.js';
import { readFrameAncestors } from './readFrameAncestors.js';
import { svcError } from '../protocol/svcError.js';

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
   * How often a signed embed page asks whether its embed token still holds, in milliseconds (a whole number
   * of at least 100; `SVC805` otherwise). Tests of token expiry shorten it. @default 20000
   */
  readonly tokenCheckIntervalMs?: number | undefined;
  /**
   * How long an embed token lives from the moment its page exchanges the session, in milliseconds: a whole
   * number of at least 1 whose end is a date JavaScript can hold (`SVC805` otherwise).
   * @default 86400000 (24 hours, as the platform mints it)
   */
  readonly embedTokenTtlMs?: number | undefined;
  /**
   * How long before the end of its life the embed stops trusting its token, in milliseconds: the page's
   * `expiresAt` is `minted + embedTokenTtlMs - embedTokenTrustMarginMs`. A whole number (`SVC805`) smaller
   * than `embedTokenTtlMs` (`SVC806`).
   * @default 3600000 (1 hour); for a ttl under 24 hours, the same share of it (a twenty-fourth)
   */
  readonly embedTokenTrustMarginMs?: number | undefined;
  /**
   * How long before `expiresAt` the page sends `svc:event:session-expiring`, in milliseconds. A lead longer
   * than the trusted life makes the page send it right after `ready`. A whole number (`SVC805`).
   * @default 600000 (10 minutes)
   */
  readonly sessionExpiringLeadMs?: number | undefined;
  /**
   * Whether the embed pages speak the platform's newer protocol: `svc:event:session-expiring` and
   * `svc:event:session-expired`, and `svc:action:set-session` to carry on in place. `false` behaves as the
   * older platform: neither event is ever sent, an expired page ends with the fatal `SessionExpiredError`
   * alone, and `set-session` is answered as any action type the page does not know (a non-fatal
   * `svc:event:error` named `UnknownActionError`), so hosts can test their fallback. A boolean (`SVC807`
   * otherwise: `'no'` is not `false`).
   * @default true
   */
  readonly inPlaceRenewal?: boolean | undefined;
  /**
   * Which sites may frame the embed pages: `'none'` (no site: a frame is blocked by the browser, as the
   * platform's pages are for a host missing from the account's allowed embed origins), `'self'`, or a list
   * of http(s) origins. Sent as `Content-Security-Policy: frame-ancestors ...` on every embed page, so a
   * host can test how it reports a blocked frame. `SVC807` for anything else.
   * @default any site may frame them (no `frame-ancestors` directive)
   */
  readonly frameAncestors?: 'none' | 'self' | readonly string[] | undefined;
  /**
   * Keep the development credentials in this JSON file, so a restarted emulator accepts what the last run
   * printed: read when it exists, else written with fresh credentials (mode 0600). Emulators started at once
   * with the same new file all end up with the credentials the file holds. An empty path, or a file that is
   * unreadable or malformed, is refused (`SVC808`) before anything is written.
   * @default fresh credentials each start
   */
  readonly credentialsFile?: string | undefined;
}

/** A running emulator. */
export interface RunningEmulator {
  /** Its origin, e.g. `http://127.0.0.1:41234`: the tenant origin to embed from. */
  readonly url: string;
  /** Development credentials it accepts. */
  readonly credentials: EmulatorCredentials;
  /**
   * The requests it answered (sequence number, method, path, status, time; never credentials or query
   * strings), oldest first: the last 1,000, `/_emulator/*` calls left out. Also `GET /_emulator/requests`.
   */
  readonly requests: readonly EmulatorRequestRecord[];
  /**
   * Expires every embed token handed out so far, as a day passing would: each page holding one sends
   * `svc:event:session-expired` and then a fatal `svc:event:error` named `SessionExpiredError` (only the
   * latter with `inPlaceRenewal: false`) at its next action for the viewer, or its next periodic check at
   * the latest. Also `POST /_emulator/expire-embed-tokens` (loopback clients only).
   *
   * @returns How many tokens were still valid and are now expired.
   */
  expireEmbedTokens(): number;
  /**
   * Moves every embed token still trusted into its expiring window, as the minutes before its end would:
   * each page holding one sends `svc:event:session-expiring` at its next action for the viewer, or its next
   * periodic check at the latest. Also `POST /_emulator/warn-embed-tokens` (loopback clients only).
   *
   * @returns How many tokens entered their window now (not those already in it).
   */
  warnEmbedTokens(): number;
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

/** The largest time a JavaScript `Date` holds, in epoch milliseconds. */
const LARGEST_DATE_MS = 8.64e15;

/** A duration option: a whole number of milliseconds, at least `min` (`SVC805` otherwise). */
function checkDuration(name: string, value: unknown, fallback: number, min: number): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < min) {
    throw svcError(805, `${name} must be a whole number of milliseconds of at least ${min}; got ${typeof value === 'number' ? value : JSON.stringify(value) ?? typeof value}.`, RangeError);
  }
  return value;
}

/** The embed token lifetime from the options; a margin that leaves no trusted life is refused. */
function readLifetime(options: StartEmulatorOptions, now: number): EmbedTokenLifetime {
  const defaults = DEFAULT_EMBED_TOKEN_LIFETIME;
  const ttlMs = checkDuration('embedTokenTtlMs', options.embedTokenTtlMs, defaults.ttlMs, 1);
  if (now + ttlMs > LARGEST_DATE_MS) {
    throw svcError(805, `embedTokenTtlMs (--embed-token-ttl) of ${ttlMs} ms would end tokens past the largest date JavaScript can hold; give at most ${LARGEST_DATE_MS - now} ms.`, RangeError);
  }
  // A short ttl with the 1-hour margin would be born untrusted: the default keeps the platform's proportion.
  const defaultMargin = Math.min(defaults.trustMarginMs, Math.floor((ttlMs * defaults.trustMarginMs) / defaults.ttlMs));
  const trustMarginMs = checkDuration('embedTokenTrustMarginMs', options.embedTokenTrustMarginMs, defaultMargin, 0);
  const expiringLeadMs = checkDuration('sessionExpiringLeadMs', options.sessionExpiringLeadMs, defaults.expiringLeadMs, 0);
  if (trustMarginMs >= ttlMs) {
    throw svcError(
      806,
      `The embed token trust margin (embedTokenTrustMarginMs, --embed-token-trust-margin: ${trustMarginMs} ms) must be shorter than its life (embedTokenTtlMs, --embed-token-ttl: ${ttlMs} ms), or no token is ever trusted.`,
      RangeError,
    );
  }
  return { ttlMs, trustMarginMs, expiringLeadMs };
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
    throw svcError(809, `The emulator listens on loopback only (got host "${String(host).slice(0, 100)}"); pass allowNonLoopback to override.`, Error);
  }
  if (typeof port !== 'number' || !Number.isInteger(port) || port < 0 || port > 65535) {
    throw svcError(804, `port must be an integer from 0 to 65535; got ${JSON.stringify(port) ?? typeof port}.`, RangeError);
  }
  const interval = options.tokenCheckIntervalMs === undefined ? undefined : checkDuration('tokenCheckIntervalMs', options.tokenCheckIntervalMs, 0, 100);
  if (options.inPlaceRenewal !== undefined && typeof options.inPlaceRenewal !== 'boolean') {
    throw svcError(807, `inPlaceRenewal must be true or false; got ${JSON.stringify(options.inPlaceRenewal) ?? typeof options.inPlaceRenewal}.`);
  }
  const frameAncestors = readFrameAncestors(options.frameAncestors);
  if (options.credentialsFile !== undefined && (typeof options.credentialsFile !== 'string' || options.credentialsFile.trim() === '')) {
    throw svcError(808, 'credentialsFile must be the path of a file (it is empty); leave it out for fresh credentials each start.');
  }
  const lifetime = readLifetime(options, (options.now ?? Date.now)());
  const seed = seedWorkspace();
  const state = new EmulatorState(seed, options.stateFile, options.now, lifetime);
  const values = options.credentialsFile === undefined ? undefined : readCredentialsFile(options.credentialsFile);
  const secrets = createEmulatorSecrets({ deploymentId: 42, workbookId: seed.unpublishedWorkbookId, otherDeploymentId: 43 }, options.now, values);
  const log = createRequestLog();
  const app = createEmulatorApp(state, secrets, log, {
    quiet: options.quiet,
    extraHostNames: ownHostNames(host),
    tokenCheckIntervalMs: interval,
    inPlaceRenewal: options.inPlaceRenewal ?? true,
    frameAncestors,
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
    requests: log.entries,
    expireEmbedTokens: () => state.expireEmbedTokens(),
    warnEmbedTokens: () => state.warnEmbedTokens(),
    close: () =>
      new Promise<void>((resolve, reject) => {
        if ('closeAllConnections' in server) server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
