import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import {
  createActionQueue,
  createEmbedBridge,
  type EmbedDebugReport,
  type EmbedInspectorEntry,
  embedInspector,
  embedRegistry,
} from '../../../../src/protocol/index.js';
import { connectedBridge as setup } from '../../support/bridges.js';
import { addFrame, deliver, deliverReady, eventEnvelope, TENANT } from '../../support/frames.js';
import { devError } from '../../support/errorTexts.js';

afterEach(() => {
  document.body.innerHTML = '';
  vi.restoreAllMocks();
});

describe('what a dropped message reports', () => {
  it('names the origin it came from and the one expected', () => {
    const { bridge, win, reports } = setup();
    const data = eventEnvelope('svc:event:navigate', { path: '/' });
    deliver(data, 'https://evil.example.com', win);
    deliver(data, '', win);
    deliver(data, TENANT, addFrame().contentWindow);
    expect(reports).toStrictEqual([
      { reason: 'wrong-origin', detail: `from https://evil.example.com, not ${TENANT}`, origin: 'https://evil.example.com', data, embedId: bridge.embedId },
      { reason: 'wrong-origin', detail: `from (no origin), not ${TENANT}`, origin: '', data, embedId: bridge.embedId },
      { reason: 'wrong-source-window', detail: `from ${TENANT}, not its iframe`, origin: TENANT, data, embedId: bridge.embedId },
    ]);
  });

  it('names the event type when the message had one', () => {
    const { bridge, win, reports } = setup();
    const data = eventEnvelope('svc:event:teleport', {});
    deliver(data, TENANT, win);
    expect(reports).toStrictEqual([
      { reason: 'unknown-type', detail: 'unknown event type "svc:event:teleport"', origin: TENANT, data, type: 'svc:event:teleport', embedId: bridge.embedId },
    ]);
  });

  it('does not give a message without a source to an embed whose iframe has no window', () => {
    const reports: EmbedDebugReport[] = [];
    const bridge = createEmbedBridge({ surface: 'dashboard', tenantOrigin: TENANT, onDebug: (report) => reports.push(report) });
    onTestFinished(() => bridge.destroy());
    bridge.connect(() => null);
    const handler = vi.fn();
    bridge.onAny(handler);
    deliverReady(null);
    expect(handler).not.toHaveBeenCalled();
    expect(bridge.isReady).toBe(false);
    expect(reports.map((report) => report.reason)).toEqual(['wrong-source-window']);
  });
});

describe('values this version does not know', () => {
  it('are delivered and reported once per field and value', () => {
    const { bridge, win, reports } = setup();
    const formats: string[] = [];
    bridge.on('svc:event:download', (payload) => formats.push(payload.format));
    const download = (format: string) => eventEnvelope('svc:event:download', { format, target: 'widget' });
    deliver(download('parquet'), TENANT, win);
    deliver(download('parquet'), TENANT, win);
    deliver(download('avro'), TENANT, win);
    expect(formats).toEqual(['parquet', 'parquet', 'avro']);
    expect(reports).toStrictEqual([
      {
        reason: 'unknown-value',
        type: 'svc:event:download',
        detail: 'payload.format is "parquet", a value this version does not know; the event was delivered',
        embedId: bridge.embedId,
      },
      {
        reason: 'unknown-value',
        type: 'svc:event:download',
        detail: 'payload.format is "avro", a value this version does not know; the event was delivered',
        embedId: bridge.embedId,
      },
    ]);
  });
});

describe('actions and the queue', () => {
  it('say which action was not sent when the embed is not connected', () => {
    const { bridge, win, reports, disconnect } = setup();
    deliverReady(win);
    disconnect();
    bridge.send('svc:action:refresh');
    expect(reports).toStrictEqual([
      {
        reason: 'not-connected',
        detail: 'svc:action:refresh not sent: not connected',
        data: { source: 'svc-embed', direction: 'action', type: 'svc:action:refresh', payload: {}, timestamp: expect.any(Number) },
        embedId: bridge.embedId,
      },
    ]);
  });

  it('say which action an overflowing queue discarded, and its bound', () => {
    const { reports, bridge } = setup({ maxQueuedActions: 2 });
    for (const path of ['/1', '/2', '/3']) bridge.send('svc:action:navigate', { path });
    expect(reports).toMatchObject([
      { reason: 'queue-overflow', detail: 'svc:action:navigate discarded: over 2 actions queued', type: 'svc:action:navigate', data: { payload: { path: '/1' } } },
    ]);
  });

  it('holds actions until ready: other events do not release them', () => {
    const { bridge, win, posted } = setup();
    bridge.send('svc:action:refresh');
    deliver(eventEnvelope('svc:event:navigate', { path: '/a' }), TENANT, win);
    expect(bridge.isReady).toBe(false);
    expect(posted).not.toHaveBeenCalled();
    deliverReady(win);
    expect(bridge.isReady).toBe(true);
    expect(posted).toHaveBeenCalledOnce();
  });

  it('keeps a queue of one when asked, and refuses a bound that is not a positive integer', () => {
    const { bridge, win, posted, reports } = setup({ maxQueuedActions: 1 });
    bridge.send('svc:action:navigate', { path: '/1' });
    bridge.send('svc:action:navigate', { path: '/2' });
    expect(reports.map((report) => report.detail)).toEqual(['svc:action:navigate discarded: over 1 actions queued']);
    deliverReady(win);
    expect(posted.mock.calls.map(([message]) => (message as { payload: unknown }).payload)).toEqual([{ path: '/2' }]);
    for (const bad of [0, -1, 1.5, Number.NaN]) {
      expect(() => createEmbedBridge({ surface: 'app', tenantOrigin: TENANT, maxQueuedActions: bad })).toThrow(
        devError(142, 'maxQueuedActions must be a positive integer'),
      );
    }
  });

  it('counts what waits in a queue of its own', () => {
    const queue = createActionQueue(5);
    expect(queue.size).toBe(0);
    queue.push({ source: 'svc-embed', direction: 'action', type: 'svc:action:refresh', payload: {}, timestamp: 1 });
    queue.push({ source: 'svc-embed', direction: 'action', type: 'svc:action:set-color-scheme', payload: { scheme: 'dark' }, timestamp: 1 });
    queue.push({ source: 'svc-embed', direction: 'action', type: 'svc:action:set-color-scheme', payload: { scheme: 'light' }, timestamp: 1 });
    expect(queue.size).toBe(2);
    queue.drain();
    expect(queue.size).toBe(0);
  });
});

describe('the inspector', () => {
  it('sees each action as sent directly or flushed from the queue', () => {
    const entries: EmbedInspectorEntry[] = [];
    onTestFinished(embedInspector.subscribe((entry) => entries.push(entry)));
    const { bridge, win } = setup();
    bridge.send('svc:action:set-color-scheme', { scheme: 'dark' });
    deliverReady(win);
    bridge.send('svc:action:refresh');
    expect(entries.map((entry) => entry.kind)).toEqual(['action-queued', 'action-flushed', 'event', 'action-sent']);
  });
});

describe('identity and connection', () => {
  it('numbers generated embed ids upwards', () => {
    const first = createEmbedBridge({ surface: 'app', tenantOrigin: TENANT }).embedId;
    const second = createEmbedBridge({ surface: 'app', tenantOrigin: TENANT }).embedId;
    const number = (id: string) => Number(/^svc-embed-(\d+)$/.exec(id)?.[1]);
    expect(number(first)).toBeGreaterThan(0);
    expect(number(second)).toBe(number(first) + 1);
  });

  it('ignores the disconnect of a connection that a newer connect replaced', () => {
    const { bridge, iframe, win, disconnect } = setup();
    bridge.connect(iframe);
    disconnect();
    expect(bridge.isConnected).toBe(true);
    expect(embedRegistry.get(bridge.embedId)).toBe(bridge);
    deliverReady(win);
    expect(bridge.isReady).toBe(true);
  });

  it('starts from an empty state', () => {
    const bridge = createEmbedBridge({ surface: 'chat', tenantOrigin: TENANT, embedId: 'fresh' });
    expect(bridge.store.getState()).toStrictEqual({
      embedId: 'fresh',
      surface: 'chat',
      status: 'loading',
      readyCount: 0,
      mode: null,
      embedTenant: null,
      deploymentId: null,
      publicId: null,
      path: null,
      title: null,
      lastError: null,
      aiQueries: {},
      downloads: [],
      drilldowns: [],
      recentEvents: [],
    });
  });
});
