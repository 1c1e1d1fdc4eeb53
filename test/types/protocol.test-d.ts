import { describe, expectTypeOf, it } from 'vitest';
import {
  type ActionMap,
  createActionMessage,
  createEmbedBridge,
  type EventMap,
  type EventType,
  type ParseResult,
  parseEventMessage,
  type SvcActionMessage,
  type SvcEventMessage,
} from '../../src/protocol/index.js';

describe('event name to payload', () => {
  it('maps each event type to its payload', () => {
    expectTypeOf<EventMap['svc:event:download']['format']>().toEqualTypeOf<'csv' | 'xlsx' | 'png' | 'pdf' | (string & {})>();
    expectTypeOf<EventMap['svc:event:download']['rowCount']>().toEqualTypeOf<number | undefined>();
    // An unknown format still types as a string, and a known one is still offered.
    const format: EventMap['svc:event:download']['format'] = 'docx';
    expectTypeOf(format).toExtend<string>();
    expectTypeOf<'csv'>().toExtend<EventMap['svc:event:download']['format']>();
    expectTypeOf<EventMap['svc:event:ready']['embedTenant']>().toEqualTypeOf<string | null>();
    expectTypeOf<EventMap['svc:event:ready']['deploymentId']>().toEqualTypeOf<number | null>();
    expectTypeOf<EventMap['svc:event:ready']['surface']>().toEqualTypeOf<'dashboard' | 'app' | 'chat'>();
    expectTypeOf<EventMap['svc:event:drilldown']['value']>().toEqualTypeOf<unknown>();
    expectTypeOf<EventMap['svc:event:error']['fatal']>().toEqualTypeOf<boolean | undefined>();
    expectTypeOf<EventType>().toEqualTypeOf<
      | 'svc:event:ready'
      | 'svc:event:view'
      | 'svc:event:navigate'
      | 'svc:event:dashboard-loaded'
      | 'svc:event:download'
      | 'svc:event:drilldown'
      | 'svc:event:ai-query'
      | 'svc:event:error'
      | 'svc:event:session-expiring'
      | 'svc:event:session-expired'
    >();
  });

  it('narrows a parsed message on its type', () => {
    const result = parseEventMessage({});
    expectTypeOf(result).toEqualTypeOf<ParseResult<SvcEventMessage>>();
    if (result.ok) {
      const { message } = result;
      if (message.type === 'svc:event:ai-query') expectTypeOf(message.payload.status).toEqualTypeOf<'submitted' | 'completed' | 'error' | (string & {})>();
      expectTypeOf(message.surface).toEqualTypeOf<'dashboard' | 'app' | 'chat'>();
    } else {
      expectTypeOf(result.code).toEqualTypeOf<'bad-envelope' | 'bad-payload' | 'unknown-type'>();
      expectTypeOf(result.reason).toEqualTypeOf<string>();
    }
  });

  it('types bridge handlers without casts', () => {
    const bridge = createEmbedBridge({ surface: 'dashboard', tenantOrigin: 'https://a.example.com' });
    bridge.on('svc:event:download', (payload, message) => {
      expectTypeOf(payload.format).toEqualTypeOf<'csv' | 'xlsx' | 'png' | 'pdf' | (string & {})>();
      expectTypeOf(message.type).toEqualTypeOf<'svc:event:download'>();
    });
    // @ts-expect-error: no such event
    bridge.on('svc:event:nope', () => {});
  });
});

describe('action name to payload', () => {
  it('requires the right payload per action', () => {
    expectTypeOf<ActionMap['svc:action:set-color-scheme']>().toEqualTypeOf<{ scheme: 'light' | 'dark' | 'auto' }>();
    expectTypeOf(createActionMessage('svc:action:navigate', { path: '/x' })).toEqualTypeOf<SvcActionMessage<'svc:action:navigate'>>();
    createActionMessage('svc:action:refresh');
    // @ts-expect-error: navigate needs a path
    createActionMessage('svc:action:navigate');
    // @ts-expect-error: not a colour scheme
    createActionMessage('svc:action:set-color-scheme', { scheme: 'sepia' });
    // @ts-expect-error: set-locale takes { locale }
    createActionMessage('svc:action:set-locale', { language: 'de' });
    const message = createActionMessage('svc:action:set-filter', { filterUrlParameter: 'f_a.b=1' });
    // @ts-expect-error: actions have no surface
    message.surface;
  });
});

describe('the zod schemas of svc-embed-react/schemas', () => {
  it('infer exactly the payload types of the protocol', () => {
    type EventSchemas = typeof import('../../src/schemas/index.js').eventPayloadSchemas;
    type ActionSchemas = typeof import('../../src/schemas/index.js').actionPayloadSchemas;
    type Inferred<S> = S extends { _zod: { output: infer O } } ? O : never;
    type Input<S> = S extends { _zod: { input: infer I } } ? I : never;
    // Event payloads keep the fields they do not know: the zod types say so with an index signature, and
    // without it they are exactly the payload types.
    type Known<T> = { [P in keyof T as string extends P ? never : number extends P ? never : P]: T[P] };
    expectTypeOf<{ [K in EventType]: Known<Inferred<EventSchemas[K]>> }>().toEqualTypeOf<{ [K in EventType]: EventMap[K] }>();
    expectTypeOf<Inferred<EventSchemas['svc:event:download']>>().toExtend<{ [key: string]: unknown }>();
    expectTypeOf<{ [K in Exclude<keyof ActionMap, 'svc:action:refresh'>]: Input<ActionSchemas[K]> }>().toEqualTypeOf<{
      [K in Exclude<keyof ActionMap, 'svc:action:refresh'>]: ActionMap[K];
    }>();
    expectTypeOf<Inferred<typeof import('../../src/schemas/index.js').embedThemeSchema>>().toEqualTypeOf<
      import('../../src/protocol/index.js').EmbedTheme
    >();
  });
});
