import type { Hono } from 'hono';
import type * as z from 'zod/mini';
import { publishDashboardInputSchema } from '../api/dashboard.js';
import { dashboardExportInputSchema } from '../api/dashboardExport.js';
import { generateSessionInputSchema, revokeSessionInputSchema } from '../api/embedSession.js';
import { describeRenderedAs, renderedAsOf } from './DashboardExportJobs.js';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from './EmbedTenantDirectory.js';
import { renderDashboardExport } from './renderDashboardExport.js';
import { requireDeployment } from './authenticate.js';
import type { EmulatorEnv } from './EmulatorEnv.js';
import type { EmulatorState } from './EmulatorState.js';
import { fail } from './fail.js';
import { parsePositiveId } from './parsePositiveId.js';
import { readJsonBody } from './readJsonBody.js';
import { validateBody } from './validateBody.js';

/** A SCIM paging number: an integer, possibly negative (RFC 7644 says how to read those). */
function scimInt(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  if (!/^-?[0-9]{1,9}$/.test(value)) fail(400, `${name} must be an integer`);
  return Number(value);
}

/** `first` of a cursor-paginated list: 1 to 100. */
function readFirst(value: string | undefined): number {
  if (value === undefined) return DEFAULT_PAGE_SIZE;
  if (!/^[1-9][0-9]{0,2}$/.test(value) || Number(value) > MAX_PAGE_SIZE) fail(400, `first must be an integer from 1 to ${MAX_PAGE_SIZE}`);
  return Number(value);
}

/** The management API under `/api/v1` and SCIM under `/api/scim/v2`; requests arrive authenticated. */
export function addManagementRoutes(app: Hono<EmulatorEnv>, state: EmulatorState): void {
  app.get('/api/v1/deployments', (c) => {
    const { deployments } = c.get('principal');
    const first = c.req.query('first');
    // A scoped key sees the deployments it may act on.
    const visible = state.listDeployments().filter((d) => deployments === null || deployments.includes(d.id));
    return c.json({
      items: first === undefined ? visible : visible.slice(0, parsePositiveId('first', first)),
    });
  });

  app.post('/api/v1/deployments/:deploymentId/workbooks/:workbookId/publish', async (c) => {
    const deploymentId = parsePositiveId('deploymentId', c.req.param('deploymentId'));
    const workbookId = parsePositiveId('workbookId', c.req.param('workbookId'));
    const json = await readJsonBody(c, true);
    const input = json === undefined ? undefined : validateBody(publishDashboardInputSchema, json);
    return c.json(state.publish(deploymentId, workbookId, input));
  });

  app.post('/api/v1/embed/generate-session', async (c) => {
    const json = await readJsonBody(c);
    // The target deployment is known before the body is checked: a key scoped elsewhere is 403 whatever else is wrong.
    const target = typeof json === 'object' && json !== null ? (json as { deploymentId?: unknown }).deploymentId : undefined;
    if (typeof target === 'number') requireDeployment(c.get('principal'), target);
    const input = validateBody(generateSessionInputSchema, json) as z.infer<typeof generateSessionInputSchema>;
    return c.json({ sessionId: state.createSession(input) });
  });

  // Logout: 204 whatever the id (unknown, expired, already revoked), so revoking twice is harmless.
  app.post('/api/v1/embed/session/revoke', async (c) => {
    const { sessionId } = validateBody(revokeSessionInputSchema, await readJsonBody(c));
    state.revokeSession(sessionId);
    return c.body(null, 204);
  });

  // The embed-tenant admin: the creator-mode definitions generate-session bootstrapped, listed and deleted.
  for (const [segment, list] of [
    ['groups', 'groups'],
    ['user-attributes', 'attributes'],
  ] as const) {
    app.get(`/api/v1/embed-tenants/:embedTenantName/${segment}`, (c) => {
      const after = c.req.query('after');
      return c.json(state.embedTenants.list(c.req.param('embedTenantName'), list, readFirst(c.req.query('first')), after === '' ? undefined : after));
    });
    app.delete(`/api/v1/embed-tenants/:embedTenantName/${segment}/:id`, (c) => {
      state.embedTenants.remove(c.req.param('embedTenantName'), list, c.req.param('id'));
      return c.body(null, 204);
    });
  }

  // Dashboard exports: a job per request, polled until done, then its file; all dropped after 5 minutes.
  app.post('/api/v1/deployments/:deploymentId/dashboard-exports', async (c) => {
    const deploymentId = parsePositiveId('deploymentId', c.req.param('deploymentId'));
    if (!state.hasDeployment(deploymentId)) fail(404, `deployment ${deploymentId} does not exist`);
    const input = validateBody(dashboardExportInputSchema, await readJsonBody(c));
    const dashboard = state.findDashboard(input.publicId);
    if (!dashboard || dashboard.deploymentId !== deploymentId) fail(404, `deployment ${deploymentId} has no published dashboard "${input.publicId.slice(0, 80)}"`);
    const layout = input.layout ?? 'screenshot';
    const renderedAs = renderedAsOf(input.renderAs);
    const label = describeRenderedAs(renderedAs);
    const job = state.exports.start({ deploymentId, publicId: input.publicId, format: input.format, layout, renderedAs }, () =>
      renderDashboardExport({ dashboard, dataset: state.seed.dataset, format: input.format, layout, renderedAs: label }),
    );
    return c.json({ jobId: job.jobId, status: job.status }, 202);
  });

  app.get('/api/v1/deployments/:deploymentId/dashboard-exports/:jobId', (c) => {
    const deploymentId = parsePositiveId('deploymentId', c.req.param('deploymentId'));
    const job = state.exports.get(deploymentId, c.req.param('jobId'), true);
    return c.json({ jobId: job.jobId, status: job.status, ...(job.error === undefined ? {} : { error: job.error }) });
  });

  app.get('/api/v1/deployments/:deploymentId/dashboard-exports/:jobId/download', (c) => {
    const deploymentId = parsePositiveId('deploymentId', c.req.param('deploymentId'));
    const file = state.exports.file(deploymentId, c.req.param('jobId'));
    c.header('content-type', file.contentType);
    c.header('content-disposition', `attachment; filename="${file.fileName}"`);
    c.header('cache-control', 'no-store');
    return c.body(file.bytes as Uint8Array<ArrayBuffer>);
  });

  app.get('/api/scim/v2/Users', (c) => {
    // RFC 7644 3.4.2.4: a startIndex below 1 is read as 1, a negative count as 0.
    const startIndex = Math.max(1, scimInt('startIndex', c.req.query('startIndex'), 1));
    const count = Math.min(100, Math.max(0, scimInt('count', c.req.query('count'), 100)));
    const users = state.seed.users;
    const page = users.slice(startIndex - 1, startIndex - 1 + count);
    return c.json({
      schemas: ['urn:ietf:params:scim:api:messages:2.0:ListResponse'],
      totalResults: users.length,
      startIndex,
      itemsPerPage: page.length,
      Resources: page.map((u) => ({
        schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
        ...u,
        emails: [{ value: u.userName, primary: true }],
      })),
    });
  });
}
