/**
 * `svc-embed-react/server`: a typed client for the platform's HTTP APIs (publishing, embed sessions,
 * deployments, SCIM, data, AI), for Node 20+ and any runtime with `fetch`. Keep it on the server: it holds
 * secret keys.
 *
 * @packageDocumentation
 */
export * from '../api/index.js';
export { checkApiUrl } from './checkApiUrl.js';
export { createAiClient } from './createAiClient.js';
export type { AiClient, AiClientOptions } from './createAiClient.js';
export { createDataClient } from './createDataClient.js';
export type { DataClient, DataClientOptions } from './createDataClient.js';
export { createManagementClient } from './createManagementClient.js';
export type {
  CallOptions,
  DashboardExportJobParams,
  EmbedSessionParams,
  EmbedTenantAdmin,
  EmbedTenantItemParams,
  EmbedTenantListParams,
  ExportDashboardParams,
  ManagementClient,
  ManagementClientOptions,
  PublishDashboardParams,
  StartDashboardExportParams,
} from './createManagementClient.js';
export type { DashboardExportFile } from './DashboardExportFile.js';
export { parseRetryAfter } from './parseRetryAfter.js';
export { DEFAULT_MAX_LINE_BYTES, DEFAULT_MAX_RESPONSE_BYTES } from './Transport.js';
export type { RetryOptions, StreamOptions, TransportOptions } from './Transport.js';
export {
  SvcApiError,
  SvcExportFailedError,
  SvcExportTimeoutError,
  SvcForbiddenError,
  SvcInputError,
  SvcNetworkError,
  SvcRedirectError,
  SvcResponseTooLargeError,
  SvcResponseValidationError,
  SvcTimeoutError,
  SvcUnauthorizedError,
} from './SvcApiError.js';
export type { SvcApiErrorDetails } from './SvcApiError.js';
