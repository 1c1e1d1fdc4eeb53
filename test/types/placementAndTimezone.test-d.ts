import { describe, expectTypeOf, it } from 'vitest';
import {
  type ActionMap,
  buildEmbedUrl,
  type ControlledValues,
  createActionMessage,
  type EmbedSettings,
  type SvcAppProps,
  type SvcChatProps,
  type SvcDashboardProps,
  type SvcProviderProps,
} from '../../src/index.js';

const T = 'https://acme.example.com';

describe('svc:action:set-timezone', () => {
  it('carries a time zone name', () => {
    expectTypeOf<ActionMap['svc:action:set-timezone']>().toEqualTypeOf<{ timezone: string }>();
    createActionMessage('svc:action:set-timezone', { timezone: 'Asia/Tokyo' });
    // @ts-expect-error the payload is { timezone }, not a bare string
    createActionMessage('svc:action:set-timezone', 'Asia/Tokyo');
  });

  it('is a controlled value of every component and a provider setting', () => {
    expectTypeOf<ControlledValues['timezone']>().toEqualTypeOf<string | undefined>();
    expectTypeOf<EmbedSettings['timezone']>().toEqualTypeOf<string | undefined>();
    expectTypeOf<SvcProviderProps['timezone']>().toEqualTypeOf<string | undefined>();
    expectTypeOf<SvcDashboardProps['timezone']>().toEqualTypeOf<string | undefined>();
    expectTypeOf<SvcAppProps['timezone']>().toEqualTypeOf<string | undefined>();
    expectTypeOf<SvcChatProps['timezone']>().toEqualTypeOf<string | undefined>();
  });
});

describe('placement switches, per surface', () => {
  it('offers each surface its own switches', () => {
    expectTypeOf<SvcDashboardProps['showDashboardBackButton']>().toEqualTypeOf<boolean | undefined>();
    expectTypeOf<SvcDashboardProps['showDashboardDuplicateButton']>().toEqualTypeOf<boolean | undefined>();
    expectTypeOf<SvcDashboardProps['allowExport']>().toEqualTypeOf<boolean | undefined>();
    expectTypeOf<SvcAppProps['showWorkbookBackButton']>().toEqualTypeOf<boolean | undefined>();
    expectTypeOf<SvcChatProps['showChatInput']>().toEqualTypeOf<boolean | undefined>();
    buildEmbedUrl({ surface: 'dashboard', tenantOrigin: T, publicId: 's', showDashboardEditButton: false, allowExport: true });
    buildEmbedUrl({ surface: 'app', tenantOrigin: T, deploymentId: 1, session: 's', showWorkbookBackButton: false });
    buildEmbedUrl({ surface: 'chat', tenantOrigin: T, showNewChat: false, timezone: 'UTC' });
  });

  it("makes a switch of another surface a type error, in the builder and on the components", () => {
    // @ts-expect-error a chat switch on a dashboard
    buildEmbedUrl({ surface: 'dashboard', tenantOrigin: T, publicId: 's', showNewChat: false });
    // @ts-expect-error a dashboard switch on the app
    buildEmbedUrl({ surface: 'app', tenantOrigin: T, deploymentId: 1, session: 's', showDashboardBackButton: false });
    // @ts-expect-error the app's switch on the chat
    buildEmbedUrl({ surface: 'chat', tenantOrigin: T, showWorkbookBackButton: false });
    // @ts-expect-error allowExport is the dashboard's
    buildEmbedUrl({ surface: 'chat', tenantOrigin: T, allowExport: true });
    expectTypeOf<SvcChatProps>().not.toHaveProperty('showDashboardHeader');
    expectTypeOf<SvcChatProps>().not.toHaveProperty('showWorkbookBackButton');
    expectTypeOf<SvcAppProps>().not.toHaveProperty('showNewChat');
    expectTypeOf<SvcAppProps>().not.toHaveProperty('showDashboardExportMenu');
    expectTypeOf<SvcDashboardProps>().not.toHaveProperty('showChatHistory');
    expectTypeOf<SvcDashboardProps>().not.toHaveProperty('showWorkbookBackButton');
  });

  it('takes a switch as a boolean only', () => {
    // @ts-expect-error the platform reads the literal "false", but the option is a boolean
    buildEmbedUrl({ surface: 'chat', tenantOrigin: T, showChatInput: 'false' });
  });

  it('keeps params as the escape hatch for any other parameter', () => {
    buildEmbedUrl({ surface: 'dashboard', tenantOrigin: T, publicId: 's', params: { showDashboardNewWidget: false, campaign: 'q3', n: 1 } });
    expectTypeOf<{ readonly campaign: string }>().toExtend<NonNullable<SvcChatProps['params']>>();
  });
});
