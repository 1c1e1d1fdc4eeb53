import * as z from 'zod/mini';
import { type Dashboard, type DashboardConfigInput, dashboardSchema, publishDashboardInputSchema } from '../api/dashboard.js';
import {
  type DashboardExportFormat,
  type DashboardExportJob,
  type DashboardExportLayout,
  dashboardExportInputSchema,
  dashboardExportJobSchema,
  type RenderAs,
} from '../api/dashboardExport.js';
import {
  type GenerateSessionInput,
  type GenerateSessionResponse,
  generateSessionInputSchema,
  generateSessionResponseSchema,
  revokeSessionInputSchema,
} from '../api/embedSession.js';
import {
  type CursorPage,
  type EmbedTenantGroup,
  embedTenantGroupPageSchema,
  type EmbedTenantUserAttribute,
  embedTenantUserAttributePageSchema,
} from '../api/embedTenantAdmin.js';
import {
  type Deployment,
  deploymentListSchema,
  type ScimListResponse,
  type ScimUser,
  scimListResponseSchema,
} from '../api/managementRecords.js';
import { checkApiUrl } from './checkApiUrl.js';
import { createTransport } from './createTransport.js';
import type { TransportOptions } from './Transport.js';
import { describeMissingApiPrefix } from './describeMissingApiPrefix.js';
import { abortableSleep } from './abortableSleep.js';
import type { DashboardExportFile } from './DashboardExportFile.js';
import { exportFileName } from './exportFileName.js';
import { SvcApiError, SvcExportFailedError, SvcExportTimeoutError, SvcInputError } from './SvcApiError.js';
import { validateInput } from './validateInput.js';
import { svcError } from '../protocol/svcError.js';

/** Options of {@link createManagementClient}. */
export interface ManagementClientOptions extends TransportOptions {
  /** The management API base address: the tenant host followed by `/api`. */
  readonly baseUrl: string;
  /** An API key or OAuth access token, sent as `Authorization: Bearer <token>`. Keep it on the server. */
  readonly apiToken: string;
  /** The SCIM token. @default apiToken */
  readonly scimToken?: string | undefined;
  /** How the SCIM token is sent: both forms are accepted by the platform. @default 'Bearer' */
  readonly scimAuthScheme?: 'Bearer' | 'Api-Key' | undefined;
}

/** Per-call options. */
export interface CallOptions {
  /** Cancels the request, including retries and backoff waits. */
  readonly signal?: AbortSignal | undefined;
}

/** Input of {@link ManagementClient.publishDashboard}. */
export interface PublishDashboardParams {
  readonly deploymentId: number;
  readonly workbookId: number;
  /** Re-publish this dashboard of the workbook (it must belong to it); without it the workbook's dashboard. */
  readonly dashboardId?: number | null | undefined;
  readonly title?: string | null | undefined;
  readonly description?: string | null | undefined;
  readonly config?: DashboardConfigInput | null | undefined;
}

/**
 * Input of {@link ManagementClient.createEmbedSession}: the generate-session body, with "exactly one of
 * `externalId` or `internalId`" enforced by the type as well as at run time.
 */
export type EmbedSessionParams = Omit<GenerateSessionInput, 'externalId' | 'internalId'> &
  (
    | { readonly externalId: string; readonly internalId?: undefined }
    | { readonly internalId: string | number; readonly externalId?: undefined }
  );

/** Which embed tenant, and which page of one of its lists. */
export interface EmbedTenantListParams {
  /** The embed tenant, as given to `createEmbedSession`. */
  readonly embedTenantName: string;
  /** At most this many items (1 to 100). @default the platform's page size */
  readonly first?: number | undefined;
  /** The `nextCursor` of the page before; left out, the first page. */
  readonly after?: string | undefined;
}

/** One item of an embed tenant's list. */
export interface EmbedTenantItemParams {
  readonly embedTenantName: string;
  /** The item's `id`, as the list gives it. */
  readonly id: string;
}

/** The embed-tenant admin calls: the creator-mode groups and user attribute definitions of one embed tenant. */
export interface EmbedTenantAdmin {
  /** One page of the tenant's groups. */
  listGroups(params: EmbedTenantListParams, options?: CallOptions): Promise<CursorPage<EmbedTenantGroup>>;
  /** Every group of the tenant, page after page (`pageSize` is each page's `first`). */
  groups(params: { readonly embedTenantName: string; readonly pageSize?: number | undefined }, options?: CallOptions): AsyncIterable<EmbedTenantGroup>;
  /** Deletes a group (404, `SvcApiError`, when it does not exist). */
  deleteGroup(params: EmbedTenantItemParams, options?: CallOptions): Promise<void>;
  /** One page of the tenant's user attribute definitions. */
  listUserAttributes(params: EmbedTenantListParams, options?: CallOptions): Promise<CursorPage<EmbedTenantUserAttribute>>;
  /** Every user attribute definition of the tenant, page after page. */
  userAttributes(
    params: { readonly embedTenantName: string; readonly pageSize?: number | undefined },
    options?: CallOptions,
  ): AsyncIterable<EmbedTenantUserAttribute>;
  /** Deletes a user attribute definition (404, `SvcApiError`, when it does not exist). */
  deleteUserAttribute(params: EmbedTenantItemParams, options?: CallOptions): Promise<void>;
}

/** Input of {@link ManagementClient.startDashboardExport}. */
export interface StartDashboardExportParams {
  readonly deploymentId: number;
  /** The published dashboard's public id. */
  readonly publicId: string;
  /** `png` or `pdf`. */
  readonly format: DashboardExportFormat;
  /**
   * `screenshot`: the dashboard as a viewer sees it; `print`: a paginated A4 PDF with one column, every table
   * row and a line summing up the filters (PDF only: with `png` it is refused before sending).
   * @default 'screenshot'
   */
  readonly layout?: DashboardExportLayout | undefined;
  /** Render as this embed user (row-level security and attributes apply). @default the caller */
  readonly renderAs?: RenderAs | undefined;
}

/** Which export job. */
export interface DashboardExportJobParams {
  readonly deploymentId: number;
  readonly jobId: string;
}

/** Input of {@link ManagementClient.exportDashboard}. */
export interface ExportDashboardParams extends StartDashboardExportParams {
  /** Cancels the export: the start, every poll, the waits between them and the download. */
  readonly signal?: AbortSignal | undefined;
  /** How long to wait between polls of the job, in milliseconds. @default 1000 */
  readonly pollIntervalMs?: number | undefined;
  /**
   * The longest wait for the job to finish, in milliseconds, from the start; then `SvcExportTimeoutError`
   * (`SVC518`). At most 300000: the platform drops a job 5 minutes after submission.
   * @default 120000
   */
  readonly maxWaitMs?: number | undefined;
}

/** The management API client. */
export interface ManagementClient {
  /** Publishes a workbook as a dashboard; returns the validated Dashboard record. */
  publishDashboard(params: PublishDashboardParams, options?: CallOptions): Promise<Dashboard>;
  /**
   * Lists deployments (`first`: at most this many). The platform documents no cursor for this list, so
   * there is nothing to page through: one call returns it.
   */
  listDeployments(params?: { readonly first?: number | undefined }, options?: CallOptions): Promise<Deployment[]>;
  /**
   * Mints an embed session for one viewer: single-use, valid 5 minutes. Checked before sending (an
   * `SvcInputError`, `SVC508`, naming the field, and no request): exactly one of `externalId` (sent trimmed
   * and lower-cased) or `internalId`, the `embedTenantName` pattern, unique `userAttributes` names with
   * values of a string, a number, an array of either or `null`; `settings` (the nine entitlement switches,
   * `locale`, `timezone`; placement chrome such as `showDashboardHeader` is refused with the address option to
   * use instead); `branchName`; `userProfile` (not with `internalId`, `picture` an absolute http(s) URL);
   * `groupDefinitions` and `userAttributeDefinitions` (need `creatorMode: true` and `embedTenantName`; names
   * unique, types known, and an attribute's value of its type when the same call defines it). Give the
   * browser only the returned `sessionId`, never the API token; if the answer is malformed, the error names
   * the field without echoing its value.
   *
   * @example
   * // Express: mint a session for the signed-in user and return only the session id.
   * app.post('/api/embed-session', requireUser, async (req, res, next) => {
   *   try {
   *     const { sessionId } = await platform.createEmbedSession({
   *       deploymentId: 42,
   *       externalId: req.user.id,
   *       email: req.user.email,
   *       embedTenantName: req.user.orgSlug,
   *     });
   *     res.set('cache-control', 'no-store').json({ sessionId });
   *   } catch (error) {
   *     next(error); // an SvcApiError: status, method, path, body; never a credential
   *   }
   * });
   *
   * @example
   * // Next.js (app/api/embed-session/route.ts): the same as a route handler.
   * export async function POST() {
   *   const user = await getSignedInUser();
   *   if (!user) return new Response(null, { status: 401 });
   *   const { sessionId } = await platform.createEmbedSession({ deploymentId: 42, externalId: user.id });
   *   return Response.json({ sessionId }, { headers: { 'cache-control': 'no-store' } });
   * }
   */
  createEmbedSession(input: EmbedSessionParams, options?: CallOptions): Promise<GenerateSessionResponse>;
  /**
   * Revokes an embed session (logout): an id not yet exchanged can no longer be redeemed, and a token already
   * exchanged from it is refused from its next request on. Idempotent: an unknown, expired or already revoked
   * id is fine too. Revoking takes no iframe down: unmount your embeds as well.
   *
   * @example
   * // Log out: revoke on the server, then the app takes its embeds down.
   * app.post('/api/logout', requireUser, async (req, res) => {
   *   await platform.revokeEmbedSession({ sessionId: req.session.embedSessionId });
   *   req.session.destroy(() => res.status(204).end());
   * });
   */
  revokeEmbedSession(params: { readonly sessionId: string }, options?: CallOptions): Promise<void>;
  /** The creator-mode groups and user attribute definitions of embed tenants. */
  readonly embedTenants: EmbedTenantAdmin;
  /** Starts an export job of a published dashboard; returns its first state. */
  startDashboardExport(params: StartDashboardExportParams, options?: CallOptions): Promise<DashboardExportJob>;
  /** Polls an export job. */
  getDashboardExport(params: DashboardExportJobParams, options?: CallOptions): Promise<DashboardExportJob>;
  /** Downloads a finished export job's file (a job not done yet answers 409, one dropped 404). */
  downloadDashboardExport(
    params: DashboardExportJobParams & { readonly fileName?: string | undefined },
    options?: CallOptions,
  ): Promise<DashboardExportFile>;
  /**
   * Renders a published dashboard to a PNG or PDF file on the server: starts the job, polls it until it is
   * done (within `maxWaitMs`; `SvcExportTimeoutError`, `SVC518`, past it; `SvcExportFailedError`, `SVC517`, if
   * it failed) and returns its file. There is no postMessage action for export: an app's own "Export" or
   * "Print" button calls its server, which calls this.
   *
   * @example
   * // Next.js route: app/api/export/route.ts, behind the app's own sign-in.
   * export async function POST(request: Request) {
   *   const { layout } = await request.json();
   *   const file = await platform.exportDashboard({
   *     deploymentId: 42,
   *     publicId: 'sales-overview',
   *     format: 'pdf',
   *     layout: layout === 'print' ? 'print' : 'screenshot',
   *     signal: request.signal,
   *   });
   *   return new Response(file.body, {
   *     headers: { 'content-type': file.contentType, 'content-disposition': `attachment; filename="${file.fileName}"` },
   *   });
   * }
   */
  exportDashboard(params: ExportDashboardParams): Promise<DashboardExportFile>;
  /** SCIM 2.0 provisioning. */
  readonly scim: {
    /** One page of users (`startIndex` is 1-based). */
    listUsers(
      params?: { readonly startIndex?: number | undefined; readonly count?: number | undefined },
      options?: CallOptions,
    ): Promise<ScimListResponse>;
    /** Every user, page after page. */
    users(params?: { readonly pageSize?: number | undefined }, options?: CallOptions): AsyncIterable<ScimUser>;
  };
}

const positiveInt = z.int().check(z.positive());
const deploymentIdSchema = z.object({ deploymentId: positiveInt });
const cursorParamsSchema = z.object({
  embedTenantName: z.string().check(z.minLength(1)),
  first: z.optional(z.int().check(z.positive(), z.maximum(100))),
  after: z.optional(z.string().check(z.minLength(1))),
});
const itemParamsSchema = z.object({ embedTenantName: z.string().check(z.minLength(1)), id: z.string().check(z.minLength(1)) });
const jobParamsSchema = z.object({ deploymentId: positiveInt, jobId: z.string().check(z.minLength(1)) });
const waitSchema = z.object({
  pollIntervalMs: z.optional(z.int().check(z.positive(), z.maximum(60_000))),
  maxWaitMs: z.optional(z.int().check(z.positive(), z.maximum(300_000))),
});
const pagingSchema = z.object({
  startIndex: z.optional(positiveInt),
  count: z.optional(z.int().check(z.nonnegative())),
});

/**
 * Creates a client of the platform's management API (publishing, deployments, embed sessions, SCIM), for
 * Node 20+ and any runtime with `fetch`. Credentials never appear in its errors.
 *
 * @example
 * const platform = createManagementClient({
 *   baseUrl: 'https://acme.example.com/api',
 *   apiToken: process.env.SVC_API_TOKEN!,
 * });
 * const dashboard = await platform.publishDashboard({ deploymentId: 42, workbookId: 130, title: 'Sales' });
 * for await (const user of platform.scim.users()) console.log(user.userName);
 */
export function createManagementClient(options: ManagementClientOptions): ManagementClient {
  if (typeof options.apiToken !== 'string' || options.apiToken.trim() === '') {
    throw svcError(510, 'createManagementClient: apiToken is required.');
  }
  if (options.scimAuthScheme !== undefined && options.scimAuthScheme !== 'Bearer' && options.scimAuthScheme !== 'Api-Key') {
    throw svcError(511, 'createManagementClient: scimAuthScheme must be "Bearer" or "Api-Key".');
  }
  // The management API and SCIM live under /api on the tenant host: a 404 without it says so.
  const notFoundHint = describeMissingApiPrefix(checkApiUrl('createManagementClient: baseUrl', options.baseUrl), '/api');
  const api = createTransport('createManagementClient: baseUrl', options.baseUrl, `Bearer ${options.apiToken}`, [options.apiToken, options.scimToken], options, notFoundHint);
  const scimToken = options.scimToken ?? options.apiToken;
  const scimApi = createTransport(
    'createManagementClient: baseUrl',
    options.baseUrl,
    `${options.scimAuthScheme ?? 'Bearer'} ${scimToken}`,
    [options.apiToken, scimToken],
    options,
    notFoundHint,
  );

  /** The path of one of an embed tenant's lists. */
  const tenantPath = (name: string, list: 'groups' | 'user-attributes', id?: string): string =>
    `/v1/embed-tenants/${encodeURIComponent(name)}/${list}${id === undefined ? '' : `/${encodeURIComponent(id)}`}`;
  /** Every item of a cursor-paginated list, page after page. */
  async function* allPages<T>(
    operation: string,
    read: (params: EmbedTenantListParams) => Promise<CursorPage<T>>,
    params: { readonly embedTenantName: string; readonly pageSize?: number | undefined },
  ): AsyncGenerator<T, void> {
    const pageSize = params.pageSize ?? 100;
    if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > 100) throw new SvcInputError(`${operation}: pageSize must be a whole number from 1 to 100.`);
    let after: string | undefined;
    const seen = new Set<string>();
    for (;;) {
      const page = await read({ embedTenantName: params.embedTenantName, first: pageSize, after });
      yield* page.items;
      if (page.nextCursor === null || page.items.length === 0) return;
      // A cursor that comes back would page forever: the list is broken, not endless.
      if (seen.has(page.nextCursor)) throw new SvcInputError(`${operation}: the platform returned the same cursor twice; stopped paging.`);
      seen.add(page.nextCursor);
      after = page.nextCursor;
    }
  }
  const listOf =
    <T>(operation: string, list: 'groups' | 'user-attributes', schema: z.ZodMiniType<CursorPage<T>>) =>
    async (params: EmbedTenantListParams, call: CallOptions = {}): Promise<CursorPage<T>> => {
      const { embedTenantName, first, after } = validateInput(operation, cursorParamsSchema, params);
      return api.request({ method: 'GET', path: tenantPath(embedTenantName, list), query: { first, after }, schema, signal: call.signal });
    };
  const deleteOf =
    (operation: string, list: 'groups' | 'user-attributes') =>
    async (params: EmbedTenantItemParams, call: CallOptions = {}): Promise<void> => {
      const { embedTenantName, id } = validateInput(operation, itemParamsSchema, params);
      await api.request({ method: 'DELETE', path: tenantPath(embedTenantName, list, id), signal: call.signal });
    };
  const listGroups = listOf('embedTenants.listGroups', 'groups', embedTenantGroupPageSchema as z.ZodMiniType<CursorPage<EmbedTenantGroup>>);
  const listUserAttributes = listOf(
    'embedTenants.listUserAttributes',
    'user-attributes',
    embedTenantUserAttributePageSchema as z.ZodMiniType<CursorPage<EmbedTenantUserAttribute>>,
  );
  const embedTenants: EmbedTenantAdmin = {
    listGroups,
    groups: (params, call) => allPages('embedTenants.groups', (page) => listGroups(page, call), params),
    deleteGroup: deleteOf('embedTenants.deleteGroup', 'groups'),
    listUserAttributes,
    userAttributes: (params, call) => allPages('embedTenants.userAttributes', (page) => listUserAttributes(page, call), params),
    deleteUserAttribute: deleteOf('embedTenants.deleteUserAttribute', 'user-attributes'),
  };

  const exportsPath = (deploymentId: number, jobId?: string): string =>
    `/v1/deployments/${deploymentId}/dashboard-exports${jobId === undefined ? '' : `/${encodeURIComponent(jobId)}`}`;
  const startDashboardExport: ManagementClient['startDashboardExport'] = async (params, call = {}) => {
    if (typeof params !== 'object' || params === null) throw new SvcInputError('startDashboardExport: expected an object of parameters.');
    const { deploymentId } = validateInput('startDashboardExport', deploymentIdSchema, params);
    const { deploymentId: _d, ...rest } = params;
    const body = validateInput('startDashboardExport', dashboardExportInputSchema, rest);
    return api.request({ method: 'POST', path: exportsPath(deploymentId), body, schema: dashboardExportJobSchema, signal: call.signal });
  };
  const getDashboardExport: ManagementClient['getDashboardExport'] = async (params, call = {}) => {
    const { deploymentId, jobId } = validateInput('getDashboardExport', jobParamsSchema, params);
    return api.request({ method: 'GET', path: exportsPath(deploymentId, jobId), schema: dashboardExportJobSchema, signal: call.signal });
  };
  const downloadDashboardExport: ManagementClient['downloadDashboardExport'] = async (params, call = {}) => {
    const { deploymentId, jobId } = validateInput('downloadDashboardExport', jobParamsSchema, params);
    const file = await api.download({
      method: 'GET',
      path: `${exportsPath(deploymentId, jobId)}/download`,
      accept: 'application/pdf, image/png, application/octet-stream',
      signal: call.signal,
    });
    return {
      contentType: file.contentType,
      fileName: exportFileName(file.contentDisposition, params.fileName ?? `export-${jobId}`),
      get body() {
        return file.body;
      },
      bytes: () => file.bytes(),
    };
  };

  const listUsers: ManagementClient['scim']['listUsers'] = async (params = {}, call = {}) => {
    const query = validateInput('scim.listUsers', pagingSchema, params);
    return scimApi.request({ method: 'GET', path: '/scim/v2/Users', query, schema: scimListResponseSchema, signal: call.signal });
  };

  return {
    async publishDashboard(params, call = {}) {
      if (typeof params !== 'object' || params === null) throw new SvcInputError('publishDashboard: expected an object of parameters.');
      const { deploymentId } = validateInput('publishDashboard', deploymentIdSchema, params);
      const { deploymentId: _d, ...body } = params;
      const input = validateInput('publishDashboard', publishDashboardInputSchema, body);
      return api.request({
        method: 'POST',
        path: `/v1/deployments/${deploymentId}/workbooks/${input.workbookId}/publish`,
        body: input,
        schema: dashboardSchema,
        signal: call.signal,
      });
    },
    async listDeployments(params = {}, call = {}) {
      const { first } = validateInput('listDeployments', z.object({ first: z.optional(positiveInt) }), params);
      const list = await api.request({
        method: 'GET',
        path: '/v1/deployments',
        query: { first },
        schema: deploymentListSchema,
        signal: call.signal,
      });
      return list.items;
    },
    async createEmbedSession(input, call = {}) {
      const body = validateInput('createEmbedSession', generateSessionInputSchema, input);
      return api.request({
        method: 'POST',
        path: '/v1/embed/generate-session',
        body,
        schema: generateSessionResponseSchema,
        signal: call.signal,
        sensitiveResponse: true,
      });
    },
    async revokeEmbedSession(params, call = {}) {
      const body = validateInput('revokeEmbedSession', revokeSessionInputSchema, params);
      // The session id is a credential: a transport that also knows it keeps it out of any error, should the
      // platform echo it back.
      const withSession = createTransport('createManagementClient: baseUrl', options.baseUrl, `Bearer ${options.apiToken}`, [options.apiToken, options.scimToken, body.sessionId], options, notFoundHint);
      await withSession.request({ method: 'POST', path: '/v1/embed/session/revoke', body, signal: call.signal });
    },
    embedTenants,
    startDashboardExport,
    getDashboardExport,
    downloadDashboardExport,
    async exportDashboard(params) {
      if (typeof params !== 'object' || params === null) throw new SvcInputError('exportDashboard: expected an object of parameters.');
      const { signal, pollIntervalMs = 1000, maxWaitMs = 120_000, ...start } = params;
      validateInput('exportDashboard', waitSchema, { pollIntervalMs, maxWaitMs });
      const startedAt = Date.now();
      let job = await startDashboardExport(start, { signal });
      const where = { deploymentId: start.deploymentId, jobId: job.jobId };
      const path = `/v1/deployments/${start.deploymentId}/dashboard-exports/${encodeURIComponent(job.jobId)}`;
      while (job.status === 'queued' || job.status === 'rendering') {
        const left = maxWaitMs - (Date.now() - startedAt);
        if (left <= 0) {
          throw new SvcExportTimeoutError(`GET ${path}: the export was still ${job.status} after ${maxWaitMs} ms (maxWaitMs); poll it again with getDashboardExport`, {
            status: 0,
            method: 'GET',
            path,
            jobId: job.jobId,
          });
        }
        await abortableSleep(Math.min(pollIntervalMs, left), signal);
        try {
          job = await getDashboardExport(where, { signal });
        } catch (error) {
          // A job that vanished between polls was dropped: the export failed rather than the request.
          if (error instanceof SvcApiError && error.status === 404) {
            throw new SvcExportFailedError(`GET ${path}: the export job is gone (jobs are dropped 5 minutes after submission)`, {
              status: 404,
              method: 'GET',
              path,
              body: error.body,
            });
          }
          throw error;
        }
      }
      if (job.status === 'failed') {
        throw new SvcExportFailedError(`GET ${path}: the export failed${job.error ? `: ${job.error.slice(0, 300)}` : ''}`, {
          status: 200,
          method: 'GET',
          path,
          body: job,
        });
      }
      return downloadDashboardExport({ ...where, fileName: `${start.publicId}.${start.format}` }, { signal });
    },
    scim: {
      listUsers,
      async *users(params = {}, call = {}) {
        const pageSize = params.pageSize ?? 100;
        if (!Number.isInteger(pageSize) || pageSize < 1) throw new SvcInputError('scim.users: pageSize must be a positive integer.');
        let startIndex = 1;
        for (;;) {
          const page = await listUsers({ startIndex, count: pageSize }, call);
          yield* page.Resources;
          startIndex += page.Resources.length;
          if (page.Resources.length === 0 || startIndex > page.totalResults) return;
        }
      },
    },
  };
}
