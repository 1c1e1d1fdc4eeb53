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
import { checkApiUrl } from './checkApiUrl.js';
import { createTransport } from './createTransport.js';
import type { TransportOptions } from './Transport.js';
import { describeMissingApiPrefix } from './describeMissingApiPrefix.js';
import { SvcInputError } from './SvcApiError.js';
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
   * Mints an embed session for one viewer: single-use, valid 5 minutes. Checked before sending: exactly one
   * of `externalId` (sent trimmed and lower-cased) or `internalId`, the `embedTenantName` pattern, unique
   * `userAttributes` names. Give the browser only the returned `sessionId`, never the API token; if the
   * answer is malformed, the error names the field without echoing its value.
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
