import { existsSync, readFileSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Context, Hono } from 'hono';
import type { RequestLog } from './createRequestLog.js';
import type { EmulatorEnv } from './EmulatorEnv.js';
import type { EmulatorState } from './EmulatorState.js';
import { fail } from './fail.js';
import { incomingOf } from './incomingOf.js';

const isLoopbackAddress = (address: string | undefined): boolean =>
  address !== undefined && (address === '::1' || address.startsWith('127.') || address.startsWith('::ffff:127.'));

/** The control routes answer only the machine itself, and never another site's page. */
function controlOnly(c: Context): void {
  if (!isLoopbackAddress(incomingOf(c)?.socket.remoteAddress)) fail(403, 'the emulator control routes answer loopback clients only');
  const origin = c.req.header('origin');
  if (origin !== undefined && origin !== new URL(c.req.url).origin) fail(403, 'the emulator control routes refuse requests from other origins');
}

/** Where the built page script is: beside this module in `dist/`, or in the repository's `dist/` from `src/`. */
function findPageScript(): string | undefined {
  for (const candidate of ['./page.js', '../emulator/page.js', './emulator/page.js', '../../dist/emulator/page.js']) {
    const path = fileURLToPath(new URL(candidate, import.meta.url));
    if (existsSync(path)) return path;
  }
  return undefined;
}

/** Reads `?since=`: a request sequence number (see `EmulatorRequestRecord.seq`); absent means from the start. */
function readSince(value: string | undefined): number {
  if (value === undefined) return 0;
  if (!/^(0|[1-9][0-9]{0,14})$/.test(value)) fail(400, 'since must be a request sequence number (an integer of 0 or more)');
  return Number(value);
}

/**
 * The `/_emulator` routes: the embed page's script, and the controls a test runner or script uses (the
 * request log, expiring or warning the embed tokens), which answer loopback clients only.
 */
export function addControlRoutes(app: Hono<EmulatorEnv>, state: EmulatorState, log: RequestLog): void {
  // Cached by modification time, so a rebuild while the emulator runs is picked up on the next reload.
  let pageScript: { readonly mtimeMs: number; readonly text: string } | undefined;
  app.get('/_emulator/page.js', (c) => {
    const file = findPageScript();
    if (!file) return c.text('// The emulator page script is not built: run "npm run build".', 500);
    const { mtimeMs } = statSync(file);
    if (pageScript?.mtimeMs !== mtimeMs) pageScript = { mtimeMs, text: readFileSync(file, 'utf8') };
    c.header('content-type', 'text/javascript; charset=utf-8');
    c.header('cache-control', 'no-cache');
    return c.body(pageScript.text);
  });

  app.get('/_emulator/requests', (c) => {
    controlOnly(c);
    const since = readSince(c.req.query('since'));
    return c.json({ requests: log.after(since), latest: log.latest });
  });

  app.post('/_emulator/expire-embed-tokens', (c) => {
    controlOnly(c);
    return c.json({ expired: state.expireEmbedTokens() });
  });

  app.post('/_emulator/warn-embed-tokens', (c) => {
    controlOnly(c);
    return c.json({ warned: state.warnEmbedTokens() });
  });
}
