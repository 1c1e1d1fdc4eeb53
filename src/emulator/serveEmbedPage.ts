import type { Context } from 'hono';
import { FILTER_PARAMETER_PREFIX } from '../protocol/filterKey.js';
import type { JsonValue } from '../protocol/filterValue.js';
import { parseFilterParameter } from '../protocol/parseFilterParameter.js';
import type { EmulatorBootConfig } from './EmulatorBootConfig.js';
import type { EmulatorState, SessionRefusal } from './EmulatorState.js';
import { refuseSessionForPage } from './page/refuseSessionForPage.js';
import { renderEmbedPage } from './renderEmbedPage.js';

/** What every embed page is served with, from the emulator's options. */
export interface EmbedPageSettings {
  /** How often a signed page asks whether its token holds, in milliseconds. */
  readonly tokenCheckIntervalMs: number;
  /** Whether pages speak the newer protocol: expiry events and `svc:action:set-session`. */
  readonly inPlaceRenewal: boolean;
}

/**
 * Answers an embed address with its page: reads the filters, the locale, the time zone and the placement
 * switches, and puts the boot config in the HTML. A signed page gets no token here: the page itself exchanges
 * its session id (`POST /api/v1/embed/session/token`) and keeps the token in memory, so no token is ever in
 * an address, this HTML, a log or a referrer. A fresh session is checked against the page (deployment,
 * creator mode) without being spent, so a page that refuses it leaves it usable elsewhere; a session the
 * page exchanged before is its own reload, and the page finds its token where it kept it.
 */
export function serveEmbedPage(
  c: Context,
  state: EmulatorState,
  settings: EmbedPageSettings,
  boot: Pick<EmulatorBootConfig, 'surface' | 'path'> & Partial<EmulatorBootConfig>,
): Response {
  const url = new URL(c.req.url);
  const sessionParam = boot.surface === 'chat' ? 'sessionId' : 'session';
  const filters: Record<string, JsonValue> = {};
  const params: Record<string, string> = {};
  for (const [name, value] of url.searchParams) {
    if (name.startsWith(FILTER_PARAMETER_PREFIX)) {
      const parsed = parseFilterParameter(`${name}=${value}`);
      if (parsed.ok) filters[parsed.key] = parsed.value;
      // A token in an address is never read, and never echoed into the page either.
    } else if (![sessionParam, 'embedToken', 'allowExport', 'locale', 'timezone'].includes(name)) params[name] = value.slice(0, 200);
  }
  let error = boot.error;
  let mode: 'signed' | 'private' = 'private';
  const session = url.searchParams.get(sessionParam);
  const page = { surface: boot.surface, deploymentId: boot.deploymentId ?? null };
  if (session !== null) {
    mode = 'signed';
    if (!error && !state.wasExchanged(session)) {
      // Would the session open here? Asked with a check that always answers "no", so nothing is spent: the
      // page spends it itself when it exchanges it.
      const notNow: SessionRefusal = { name: 'NotSpent', message: '' };
      const opened = state.openSession({ session }, (input) => refuseSessionForPage(page, input) ?? notNow);
      if (!opened.ok && opened.refusal !== notNow) error = opened.refusal;
    }
  } else if (boot.surface === 'app') {
    error = error ?? {
      name: 'SessionError',
      message: 'The app is signed-only: the address needs a session.',
    };
  }
  const config: EmulatorBootConfig = {
    ...boot,
    deploymentId: boot.deploymentId ?? null,
    mode,
    embedTenant: null,
    viewer: { name: 'Dev User (private mode)', email: 'dev.user@example.com' },
    allowExport: url.searchParams.get('allowExport') === 'true',
    locale: url.searchParams.get('locale'),
    timezone: url.searchParams.get('timezone')?.slice(0, 64) ?? null,
    filters,
    params,
    theme: null,
    dataset: state.seed.dataset,
    inPlaceRenewal: settings.inPlaceRenewal,
    ...(mode === 'signed' ? { tokenCheckIntervalMs: settings.tokenCheckIntervalMs } : {}),
    ...(error ? { error } : {}),
  };
  c.header('content-security-policy', "default-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob: https: http:");
  c.header('cache-control', 'no-store');
  // The address holds a session id: no page this one links to learns it.
  c.header('referrer-policy', 'no-referrer');
  return c.html(renderEmbedPage(config)) as Response;
}
