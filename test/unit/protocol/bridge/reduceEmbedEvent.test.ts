import { describe, expect, it } from 'vitest';
import {
  EMBED_HISTORY_LIMITS,
  type EmbedState,
  initialEmbedState,
  parseEventMessage,
  reduceEmbedEvent,
  type Surface,
  type SvcEventMessage,
} from '../../../../src/protocol/index.js';
import { eventEnvelope, readyPayload } from '../../support/frames.js';

function event(type: string, payload: Record<string, unknown>, surface: Surface = 'dashboard'): SvcEventMessage {
  const result = parseEventMessage(eventEnvelope(type, payload, surface));
  if (!result.ok) throw new Error(result.reason);
  return result.message;
}

function run(surface: Surface, ...events: SvcEventMessage[]): EmbedState {
  return events.reduce(reduceEmbedEvent, initialEmbedState('e1', surface));
}

describe('embed lifecycle in the store', () => {
  it('goes loading -> ready -> loaded on a dashboard, loaded only with dashboard-loaded', () => {
    const s0 = initialEmbedState('e1', 'dashboard');
    const s1 = reduceEmbedEvent(s0, event('svc:event:ready', readyPayload()));
    const s2 = reduceEmbedEvent(s1, event('svc:event:view', { surface: 'dashboard', path: '/embed/dashboard/sales', title: 'Sales' }));
    const s3 = reduceEmbedEvent(s2, event('svc:event:dashboard-loaded', { widgetCount: 4 }));
    expect([s0.status, s1.status, s2.status, s3.status]).toEqual(['loading', 'ready', 'ready', 'loaded']);
    expect(s3).toMatchObject({ mode: 'signed', path: '/embed/dashboard/sales', title: 'Sales', publicId: 'sales', readyCount: 1 });
  });

  it('counts the app and chat as loaded at their first view', () => {
    for (const surface of ['app', 'chat'] as const) {
      const state = run(surface, event('svc:event:ready', readyPayload(surface), surface), event('svc:event:view', { surface, path: '/x' }, surface));
      expect(state.status).toBe('loaded');
    }
  });

  it('goes to error on a fatal error only, and keeps the last error', () => {
    const soft = run('chat', event('svc:event:ready', readyPayload('chat'), 'chat'), event('svc:event:error', { message: 'slow', fatal: false }, 'chat'));
    expect(soft.status).toBe('ready');
    expect(soft.lastError).toEqual({ message: 'slow', fatal: false });
    const fatal = run('chat', event('svc:event:error', { message: 'session expired', fatal: true, name: 'SessionError' }, 'chat'));
    expect(fatal.status).toBe('error');
    expect(fatal.lastError?.name).toBe('SessionError');
  });

  it('marks a reload: a second ready counts up and returns to ready', () => {
    const state = run(
      'dashboard',
      event('svc:event:ready', readyPayload()),
      event('svc:event:dashboard-loaded', {}),
      event('svc:event:ready', { ...readyPayload(), mode: 'private' }),
    );
    expect(state).toMatchObject({ status: 'ready', readyCount: 2, mode: 'private' });
  });

  it('stays in error once a fatal error arrived: a later dashboard-loaded or first view does not hide it', () => {
    const fatal = event('svc:event:error', { message: 'session expired', fatal: true });
    expect(run('dashboard', event('svc:event:ready', readyPayload()), fatal, event('svc:event:dashboard-loaded', {})).status).toBe('error');
    const appFatal = event('svc:event:error', { message: 'session expired', fatal: true }, 'app');
    expect(run('app', event('svc:event:ready', readyPayload('app'), 'app'), appFatal, event('svc:event:view', { surface: 'app', path: '/x' }, 'app')).status).toBe('error');
  });

  it('keeps the app loading on a view that comes before ready', () => {
    expect(run('app', event('svc:event:view', { surface: 'app', path: '/x' }, 'app')).status).toBe('loading');
  });

  it('follows navigation', () => {
    const state = run('app', event('svc:event:navigate', { path: '/embed/d/42/app/workbook/130', previousPath: '/embed/d/42/app' }, 'app'));
    expect(state.path).toBe('/embed/d/42/app/workbook/130');
  });

  it('tracks AI queries by chat id (or query text) through their lifecycle', () => {
    const state = run(
      'chat',
      event('svc:event:ai-query', { query: 'Revenue?', status: 'submitted', chatId: 'c1' }, 'chat'),
      event('svc:event:ai-query', { query: 'Revenue?', status: 'completed', chatId: 'c1' }, 'chat'),
      event('svc:event:ai-query', { query: 'Orders?', status: 'error' }, 'chat'),
    );
    expect(Object.keys(state.aiQueries)).toEqual(['c1', 'Orders?']);
    expect(state.aiQueries.c1?.status).toBe('completed');
    expect(state.aiQueries['Orders?']?.status).toBe('error');
  });

  it('moves an updated AI query to the end, as the most recent one', () => {
    const state = run(
      'chat',
      event('svc:event:ai-query', { query: 'Revenue?', status: 'submitted', chatId: 'c1' }, 'chat'),
      event('svc:event:ai-query', { query: 'Orders?', status: 'submitted', chatId: 'c2' }, 'chat'),
      event('svc:event:ai-query', { query: 'Revenue?', status: 'completed', chatId: 'c1' }, 'chat'),
    );
    expect(Object.keys(state.aiQueries)).toEqual(['c2', 'c1']);
    expect(state.aiQueries.c1?.status).toBe('completed');
  });

  it('bounds every history list', () => {
    const events: SvcEventMessage[] = [];
    for (let i = 0; i < 200; i++) {
      events.push(event('svc:event:download', { format: 'csv', target: 'widget', widgetId: `w${i}` }));
      events.push(event('svc:event:drilldown', { member: 'orders.revenue', value: i }));
      events.push(event('svc:event:ai-query', { query: `q${i}`, status: 'submitted' }));
    }
    const state = run('dashboard', ...events);
    expect(state.recentEvents).toHaveLength(EMBED_HISTORY_LIMITS.recentEvents);
    expect(state.downloads).toHaveLength(EMBED_HISTORY_LIMITS.downloads);
    expect(state.drilldowns).toHaveLength(EMBED_HISTORY_LIMITS.drilldowns);
    expect(Object.keys(state.aiQueries)).toHaveLength(EMBED_HISTORY_LIMITS.aiQueries);
    // The newest are kept.
    expect(state.downloads.at(-1)?.widgetId).toBe('w199');
    expect(state.drilldowns.at(-1)?.value).toBe(199);
    expect(state.aiQueries.q199).toBeDefined();
    expect(state.aiQueries.q0).toBeUndefined();
  });

  it('never mutates the previous state', () => {
    const before = initialEmbedState('e1', 'dashboard');
    const frozen = Object.freeze({ ...before, recentEvents: Object.freeze([...before.recentEvents]) });
    expect(() => reduceEmbedEvent(frozen, event('svc:event:download', { format: 'png', target: 'dashboard' }))).not.toThrow();
    expect(frozen.recentEvents).toHaveLength(0);
  });
});
