import type { Context } from 'hono';
import { FILTER_PARAMETER_PREFIX } from '../protocol/filterKey.js';
import type { JsonValue } from '../protocol/filterValue.js';
import { parseFilterParameter } from '../protocol/parseFilterParameter.js';
import type { EmulatorBootConfig } from './EmulatorBootConfig.js';
import type { EmbedTokenRecord, EmulatorState, SessionRefusal } from './EmulatorState.js';
import { renderEmbedPage } from './renderEmbedPage.js';

/** What every embed page is served with, from the emulator's options. */
export interface EmbedPageSettings {
  /** How often a signed page asks whether its token holds, in milliseconds. */
  readonly tokenCheckIntervalMs: number;
  /** Whether pages speak the newer protocol: expiry events and `svc:action:set-session`. */
  readonly inPlaceRenewal: boolean;
}

/** The fields of a boot config that say how long a signed page may trust its token. */
function tokenFields(token: string, record: EmbedTokenRecord, now: number, settings: EmbedPageSettings) {
  return {
    embedToken: token,
    tokenCheckIntervalMs: settings.tokenCheckIntervalMs,
    tokenExpiresAt: record.expiresAt,
    tokenExpiringAt: record.expiringAt,
    serverNow: now,
  };
}

/**
 * Answers an embed address with its page: reads the filters and other parameters, exchanges the session
 * (or reads back the token) and puts the boot config in the HTML. The session is checked against the page
 * before it is spent, so a page that refuses it leaves it usable elsewhere.
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
    } else if (![sessionParam, 'embedToken', 'allowExport', 'locale'].includes(name)) params[name] = value.slice(0, 200);
  }
  let error = boot.error;
  let mode: 'signed' | 'private' = 'private';
  let viewer: EmulatorBootConfig['viewer'] = {
    name: 'Dev User (private mode)',
    email: 'dev.user@example.com',
  };
  let embedTenant: string | null = null;
  let theme: EmulatorBootConfig['theme'] = null;
  let signed: ReturnType<typeof tokenFields> | undefined;
  let deploymentId = boot.deploymentId ?? null;
  const session = url.searchParams.get(sessionParam);
  const token = url.searchParams.get('embedToken');
  if (session !== null || token !== null) {
    const refuse = (input: { readonly deploymentId: number; readonly creatorMode?: boolean | undefined }): SessionRefusal | null => {
      if (error) return error;
      if (boot.deploymentId != null && input.deploymentId !== boot.deploymentId) {
        return {
          name: 'SessionError',
          message: `This session is for deployment ${input.deploymentId}.`,
        };
      }
      if (boot.surface === 'app' && input.creatorMode !== true) {
        return {
          name: 'SessionError',
          message: 'The app needs a session minted with creatorMode: true.',
        };
      }
      return null;
    };
    const opened = state.openSession(token !== null ? { token } : { session: session ?? '' }, refuse);
    if (!opened.ok) error = error ?? opened.refusal;
    else {
      const input = opened.record.session.input;
      mode = 'signed';
      signed = tokenFields(opened.token, opened.record, state.now(), settings);
      viewer = {
        name: input.externalId ?? String(input.internalId ?? 'viewer'),
        email: input.email ?? null,
      };
      embedTenant = input.embedTenantName ?? null;
      theme = input.embedTheme ?? null;
      // The chat belongs to no dashboard or path: its deployment is the session's.
      deploymentId = boot.deploymentId ?? input.deploymentId;
    }
  } else if (boot.surface === 'app') {
    error = error ?? {
      name: 'SessionError',
      message: 'The app is signed-only: the address needs a session.',
    };
  }
  const page: EmulatorBootConfig = {
    ...boot,
    deploymentId,
    mode,
    embedTenant,
    viewer,
    allowExport: url.searchParams.get('allowExport') === 'true',
    locale: url.searchParams.get('locale'),
    filters,
    params,
    theme,
    dataset: state.seed.dataset,
    inPlaceRenewal: settings.inPlaceRenewal,
    ...(error ? { error } : {}),
    ...(signed && !error ? signed : {}),
  };
  c.header('content-security-policy', "default-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:");
  c.header('cache-control', 'no-store');
  return c.html(renderEmbedPage(page)) as Response;
}
