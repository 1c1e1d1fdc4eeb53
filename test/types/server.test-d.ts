import { describe, expectTypeOf, it } from 'vitest';
import {
  type ChatChunk,
  createAiClient,
  createDataClient,
  createManagementClient,
  type Dashboard,
  type Deployment,
  type ScimListResponse,
  type ScimUser,
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
});
