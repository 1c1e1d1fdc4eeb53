import { describe, expect, it, vi } from 'vitest';
import { EVENT_TYPES, type EventType, SvcDashboard } from '../../../src/index.js';
import { EVENT_CALLBACK_PROPS } from '../../../src/react/eventCallbackProps.js';
import { emit, frameOf, ready, renderStrict, TENANT } from './harness.js';

/** A valid payload of every event type (ready is sent first, by `ready`). */
const payloads: { readonly [T in Exclude<EventType, 'svc:event:ready'>]: Record<string, unknown> } = {
  'svc:event:view': { surface: 'dashboard', path: '/embed/dashboard/sales' },
  'svc:event:navigate': { path: '/embed/dashboard/sales?tab=2', previousPath: '/embed/dashboard/sales' },
  'svc:event:dashboard-loaded': { publicId: 'sales', widgetCount: 4, loadDurationMs: 120 },
  'svc:event:download': { format: 'csv', target: 'widget', widgetId: 'w1', rowCount: 3 },
  'svc:event:drilldown': { member: 'orders.count', value: 7, widgetId: 'w1' },
  'svc:event:ai-query': { query: 'top regions', status: 'submitted', chatId: 'c1' },
  'svc:event:error': { message: 'a widget failed', name: 'WidgetError', fatal: false },
  'svc:event:session-expiring': { expiresAt: Date.now() + 600_000 },
  'svc:event:session-expired': {},
};

describe('event callbacks', () => {
  it('names a callback prop for every event type the protocol has but the error, which onError hears coded', () => {
    expect(Object.keys(EVENT_CALLBACK_PROPS).sort()).toEqual(EVENT_TYPES.filter((type) => type !== 'svc:event:error').sort());
  });

  it('calls each event type’s own callback prop with its payload and envelope, then onEvent', () => {
    const callbacks: Record<string, ReturnType<typeof vi.fn>> = Object.fromEntries(
      [...Object.values(EVENT_CALLBACK_PROPS), 'onError'].map((name) => [name, vi.fn()]),
    );
    const propOf = (type: EventType): string => (type === 'svc:event:error' ? 'onError' : EVENT_CALLBACK_PROPS[type]);
    const onEvent = vi.fn();
    renderStrict(<SvcDashboard tenantOrigin={TENANT} publicId="sales" {...callbacks} onEvent={onEvent} />);
    const { win } = frameOf();
    ready(win);
    for (const [type, payload] of Object.entries(payloads)) emit(win, type, payload);

    for (const type of EVENT_TYPES) {
      const callback = callbacks[propOf(type)];
      // Each callback heard its own event once, and nothing else.
      expect(callback, propOf(type)).toHaveBeenCalledTimes(1);
      const [payload, message] = callback?.mock.calls[0] ?? [];
      expect(message).toMatchObject({ type, direction: 'event', surface: 'dashboard' });
      // onError hears the embed's error coded (SVC310), its name and message kept; every other callback gets
      // the payload as it was sent.
      if (type === 'svc:event:error') expect(payload).toEqual({ ...payloads[type], code: 'SVC310' });
      else if (type !== 'svc:event:ready') expect(payload).toEqual(payloads[type]);
    }
    // onEvent saw every message once, as the embed sent it (the error without a code).
    expect(onEvent.mock.calls.map(([message]) => message.type)).toEqual(['svc:event:ready', ...Object.keys(payloads)]);
    expect(onEvent.mock.calls.find(([message]) => message.type === 'svc:event:error')?.[0].payload).toEqual(payloads['svc:event:error']);
  });
});
