import { createRef } from 'react';
import { describe, expectTypeOf, it } from 'vitest';
import type { ComponentProps } from 'react';
import {
  type EmbedState,
  type EmbedStore,
  type SvcActions,
  type SvcAppProps,
  type SvcChat,
  type SvcChatProps,
  type SvcDashboardProps,
  type SvcEmbedHandle,
  type SvcEventMessage,
  useSvcActions,
  useSvcEmbed,
  useSvcEvents,
} from '../../src/index.js';

describe('component callback types', () => {
  it('types each callback with its payload and envelope', () => {
    type OnDownload = NonNullable<SvcDashboardProps['onDownload']>;
    expectTypeOf<Parameters<OnDownload>[0]['format']>().toEqualTypeOf<'csv' | 'xlsx' | 'png' | 'pdf' | (string & {})>();
    expectTypeOf<Parameters<OnDownload>[1]>().toEqualTypeOf<SvcEventMessage<'svc:event:download'>>();
    type OnReady = NonNullable<SvcDashboardProps['onReady']>;
    expectTypeOf<Parameters<OnReady>[0]['embedTenant']>().toEqualTypeOf<string | null>();
    expectTypeOf<Parameters<OnReady>[0]['mode']>().toEqualTypeOf<'signed' | 'private'>();
    type OnAiQuery = NonNullable<SvcDashboardProps['onAiQuery']>;
    expectTypeOf<Parameters<OnAiQuery>[0]['status']>().toEqualTypeOf<'submitted' | 'completed' | 'error' | (string & {})>();
    type OnEvent = NonNullable<SvcDashboardProps['onEvent']>;
    expectTypeOf<Parameters<OnEvent>[0]>().toEqualTypeOf<SvcEventMessage>();
  });

  it('requires the identity props of each surface', () => {
    expectTypeOf<SvcDashboardProps['publicId']>().toEqualTypeOf<string>();
    expectTypeOf<SvcDashboardProps['colorScheme']>().toEqualTypeOf<'light' | 'dark' | 'auto' | undefined>();
  });
});

describe('each component takes its own surface\'s props', () => {
  it('keeps the dashboard\'s events, path and filters off <SvcChat>, which never sends or takes them', () => {
    for (const key of ['onDashboardLoaded', 'onDownload', 'onDrilldown', 'path', 'filters', 'allowExport'] as const) {
      expectTypeOf<SvcChatProps>().not.toHaveProperty(key);
    }
    // What every surface sends stays.
    expectTypeOf<SvcChatProps>().toHaveProperty('onAiQuery');
    expectTypeOf<SvcChatProps>().toHaveProperty('onNavigate');
    expectTypeOf<SvcChatProps>().toHaveProperty('onSessionExpiring');
    // Written as JSX, a dashboard callback on the chat is refused.
    const refused: ComponentProps<typeof SvcChat> = {
      tenantOrigin: 'https://acme.example.com',
      // @ts-expect-error onDrilldown is a dashboard event: the chat never sends it
      onDrilldown: () => undefined,
    };
    expectTypeOf(refused).toHaveProperty('tenantOrigin');
  });

  it('gives <SvcApp> a controlled path but not the dashboard\'s events', () => {
    expectTypeOf<SvcAppProps>().toHaveProperty('path');
    for (const key of ['onDashboardLoaded', 'onDownload', 'onDrilldown', 'filters'] as const) {
      expectTypeOf<SvcAppProps>().not.toHaveProperty(key);
    }
  });

  it('gives <SvcDashboard> all of them', () => {
    for (const key of ['onDashboardLoaded', 'onDownload', 'onDrilldown', 'path', 'filters', 'allowExport', 'onAiQuery'] as const) {
      expectTypeOf<SvcDashboardProps>().toHaveProperty(key);
    }
  });
});

describe('hook types', () => {
  it('maps useSvcEvents type names to payloads', () => {
    useSvcEvents('svc:event:drilldown', (payload, message, embedId) => {
      expectTypeOf(payload.member).toEqualTypeOf<string>();
      expectTypeOf(message.type).toEqualTypeOf<'svc:event:drilldown'>();
      expectTypeOf(embedId).toEqualTypeOf<string>();
    });
    useSvcEvents({
      'svc:event:navigate': (payload) => expectTypeOf(payload.previousPath).toEqualTypeOf<string | undefined>(),
      'svc:event:error': (payload) => expectTypeOf(payload.fatal).toEqualTypeOf<boolean | undefined>(),
    });
    // @ts-expect-error: not an event type
    useSvcEvents('svc:event:teleport', () => {});
    // @ts-expect-error: the view payload has no format
    useSvcEvents('svc:event:view', (payload) => payload.format);
  });

  it('returns typed actions and selected state', () => {
    expectTypeOf(useSvcActions()).toEqualTypeOf<SvcActions>();
    expectTypeOf(useSvcEmbed()).toEqualTypeOf<EmbedState>();
    expectTypeOf(useSvcEmbed('x', (s) => s.status)).toEqualTypeOf<'loading' | 'ready' | 'loaded' | 'error'>();
    expectTypeOf(useSvcEmbed('x', (s) => s.readyCount)).toEqualTypeOf<number>();
    const actions = useSvcActions('x');
    // @ts-expect-error: not a colour scheme
    actions.setColorScheme('sepia');
    // @ts-expect-error: set-filter needs its payload
    actions.send('svc:action:set-filter');
    actions.send('svc:action:refresh');
  });
});

describe('imperative handle', () => {
  it('exposes actions, the iframe, the id and the store', () => {
    const ref = createRef<SvcEmbedHandle>();
    const handle = ref.current as SvcEmbedHandle;
    expectTypeOf(handle.iframe).toEqualTypeOf<HTMLIFrameElement | null>();
    expectTypeOf(handle.embedId).toEqualTypeOf<string>();
    expectTypeOf(handle.store).toEqualTypeOf<EmbedStore>();
    expectTypeOf(handle.navigate).parameter(0).toEqualTypeOf<string>();
    expectTypeOf(handle.setFilter).parameters.toMatchTypeOf<[string, unknown]>();
  });
});
