import { afterEach, describe, expect, it, vi } from 'vitest';
import { createEmbedBridge, type EmbedDebugReport, type SvcEventMessage } from '../../../src/protocol/index.js';
import { mockSvcTenant, restoreAllSvcTenants } from '../../../src/testing/index.js';
import { TENANT } from '../support/frames.js';


function addFrame(src: string | null, embedId?: string): HTMLIFrameElement {
  const iframe = document.createElement('iframe');
  if (src !== null) iframe.setAttribute('src', src);
  if (embedId) iframe.setAttribute('data-svc-embed-id', embedId);
  document.body.append(iframe);
  return iframe;
}

/** The host side under test: the library's real bridge, connected to an iframe. */
function hostBridge(iframe: HTMLIFrameElement, surface: 'dashboard' | 'chat' | 'app' = 'dashboard') {
  const reports: EmbedDebugReport[] = [];
  const events: SvcEventMessage[] = [];
  const bridge = createEmbedBridge({ surface, tenantOrigin: TENANT, onDebug: (report) => reports.push(report) });
  const disconnect = bridge.connect(iframe);
  bridge.onAny((message) => events.push(message));
  cleanups.push(() => {
    disconnect();
    bridge.destroy();
  });
  return { bridge, reports, events };
}

const cleanups: (() => void)[] = [];
afterEach(() => {
  restoreAllSvcTenants();
  for (const cleanup of cleanups.splice(0)) cleanup();
  document.body.replaceChildren();
});

describe('mockSvcTenant: events', () => {
  it('delivers ready with defaults read from the embed address, accepted by the real host bridge', () => {
    const iframe = addFrame(`${TENANT}/embed/dashboard/sales-overview?session=abc`);
    const { bridge, events, reports } = hostBridge(iframe);
    const tenant = mockSvcTenant();
    tenant.ready();
    expect(reports).toEqual([]);
    expect(bridge.isReady).toBe(true);
    expect(events[0]?.payload).toEqual({
      embedTenant: null,
      deploymentId: null,
      mode: 'signed',
      surface: 'dashboard',
      publicId: 'sales-overview',
    });
    expect(bridge.store.getState().status).toBe('ready');
  });

  it('reads the surface and deployment from app and chat addresses, and takes overrides', () => {
    const app = addFrame(`${TENANT}/embed/d/42/app?session=abc`, 'app');
    const chat = addFrame(`${TENANT}/embed/chat`, 'chat');
    const appHost = hostBridge(app, 'app');
    const chatHost = hostBridge(chat, 'chat');
    mockSvcTenant({ embedId: 'app' }).ready({ embedTenant: 'acme' });
    mockSvcTenant({ embedId: 'chat' }).ready();
    expect(appHost.events[0]?.payload).toEqual({ embedTenant: 'acme', deploymentId: 42, mode: 'signed', surface: 'app' });
    expect(chatHost.events[0]?.payload).toEqual({ embedTenant: null, deploymentId: null, mode: 'private', surface: 'chat' });
    expect([...appHost.reports, ...chatHost.reports]).toEqual([]);
  });

  it('delivers any event as the iframe window, from the tenant origin', () => {
    const iframe = addFrame(`${TENANT}/embed/dashboard/sales`);
    const { bridge, events } = hostBridge(iframe);
    const seen: MessageEvent[] = [];
    const listener = (event: MessageEvent) => seen.push(event);
    window.addEventListener('message', listener);
    cleanups.push(() => window.removeEventListener('message', listener));
    const tenant = mockSvcTenant();
    tenant.ready();
    const onDownload = vi.fn();
    bridge.on('svc:event:download', onDownload);
    tenant.emit('svc:event:download', { format: 'csv', target: 'widget', widgetId: 'w1', rowCount: 4 });
    expect(onDownload).toHaveBeenCalledWith({ format: 'csv', target: 'widget', widgetId: 'w1', rowCount: 4 }, expect.anything());
    expect(events.map((event) => event.type)).toEqual(['svc:event:ready', 'svc:event:download']);
    expect(seen[1]?.origin).toBe(TENANT);
    expect(seen[1]?.source).toBe(iframe.contentWindow);
  });

  it('refuses an invalid payload with a TypeError and delivers nothing', () => {
    const iframe = addFrame(`${TENANT}/embed/dashboard/sales`);
    const { events } = hostBridge(iframe);
    const tenant = mockSvcTenant();
    expect(() => tenant.emit('svc:event:drilldown', { value: 3 } as never)).toThrow(/payload\.member/);
    expect(() => tenant.ready({ surface: 'chat' })).toThrow(/disagrees/);
    expect(events).toEqual([]);
  });

  it('can deliver raw messages from another origin or window, which the host drops', () => {
    const iframe = addFrame(`${TENANT}/embed/dashboard/sales`);
    const other = addFrame(null);
    const { events, reports } = hostBridge(iframe);
    const tenant = mockSvcTenant({ tenantOrigin: TENANT });
    const ready = { source: 'svc-embed', direction: 'event', type: 'svc:event:ready', surface: 'dashboard', timestamp: 1, payload: { embedTenant: null, deploymentId: null, mode: 'private', surface: 'dashboard' } };
    tenant.dispatchRaw(ready, { origin: 'https://evil.example.com' });
    tenant.dispatchRaw(ready, { source: other.contentWindow });
    tenant.dispatchRaw({ ...ready, direction: 'action' });
    expect(events).toEqual([]);
    expect(reports.map((report) => report.reason)).toEqual(['wrong-origin', 'wrong-source-window', 'bad-envelope']);
  });

  it('wraps each dispatch in the act function it is given', () => {
    const iframe = addFrame(`${TENANT}/embed/dashboard/sales`);
    const { events } = hostBridge(iframe);
    const act = vi.fn((callback: () => void) => callback());
    mockSvcTenant({ act }).ready();
    expect(act).toHaveBeenCalledTimes(1);
    expect(events).toHaveLength(1);
  });
});

describe('mockSvcTenant: actions', () => {
  it('records the actions the host posts, with their target origin, once ready has flushed them', async () => {
    const iframe = addFrame(`${TENANT}/embed/dashboard/sales`);
    const { bridge } = hostBridge(iframe);
    const tenant = mockSvcTenant();
    bridge.send('svc:action:set-color-scheme', { scheme: 'dark' });
    bridge.send('svc:action:set-filter', { filterUrlParameter: 'f_orders.status={"value":"completed"}' });
    expect(tenant.actions).toEqual([]);
    tenant.ready();
    expect(tenant.actions.map((action) => [action.type, action.targetOrigin, action.valid])).toEqual([
      ['svc:action:set-color-scheme', TENANT, true],
      ['svc:action:set-filter', TENANT, true],
    ]);
    expect(tenant.lastAction('svc:action:set-filter')?.payload).toEqual({ filterUrlParameter: 'f_orders.status={"value":"completed"}' });
    expect(tenant.lastAction('svc:action:navigate')).toBeUndefined();
    expect((await tenant.waitForAction('svc:action:set-color-scheme')).payload).toEqual({ scheme: 'dark' });
  });

  it('steps through successive actions of a type, waiting for the next one', async () => {
    const iframe = addFrame(`${TENANT}/embed/dashboard/sales`);
    const { bridge } = hostBridge(iframe);
    const tenant = mockSvcTenant();
    tenant.ready();
    bridge.send('svc:action:set-locale', { locale: 'de' });
    const first = await tenant.waitForAction('svc:action:set-locale');
    const next = tenant.waitForAction('svc:action:set-locale');
    setTimeout(() => bridge.send('svc:action:set-locale', { locale: 'fr' }), 5);
    expect(first.payload).toEqual({ locale: 'de' });
    expect((await next).payload).toEqual({ locale: 'fr' });
    bridge.send('svc:action:set-locale', { locale: 'ja' });
    bridge.send('svc:action:set-locale', { locale: 'sv' });
    const matched = await tenant.waitForAction('svc:action:set-locale', { match: (action) => action.payload.locale === 'sv' });
    expect(matched.payload.locale).toBe('sv');
    tenant.clearActions();
    expect(tenant.actions).toEqual([]);
  });

  it('rejects a wait that times out, listing what was recorded', async () => {
    const iframe = addFrame(`${TENANT}/embed/dashboard/sales`);
    const { bridge } = hostBridge(iframe);
    const tenant = mockSvcTenant();
    tenant.ready();
    bridge.send('svc:action:refresh');
    await expect(tenant.waitForAction('svc:action:navigate', { timeout: 20 })).rejects.toThrow(
      "waitForAction('svc:action:navigate') timed out after 20 ms; recorded actions: svc:action:refresh.",
    );
  });

  it('records invalid messages and wildcard target origins so tests can catch them', () => {
    const iframe = addFrame(`${TENANT}/embed/dashboard/sales`);
    const tenant = mockSvcTenant();
    iframe.contentWindow?.postMessage({ source: 'svc-embed', direction: 'action', type: 'svc:action:set-locale', payload: {} }, '*');
    iframe.contentWindow?.postMessage('hello', { targetOrigin: TENANT });
    const [bad, text] = tenant.actions;
    expect(bad).toMatchObject({ type: 'svc:action:set-locale', targetOrigin: '*', valid: false });
    expect(bad?.problem).toMatch(/timestamp|payload/);
    expect(text).toMatchObject({ type: '(no type)', targetOrigin: TENANT, valid: false });
  });
});

describe('mockSvcTenant: finding the embed, and restoring', () => {
  it('picks the iframe by embed id, by tenant origin, or the only one, and says why it cannot', () => {
    addFrame('https://other.example.com/page', 'ads');
    const embed = addFrame(`${TENANT}/embed/chat`, 'chat-1');
    expect(mockSvcTenant({ embedId: 'chat-1' }).iframe).toBe(embed);
    expect(mockSvcTenant({ tenantOrigin: TENANT }).iframe).toBe(embed);
    expect(() => mockSvcTenant().iframe).toThrow(/found 2 iframes/);
    expect(() => mockSvcTenant({ embedId: 'nope' }).iframe).toThrow(/data-svc-embed-id="nope"/);
    expect(() => mockSvcTenant({ tenantOrigin: 'ftp://x' })).toThrow(TypeError);
  });

  it('finds an iframe rendered after the mock was created', () => {
    const tenant = mockSvcTenant({ tenantOrigin: TENANT });
    expect(() => tenant.ready()).toThrow(/found no iframe/);
    const iframe = addFrame(`${TENANT}/embed/dashboard/sales`);
    const { events } = hostBridge(iframe);
    tenant.ready();
    expect(events).toHaveLength(1);
  });

  it('puts postMessage back on restore, and refuses to emit afterwards', () => {
    const iframe = addFrame(`${TENANT}/embed/dashboard/sales`);
    const win = iframe.contentWindow as Window;
    const original = win.postMessage;
    const tenant = mockSvcTenant();
    expect(win.postMessage).not.toBe(original);
    tenant.restore();
    tenant.restore();
    expect(win.postMessage).toBe(original);
    expect(() => tenant.ready()).toThrow(/restored/);
  });

  it('restoreAllSvcTenants restores every active mock', () => {
    const first = addFrame(`${TENANT}/embed/dashboard/a`, 'a');
    const second = addFrame(`${TENANT}/embed/dashboard/b`, 'b');
    const originals = [first.contentWindow?.postMessage, second.contentWindow?.postMessage];
    const mocks = [mockSvcTenant({ embedId: 'a' }), mockSvcTenant({ embedId: 'b' })];
    restoreAllSvcTenants();
    expect([first.contentWindow?.postMessage, second.contentWindow?.postMessage]).toEqual(originals);
    for (const mock of mocks) expect(() => mock.ready()).toThrow(/restored/);
  });
});
