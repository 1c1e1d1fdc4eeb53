import { describe, expectTypeOf, it } from 'vitest';
import {
  type ChatChunk,
  createAiClient,
  createDataClient,
  createManagementClient,
  type Dashboard,
  type DashboardConfigInput,
  type DataMeta,
  type Deployment,
  type QueryResult,
  type ReportSnapshot,
  type ScimListResponse,
  type ScimUser,
  type SvcApiError,
  type SvcForbiddenError,
  type SvcInputError,
  type SvcUnauthorizedError,
  WIDGET_TYPES,
} from '../../src/server/index.js';

describe('server client types', () => {
  const platform = createManagementClient({ baseUrl: 'https://a.example.com/api', apiToken: 't' });

  it('types results', () => {
    expectTypeOf(platform.publishDashboard({ deploymentId: 1, workbookId: 2 })).resolves.toEqualTypeOf<Dashboard>();
    expectTypeOf<Dashboard['status']>().toEqualTypeOf<'draft' | 'published' | 'archived'>();
    expectTypeOf<Dashboard['title']>().toEqualTypeOf<string | null | undefined>();
    expectTypeOf<NonNullable<Dashboard['config']['widgets']>[number]['type']>().toEqualTypeOf<
      'CHART' | 'TEXT' | 'FILTER' | 'AI' | 'TABS_CONTAINER' | 'TIME_GRAIN'
    >();
    expectTypeOf(platform.listDeployments()).resolves.toEqualTypeOf<Deployment[]>();
    expectTypeOf(platform.createEmbedSession({ deploymentId: 1, externalId: 'u' })).resolves.toEqualTypeOf<{ sessionId: string }>();
    expectTypeOf(platform.scim.listUsers()).resolves.toEqualTypeOf<ScimListResponse>();
    expectTypeOf(platform.scim.users()).toEqualTypeOf<AsyncIterable<ScimUser>>();
    const ai = createAiClient({ url: 'https://a.example.com/ai', apiKey: 'k' });
    expectTypeOf(ai.streamChatState({ messages: [{ role: 'user', content: 'q' }] })).toEqualTypeOf<AsyncIterable<ChatChunk>>();
  });

  it('types inputs', () => {
    // @ts-expect-error: workbookId is required
    platform.publishDashboard({ deploymentId: 1 });
    // @ts-expect-error: a widget type outside the enum
    platform.publishDashboard({ deploymentId: 1, workbookId: 2, config: { widgets: [{ id: 'w', type: 'PIE', position: { x: 0, y: 0, w: 1, h: 1 } }] } });
    // @ts-expect-error: deploymentId is required
    platform.createEmbedSession({ externalId: 'u' });
    // @ts-expect-error: the SCIM scheme is Bearer or Api-Key
    createManagementClient({ baseUrl: 'https://a.example.com/api', apiToken: 't', scimAuthScheme: 'Basic' });
    const data = createDataClient({ url: 'https://a.example.com/data', token: 'jwt' });
    // @ts-expect-error: sql takes the query text
    data.sql({ query: 'SELECT 1' });
  });

  it('enforces exactly one viewer identity for sessions in the type', () => {
    platform.createEmbedSession({ deploymentId: 1, internalId: 7 });
    platform.createEmbedSession({ deploymentId: 1, externalId: 'u', userAttributes: [{ name: 'region', value: 'EU' }] });
    // @ts-expect-error: neither externalId nor internalId
    platform.createEmbedSession({ deploymentId: 1 });
    // @ts-expect-error: both externalId and internalId
    platform.createEmbedSession({ deploymentId: 1, externalId: 'u', internalId: 7 });
  });

  it('keeps optional-nullable fields optional and nullable, required fields required', () => {
    expectTypeOf<Dashboard['createdBy']>().toEqualTypeOf<number | null | undefined>();
    expectTypeOf<Dashboard['reportSnapshots']>().toEqualTypeOf<ReportSnapshot[]>();
    expectTypeOf<ReportSnapshot['kind']>().toEqualTypeOf<'vega' | 'table' | 'kpi' | 'html' | 'map' | null | undefined>();
    expectTypeOf<ReportSnapshot['spec']>().toEqualTypeOf<string | Record<string, unknown> | null | undefined>();
    expectTypeOf(WIDGET_TYPES).toEqualTypeOf<readonly ['CHART', 'TEXT', 'FILTER', 'AI', 'TABS_CONTAINER', 'TIME_GRAIN']>();
    // The theme is typed on input, free-form on output.
    expectTypeOf<NonNullable<DashboardConfigInput['theme']>['primaryColor']>().toEqualTypeOf<string | null | undefined>();
    expectTypeOf<Dashboard['config']['theme']>().toEqualTypeOf<Record<string, unknown> | null | undefined>();
    platform.publishDashboard({ deploymentId: 1, workbookId: 2, dashboardId: null, title: null, config: null });
    // @ts-expect-error: a widget needs a position
    platform.publishDashboard({ deploymentId: 1, workbookId: 2, config: { widgets: [{ id: 'w', type: 'TEXT' }] } });
    // Deployments are open records: fields beyond id and name are readable as unknown.
    expectTypeOf<Deployment['id']>().toEqualTypeOf<number>();
    expectTypeOf<Deployment['region']>().toEqualTypeOf<unknown>();
  });

  it('types the data client results and the error family', () => {
    const data = createDataClient({ url: 'https://a.example.com/data', token: 'jwt' });
    expectTypeOf(data.load({ measures: ['orders.count'] })).resolves.toEqualTypeOf<QueryResult>();
    expectTypeOf(data.meta()).resolves.toEqualTypeOf<DataMeta>();
    expectTypeOf<QueryResult['data']>().toEqualTypeOf<Record<string, unknown>[]>();
    expectTypeOf<SvcUnauthorizedError>().toExtend<SvcApiError>();
    expectTypeOf<SvcForbiddenError>().toExtend<SvcApiError>();
    expectTypeOf<SvcApiError['status']>().toEqualTypeOf<number>();
    expectTypeOf<SvcApiError['body']>().toEqualTypeOf<unknown>();
    expectTypeOf<SvcInputError>().toExtend<TypeError>();
  });
});
