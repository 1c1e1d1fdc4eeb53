import * as z from 'zod/mini';
import { type Dashboard, type DashboardConfigInput, dashboardSchema, publishDashboardInputSchema } from '../api/dashboard.js';
import {
  type GenerateSessionInput,
  type GenerateSessionResponse,
  generateSessionInputSchema,
  generateSessionResponseSchema,
} from '../api/embedSession.js';
import {
  type Deployment,
  deploymentListSchema,
  type ScimListResponse,
  type ScimUser,
  scimListResponseSchema,
} from '../api/managementRecords.js';
import { createTransport, type TransportOptions } from './createTransport.js';
import { SvcInputError } from './SvcApiError.js';
import { validateInput } from './validateInput.js';

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

/** The management API client. */
export interface ManagementClient {
  /** Publishes a workbook as a dashboard; returns the validated Dashboard record. */
  publishDashboard(params: PublishDashboardParams, options?: CallOptions): Promise<Dashboard>;
  /** Lists deployments (`first`: how many). */
  listDeployments(params?: { readonly first?: number | undefined }, options?: CallOptions): Promise<Deployment[]>;
  /**
   * Mints an embed session for one viewer: single-use, valid 5 minutes. Give the browser only the
   * returned `sessionId`.
   */
  createEmbedSession(input: GenerateSessionInput, options?: CallOptions): Promise<GenerateSessionResponse>;
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
const pagingSchema = z.object({
  startIndex: z.optional(positiveInt),
  count: z.optional(z.int().check(z.nonnegative())),
});

/**
 * Creates a client of the platform's management API (publishing, deployments, embed sessions, SCIM), for
 * Node 20+ and any runtime with `fetch`. Credentials never appear in its errors.
 *
 * @example
 * // A route that mints a session for the signed-in user and returns only the session id (Express):
 * const platform = createManagementClient({ baseUrl: process.env.SVC_API_URL!, apiToken: process.env.SVC_API_TOKEN! });
 * app.post('/api/embed-session', requireUser, async (req, res) => {
 *   const { sessionId } = await platform.createEmbedSession({
 *     deploymentId: 42,
 *     externalId: req.user.id,
 *     email: req.user.email,
 *     embedTenantName: req.user.orgSlug,
 *   });
 *   res.json({ sessionId });
 * });
 */
export function createManagementClient(options: ManagementClientOptions): ManagementClient {
  if (typeof options.apiToken !== 'string' || options.apiToken.trim() === '') {
    throw new TypeError('createManagementClient: apiToken is required.');
  }
  const api = createTransport('baseUrl', options.baseUrl, `Bearer ${options.apiToken}`, [options.apiToken, options.scimToken], options);
  const scimToken = options.scimToken ?? options.apiToken;
  const scimApi = createTransport(
    'baseUrl',
    options.baseUrl,
    `${options.scimAuthScheme ?? 'Bearer'} ${scimToken}`,
    [options.apiToken, scimToken],
    options,
  );

  const listUsers: ManagementClient['scim']['listUsers'] = async (params = {}, call = {}) => {
    const query = validateInput('scim.listUsers', pagingSchema, params);
    return scimApi.request({ method: 'GET', path: '/scim/v2/Users', query, schema: scimListResponseSchema, signal: call.signal });
  };

  return {
    async publishDashboard(params, call = {}) {
      const deploymentId = validateInput('publishDashboard deploymentId', positiveInt, params?.deploymentId);
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
      });
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
