import { afterEach, expect, it, vi } from 'vitest';
import { createEmbedBridge, type SvcEventMessage } from '../../../src/protocol/index.js';
import { mockSvcTenant, restoreAllSvcTenants } from '../../../src/testing/index.js';

// Jest's jsdom environment has no structuredClone: the kit must work there all the same.
afterEach(() => {
  vi.unstubAllGlobals();
  restoreAllSvcTenants();
  document.body.replaceChildren();
});

it('emits events where the environment has no structuredClone, as a copy the app cannot share', () => {
  vi.stubGlobal('structuredClone', undefined);
  const iframe = document.createElement('iframe');
  iframe.src = 'https://acme.example.com/embed/dashboard/sales-overview';
  document.body.append(iframe);
  const bridge = createEmbedBridge({ surface: 'dashboard', tenantOrigin: 'https://acme.example.com' });
  const disconnect = bridge.connect(iframe);
  const received: SvcEventMessage[] = [];
  bridge.onAny((message) => received.push(message));

  const tenant = mockSvcTenant();
  tenant.ready();
  const sent = tenant.emit('svc:event:download', { format: 'csv', target: 'widget', widgetId: 'w1' });

  expect(received.map((message) => message.type)).toEqual(['svc:event:ready', 'svc:event:download']);
  expect(received[1]?.payload).toEqual({ format: 'csv', target: 'widget', widgetId: 'w1' });
  expect(received[1]).not.toBe(sent);
  disconnect();
  bridge.destroy();
});
