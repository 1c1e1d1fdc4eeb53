import type { Context, Hono } from 'hono';
import type { JsonValue } from '../protocol/filterValue.js';
import type { EmulatorEnv } from './EmulatorEnv.js';
import type { EmbedSessionGrants, EmbedTokenRecord } from './EmbedTokenRecord.js';
import type { EmbedTokenGrants } from './EmulatorBootConfig.js';
import type { EmulatorState } from './EmulatorState.js';
import { STRICT_ID } from './parsePositiveId.js';
import { readJsonBody } from './readJsonBody.js';
import { type EmbedPageSettings, serveEmbedPage } from './serveEmbedPage.js';

/** A refusal as a signed page reads it: its status, the error's name and a message without any credential. */
const refusal = (c: Context, status: 400 | 401 | 403, name: string, message: string) => c.json({ error: { status, name, message } }, status);

/**
 * What a token lets its page show, without any credential: the session's deployment, viewer, theme and
 * grants. The grants are read from the token record as the server stores them, and from the session's own
 * input where a record has none (an older state), so the page works with either.
 */
function tokenGrants(record: EmbedTokenRecord): EmbedTokenGrants {
  const input = record.session.input;
  const held = record as Partial<EmbedSessionGrants>;
  const userProfile = held.userProfile ?? input.userProfile ?? null;
  return {
    deploymentId: input.deploymentId,
    creatorMode: input.creatorMode === true,
    viewer: {
      name: userProfile?.displayName ?? input.externalId ?? String(input.internalId ?? 'viewer'),
      email: input.email ?? null,
    },
    embedTenant: input.embedTenantName ?? null,
    theme: input.embedTheme ?? null,
    settings: (held.settings ?? input.settings ?? {}) as EmbedTokenGrants['settings'],
    branchName: held.branchName ?? input.branchName ?? 'main',
    userProfile: userProfile === null ? null : { displayName: userProfile.displayName ?? null, picture: userProfile.picture ?? null },
  };
}

/**
 * The embed pages (`/embed/dashboard/:publicId`, `/embed/chat`, `/embed/d/:deploymentId/app/*`) and what
 * a running signed page asks of the server: whether its token holds (`GET /embed/token-status`) and a new
 * token for a session the host handed over in place (`POST /embed/exchange-session`). The token always
 * travels in the `X-Embed-Token` header and the session in a JSON body, never in an address, so neither
 * lands in a log.
 */
export function addEmbedRoutes(app: Hono<EmulatorEnv>, state: EmulatorState, settings: EmbedPageSettings): void {
  app.get('/embed/dashboard/:publicId', (c) => {
    const publicId = c.req.param('publicId');
    const dashboard = state.findDashboard(publicId);
    const path = new URL(c.req.url).pathname;
    if (!dashboard) {
      return serveEmbedPage(c, state, settings, {
        surface: 'dashboard',
        path,
        publicId,
        error: {
          name: 'NotFoundError',
          message: `No published dashboard "${publicId.slice(0, 80)}".`,
        },
      });
    }
    return serveEmbedPage(c, state, settings, {
      surface: 'dashboard',
      path,
      publicId,
      deploymentId: dashboard.deploymentId,
      dashboard: {
        title: dashboard.title ?? dashboard.config.title ?? null,
        description: dashboard.description ?? null,
        widgets: (dashboard.config.widgets ?? []).map((w) => ({
          id: w.id,
          type: w.type,
          position: w.position,
          config: (w.config ?? null) as Record<string, JsonValue> | null,
        })),
      },
    });
  });

  app.get('/embed/chat', (c) =>
    serveEmbedPage(c, state, settings, {
      surface: 'chat',
      path: '/embed/chat',
    }),
  );

  const appPage = (c: Context) => {
    const idText = c.req.param('deploymentId') ?? '';
    const deploymentId = STRICT_ID.test(idText) ? Number(idText) : Number.NaN;
    const path = new URL(c.req.url).pathname;
    if (!state.hasDeployment(deploymentId)) {
      return serveEmbedPage(c, state, settings, {
        surface: 'app',
        path,
        error: { name: 'NotFoundError', message: 'No such deployment.' },
      });
    }
    return serveEmbedPage(c, state, settings, {
      surface: 'app',
      path,
      deploymentId,
      app: {
        workbooks: state.seed.workbooks.filter((w) => w.deploymentId === deploymentId).map(({ id, name, folderId }) => ({ id, name, folderId })),
        folders: state.seed.folders.filter((f) => f.deploymentId === deploymentId).map(({ id, name }) => ({ id, name })),
      },
    });
  };
  app.get('/embed/d/:deploymentId/app', appPage);
  app.get('/embed/d/:deploymentId/app/*', appPage);

  /**
   * The token an embed page sends in `X-Embed-Token`, checked: its record, or the 401 refusal to answer with
   * (no token, or one the emulator no longer trusts).
   */
  const checkPageToken = (c: Context): { record: EmbedTokenRecord } | { refused: Response } => {
    const token = c.req.header('x-embed-token');
    if (token === undefined || token === '') return { refused: refusal(c, 401, 'SessionError', 'send the embed token in X-Embed-Token') };
    const check = state.checkEmbedToken(token);
    return check.ok ? { record: check.record } : { refused: refusal(c, 401, check.refusal.name, check.refusal.message) };
  };

  app.get('/embed/token-status', (c) => {
    c.header('cache-control', 'no-store');
    const checked = checkPageToken(c);
    if ('refused' in checked) return checked.refused;
    return c.json({
      valid: true,
      expiresAt: checked.record.expiresAt,
      expiringAt: checked.record.expiringAt,
      now: state.now(),
    });
  });

  app.get('/embed/token-grants', (c) => {
    c.header('cache-control', 'no-store');
    const checked = checkPageToken(c);
    if ('refused' in checked) return checked.refused;
    return c.json({
      expiresAt: checked.record.expiresAt,
      expiringAt: checked.record.expiringAt,
      now: state.now(),
      grants: tokenGrants(checked.record),
    });
  });

  app.post('/embed/exchange-session', async (c) => {
    c.header('cache-control', 'no-store');
    // Only the page itself: a JSON body from another origin needs a preflight the emulator never grants,
    // and a browser names the page's origin on a POST.
    const origin = c.req.header('origin');
    if (origin !== undefined && origin !== new URL(c.req.url).origin)
      return refusal(c, 403, 'SessionError', 'only the embed page itself may exchange a session');
    if (!(c.req.header('content-type') ?? '').startsWith('application/json')) return refusal(c, 400, 'SessionError', 'send the session as JSON');
    if (!settings.inPlaceRenewal) return refusal(c, 400, 'SessionError', 'this emulator runs without in-place renewal');
    const token = c.req.header('x-embed-token');
    if (token === undefined || token === '') return refusal(c, 401, 'SessionError', 'send the current embed token in X-Embed-Token');
    const body = await readJsonBody(c);
    const sessionId = typeof body === 'object' && body !== null ? (body as { sessionId?: unknown }).sessionId : undefined;
    if (typeof sessionId !== 'string' || sessionId === '') return refusal(c, 400, 'SessionError', 'the body needs a sessionId string');
    const renewed = state.renewEmbedToken(token, sessionId);
    if (!renewed.ok) return refusal(c, 400, 'SessionError', renewed.refusal.message);
    return c.json({
      embedToken: renewed.token,
      expiresAt: renewed.record.expiresAt,
      expiringAt: renewed.record.expiringAt,
      now: state.now(),
    });
  });
}
