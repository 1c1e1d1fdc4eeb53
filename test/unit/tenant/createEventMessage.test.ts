import { describe, expect, it } from 'vitest';
import { EVENT_TYPES, parseEventMessage } from '../../../src/protocol/index.js';
import { createEventMessage } from '../../../src/tenant/index.js';

describe('createEventMessage', () => {
  it('builds envelopes the host-side parser accepts, for every event type', () => {
    const payloads: Record<(typeof EVENT_TYPES)[number], Record<string, unknown>> = {
      'svc:event:ready': { surface: 'app', mode: 'private', embedTenant: null, deploymentId: null },
      'svc:event:view': { surface: 'app', path: '/embed/d/42/app' },
      'svc:event:navigate': { path: '/embed/d/42/app/folder/7', previousPath: '/embed/d/42/app' },
      'svc:event:dashboard-loaded': { widgetCount: 4 },
      'svc:event:download': { format: 'csv', target: 'widget', widgetId: 'w1', rowCount: 3 },
      'svc:event:drilldown': { member: 'orders.revenue', value: 'North' },
      'svc:event:ai-query': { query: 'revenue by region', status: 'submitted' },
      'svc:event:error': { message: 'boom', fatal: false },
      'svc:event:session-expiring': { expiresAt: 1_780_000_000_000 },
      'svc:event:session-expired': {},
    };
    for (const type of EVENT_TYPES) {
      const message = createEventMessage('app', type, payloads[type] as never);
      const parsed = parseEventMessage(message);
      expect(parsed.ok, type).toBe(true);
      expect(message.surface).toBe('app');
    }
  });

  it('refuses an unknown surface or type with a TypeError', () => {
    expect(() => createEventMessage('board' as never, 'svc:event:dashboard-loaded', {})).toThrow(/Unknown surface "board"/);
    expect(() => createEventMessage('dashboard', 'svc:event:clicked' as never, {} as never)).toThrow(
      /Unknown event type "svc:event:clicked"/,
    );
  });

  it('names the missing field of an incomplete payload', () => {
    expect(() => createEventMessage('chat', 'svc:event:ai-query', { query: 'x' } as never)).toThrow(
      /payload\.status/,
    );
  });

  it('lists the valid surfaces and event types in its refusal', () => {
    expect(() => createEventMessage('board' as never, 'svc:event:dashboard-loaded', {})).toThrow(
      'expected one of dashboard, app, chat.',
    );
    expect(() => createEventMessage('dashboard', 'svc:event:clicked' as never, {} as never)).toThrow(
      `expected one of ${EVENT_TYPES.join(', ')}.`,
    );
  });

  it('refuses a type that is not a string, even one that reads as a known type', () => {
    const type = ['svc:event:error'] as unknown as 'svc:event:error';
    expect(() => createEventMessage('dashboard', type, { message: 'boom', fatal: false })).toThrow(/Unknown event type/);
  });
});
