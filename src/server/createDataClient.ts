import {
  type DataMeta,
  type LoadQuery,
  loadQuerySchema,
  metaSchema,
  type QueryResult,
  queryResultSchema,
  sqlRequestSchema,
} from '../api/dataAndAi.js';
import type { CallOptions } from './createManagementClient.js';
import { createTransport } from './createTransport.js';
import type { TransportOptions } from './Transport.js';
import { validateInput } from './validateInput.js';
import { svcError } from '../protocol/svcError.js';

/** Options of {@link createDataClient}. */
export interface DataClientOptions extends TransportOptions {
  /** The data API base address. */
  readonly url: string;
  /** The API token, a JWT, sent bare as `Authorization: <JWT>`. */
  readonly token: string;
}

/** The data API client. */
export interface DataClient {
  /** Runs a JSON query (`POST /v1/load`). */
  load(query: LoadQuery, options?: CallOptions): Promise<QueryResult>;
  /** Runs a SQL query (`POST /v1/cubesql`). */
  sql(query: string, options?: CallOptions): Promise<QueryResult>;
  /** Reads the data model (`GET /v1/meta`). */
  meta(options?: CallOptions): Promise<DataMeta>;
}

/**
 * Creates a client of the data API. Queries are POSTs and are not retried; `meta` is.
 *
 * @example
 * const data = createDataClient({ url: process.env.SVC_DATA_URL!, token: process.env.SVC_DATA_JWT! });
 * const { data: rows } = await data.load({ measures: ['orders.count'], dimensions: ['orders.status'] });
 */
export function createDataClient(options: DataClientOptions): DataClient {
  if (typeof options.token !== 'string' || options.token.trim() === '') throw svcError(510, 'createDataClient: token is required.');
  const api = createTransport('createDataClient: url', options.url, options.token, [options.token], options);
  return {
    async load(query, call = {}) {
      const body = { query: validateInput('load', loadQuerySchema, query) };
      return api.request({ method: 'POST', path: '/v1/load', body, schema: queryResultSchema, signal: call.signal });
    },
    async sql(query, call = {}) {
      const body = validateInput('sql', sqlRequestSchema, { query });
      return api.request({ method: 'POST', path: '/v1/cubesql', body, schema: queryResultSchema, signal: call.signal });
    },
    meta(call = {}) {
      return api.request({ method: 'GET', path: '/v1/meta', schema: metaSchema, signal: call.signal });
    },
  };
}
