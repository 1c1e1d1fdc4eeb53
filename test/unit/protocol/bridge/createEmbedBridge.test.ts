import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createEmbedBridge,
  embedRegistry,
  getMessageRouterStats,
} from '../../../../src/protocol/index.js';
import { connectedBridge as setup } from '../../support/bridges.js';
import { addFrame, deliver, deliverReady, eventEnvelope, readyPayload, TENANT } from '../../support/frames.js';

afterEach(() => {
  document.body.innerHTML = '';
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

function sentTypes(posted: ReturnType<typeof setup>['posted']): unknown[] {
  return posted.mock.calls.map(([message]) => (message as { type: string }).type);
}

/** Delivers `ready` to a bridge whose first `ready` handler throws; returns its second handler. */
function readyPastAThrowingHandler() {
  const { bridge, win } = setup();
  const second = vi.fn();
  bridge.on('svc:event:ready', () => {
    throw new Error('app bug');
  });
  bridge.on('svc:event:ready', second);
  deliverReady(win);
  return second;
}

describe('the shared window listener', () => {
  it('is attached with the first embed and removed with the last', () => {
    const add = vi.spyOn(window, 'addEventListener');
    const remove = vi.spyOn(window, 'removeEventListener');
    expect(getMessageRouterStats()).toEqual({ routes: 0, listening: false });
    const a = setup();
    const b = setup();
    expect(add.mock.calls.filter(([type]) => type === 'message')).toHaveLength(1);
    expect(getMessageRouterStats()).toEqual({ routes: 2, listening: true });
    a.disconnect();
    expect(remove.mock.calls.filter(([type]) => type === 'message')).toHaveLength(0);
    b.disconnect();
    expect(remove.mock.calls.filter(([type]) => type === 'message')).toHaveLength(1);
    expect(getMessageRouterStats()).toEqual({ routes: 0, listening: false });
  });

  it('keeps one listener through repeated connect and disconnect (StrictMode does this)', () => {
    const add = vi.spyOn(window, 'addEventListener');
    const { bridge, iframe, disconnect } = setup();
    disconnect();
    const again = bridge.connect(iframe);
    expect(getMessageRouterStats()).toEqual({ routes: 1, listening: true });
    again();
    disconnect(); // a stale disconnect must not undo the newer connection's cleanup twice
    expect(getMessageRouterStats()).toEqual({ routes: 0, listening: false });
    expect(add.mock.calls.filter(([type]) => type === 'message')).toHaveLength(2);
  });
});

describe('accepting events', () => {
  it('accepts a valid event from its own iframe window and tenant origin, and updates the store', () => {
    const { bridge, win } = setup();
    const seen: unknown[] = [];
    bridge.on('svc:event:ready', (payload) => seen.push(payload.mode));
    deliverReady(win);
    expect(seen).toEqual(['signed']);
    expect(bridge.store.getState()).toMatchObject({ status: 'ready', mode: 'signed', embedTenant: 'acme', deploymentId: 42 });
  });

  it('drops a message from its own window but another origin, and reports it', () => {
    const { bridge, win, reports } = setup();
    const handler = vi.fn();
    bridge.onAny(handler);
    deliverReady(win, 'https://evil.example.com');
    expect(handler).not.toHaveBeenCalled();
    expect(bridge.store.getState().status).toBe('loading');
    expect(reports).toEqual([expect.objectContaining({ reason: 'wrong-origin', origin: 'https://evil.example.com' })]);
  });

  it('drops a perfect envelope from the tenant origin posted by another window', () => {
    const { bridge, reports } = setup();
    const other = addFrame().contentWindow as Window;
    const handler = vi.fn();
    bridge.onAny(handler);
    deliverReady(other);
    deliverReady(null);
    expect(handler).not.toHaveBeenCalled();
    expect(reports.map((r) => r.reason)).toEqual(['wrong-source-window', 'wrong-source-window']);
  });

  it('keeps two embeds of the same tenant apart', () => {
    const a = setup();
    const b = setup();
    const seenA: string[] = [];
    const seenB: string[] = [];
    a.bridge.onAny((m) => seenA.push(m.type));
    b.bridge.onAny((m) => seenB.push(m.type));
    deliverReady(a.win);
    deliver(eventEnvelope('svc:event:view', { surface: 'dashboard', path: '/b' }), TENANT, b.win);
    expect(seenA).toEqual(['svc:event:ready']);
    expect(seenB).toEqual(['svc:event:view']);
    expect(a.bridge.store.getState().path).toBeNull();
    expect(b.bridge.store.getState().path).toBe('/b');
    expect(a.reports).toEqual([]);
    expect(b.reports).toEqual([]);
  });

  it.each([
    ['bad-envelope', { source: 'other', direction: 'event', type: 'svc:event:ready', payload: {}, timestamp: 1, surface: 'dashboard' }],
    ['bad-envelope', { ...eventEnvelope('svc:event:view', { surface: 'dashboard', path: '/' }), direction: 'action' }],
    ['bad-payload', eventEnvelope('svc:event:ready', { ...readyPayload(), mode: 'anonymous' })],
    ['unknown-type', eventEnvelope('svc:event:teleport', {})],
  ])('drops and reports %s', (reason, data) => {
    const { bridge, win, reports } = setup();
    const handler = vi.fn();
    bridge.onAny(handler);
    const before = bridge.store.getState();
    deliver(data, TENANT, win);
    expect(handler).not.toHaveBeenCalled();
    expect(bridge.store.getState()).toBe(before);
    expect(reports).toHaveLength(1);
    expect(reports[0]).toMatchObject({ reason, embedId: bridge.embedId });
    expect(reports[0]?.detail.length).toBeGreaterThan(5);
  });

  it('keeps delivering to other handlers when one throws', () => {
    const reported = vi.fn();
    vi.stubGlobal('reportError', reported);
    expect(readyPastAThrowingHandler()).toHaveBeenCalledOnce();
    expect(reported).toHaveBeenCalledWith(expect.objectContaining({ message: 'app bug' }));
  });

  it('rethrows in a later task when the page has no reportError, and the other handlers still run', () => {
    vi.useFakeTimers();
    vi.stubGlobal('reportError', undefined);
    expect(readyPastAThrowingHandler()).toHaveBeenCalledOnce();
    expect(() => vi.runAllTimers()).toThrow('app bug');
  });

  it('stops calling a handler once it unsubscribes', () => {
    const { bridge, win } = setup();
    const handler = vi.fn();
    const off = bridge.on('svc:event:view', handler);
    deliver(eventEnvelope('svc:event:view', { surface: 'dashboard', path: '/1' }), TENANT, win);
    off();
    deliver(eventEnvelope('svc:event:view', { surface: 'dashboard', path: '/2' }), TENANT, win);
    expect(handler).toHaveBeenCalledOnce();
  });

  it('applies subscriptions made during an event from the next event on', () => {
    const { bridge, win } = setup();
    const seen: string[] = [];
    const late = (payload: { path: string }) => seen.push(`late ${payload.path}`);
    bridge.on('svc:event:view', (payload) => {
      seen.push(`first ${payload.path}`);
      bridge.on('svc:event:view', late);
    });
    bridge.onAny((message) => seen.push(`any ${message.type}`));
    deliver(eventEnvelope('svc:event:view', { surface: 'dashboard', path: '/1' }), TENANT, win);
    deliver(eventEnvelope('svc:event:view', { surface: 'dashboard', path: '/2' }), TENANT, win);
    expect(seen).toEqual(['first /1', 'any svc:event:view', 'first /2', 'late /2', 'any svc:event:view']);
  });

  it('calls a handler subscribed twice once, and one unsubscribe removes it', () => {
    const { bridge, win } = setup();
    const handler = vi.fn();
    const off = bridge.on('svc:event:view', handler);
    bridge.on('svc:event:view', handler);
    deliver(eventEnvelope('svc:event:view', { surface: 'dashboard', path: '/1' }), TENANT, win);
    off();
    deliver(eventEnvelope('svc:event:view', { surface: 'dashboard', path: '/2' }), TENANT, win);
    expect(handler).toHaveBeenCalledOnce();
  });
});

describe('sending actions', () => {
  it('posts to the iframe window with the tenant origin as target, never "*"', () => {
    const { bridge, win, posted } = setup({ tenantOrigin: 'https://ACME.example.com:443/' });
    deliverReady(win);
    bridge.send('svc:action:refresh');
    bridge.send('svc:action:set-color-scheme', { scheme: 'dark' });
    expect(posted).toHaveBeenCalledTimes(2);
    for (const [message, target] of posted.mock.calls) {
      expect(target).toBe('https://acme.example.com');
      expect(message).toMatchObject({ source: 'svc-embed', direction: 'action' });
      expect(message).not.toHaveProperty('surface');
    }
  });

  it('rejects a bad payload with a readable error and sends nothing', () => {
    const { bridge, win, posted } = setup();
    deliverReady(win);
    expect(() => bridge.send('svc:action:set-color-scheme', { scheme: 'purple' as 'dark' })).toThrow(/scheme/);
    expect(posted).not.toHaveBeenCalled();
  });

  it('queues before ready: latest value per state action and per filter key, navigate/refresh in order', () => {
    const { bridge, win, posted } = setup();
    bridge.send('svc:action:set-color-scheme', { scheme: 'dark' });
    bridge.send('svc:action:set-filter', { filterUrlParameter: 'f_orders.status={"value":"open"}' });
    bridge.send('svc:action:navigate', { path: '/a' });
    bridge.send('svc:action:set-filter', { filterUrlParameter: 'f_orders.region={"value":"EU"}' });
    bridge.send('svc:action:refresh');
    bridge.send('svc:action:navigate', { path: '/b' });
    bridge.send('svc:action:set-color-scheme', { scheme: 'light' });
    bridge.send('svc:action:set-filter', { filterUrlParameter: 'f_orders.status={"value":"closed"}' });
    expect(posted).not.toHaveBeenCalled();
    deliverReady(win);
    expect(posted.mock.calls.map(([m]) => [(m as { type: string }).type, (m as { payload: unknown }).payload])).toEqual([
      ['svc:action:navigate', { path: '/a' }],
      ['svc:action:set-filter', { filterUrlParameter: 'f_orders.region={"value":"EU"}' }],
      ['svc:action:refresh', {}],
      ['svc:action:navigate', { path: '/b' }],
      ['svc:action:set-color-scheme', { scheme: 'light' }],
      ['svc:action:set-filter', { filterUrlParameter: 'f_orders.status={"value":"closed"}' }],
    ]);
  });

  it('flushes the queue in the task that handles ready, before ready handlers run', () => {
    const { bridge, win, posted } = setup();
    bridge.send('svc:action:set-locale', { locale: 'de-DE' });
    const order: string[] = [];
    posted.mockImplementation((message) => order.push(`posted ${(message as { type: string }).type}`));
    bridge.on('svc:event:ready', () => {
      order.push('ready handler');
      bridge.send('svc:action:refresh');
    });
    deliverReady(win);
    // Synchronous: nothing awaited between the ready event and these assertions.
    expect(order).toEqual(['posted svc:action:set-locale', 'ready handler', 'posted svc:action:refresh']);
  });

  it('bounds the queue and reports what it discards', () => {
    const { bridge, win, posted, reports } = setup({ maxQueuedActions: 3 });
    for (const path of ['/1', '/2', '/3', '/4', '/5']) bridge.send('svc:action:navigate', { path });
    expect(reports.map((r) => [r.reason, r.type])).toEqual([
      ['queue-overflow', 'svc:action:navigate'],
      ['queue-overflow', 'svc:action:navigate'],
    ]);
    deliverReady(win);
    expect(posted.mock.calls.map(([m]) => (m as { payload: { path: string } }).payload.path)).toEqual(['/3', '/4', '/5']);
  });

  it('sends directly after a re-ready, which the store counts', () => {
    const { bridge, win, posted } = setup();
    deliverReady(win);
    deliver(eventEnvelope('svc:event:dashboard-loaded', {}), TENANT, win);
    expect(bridge.store.getState().status).toBe('loaded');
    deliverReady(win);
    expect(bridge.store.getState()).toMatchObject({ status: 'ready', readyCount: 2 });
    bridge.send('svc:action:refresh');
    expect(sentTypes(posted)).toEqual(['svc:action:refresh']);
  });

  it('sends nothing after disconnect, and says so', () => {
    const { bridge, win, posted, reports, disconnect } = setup();
    deliverReady(win);
    disconnect();
    bridge.send('svc:action:refresh');
    expect(posted).not.toHaveBeenCalled();
    expect(reports.at(-1)?.reason).toBe('not-connected');
  });
});

describe('registry and teardown', () => {
  it('registers the embed under its id while connected', () => {
    const { bridge, disconnect } = setup({ embedId: 'sales' });
    expect(embedRegistry.get('sales')).toBe(bridge);
    disconnect();
    expect(embedRegistry.get('sales')).toBeUndefined();
    expect(embedRegistry.getSnapshot().size).toBe(0);
  });

  it('refuses a second connected embed with the same id', () => {
    setup({ embedId: 'dup' });
    expect(() => setup({ embedId: 'dup' })).toThrow(/embedId "dup"/);
  });

  it('leaves no listener, route, registry entry or handler after destroy', () => {
    const { bridge, win } = setup({ embedId: 'gone' });
    const handler = vi.fn();
    bridge.onAny(handler);
    bridge.destroy();
    deliverReady(win);
    expect(handler).not.toHaveBeenCalled();
    expect(getMessageRouterStats()).toEqual({ routes: 0, listening: false });
    expect(embedRegistry.get('gone')).toBeUndefined();
  });

  it('refuses a tenant origin that is not https', () => {
    expect(() => createEmbedBridge({ surface: 'chat', tenantOrigin: 'http://acme.example.com' })).toThrow(/https/);
  });
});
