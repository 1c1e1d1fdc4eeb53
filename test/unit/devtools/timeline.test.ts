import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTimeline } from '../../../src/devtools/createTimeline.js';
import { filterTimeline } from '../../../src/devtools/filterTimeline.js';
import { toDisplayJson } from '../../../src/devtools/toDisplayJson.js';
import type { EmbedInspectorEntry } from '../../../src/protocol/index.js';
import { devError } from '../support/errorTexts.js';

afterEach(() => {
  vi.useRealTimers();
});

const event = (embedId: string, type: string, payload: Record<string, unknown> = {}): EmbedInspectorEntry =>
  ({ kind: 'event', embedId, at: 1, message: { source: 'svc-embed', direction: 'event', type, payload, timestamp: 1, surface: 'dashboard' } }) as never;
const action = (kind: 'action-sent' | 'action-queued' | 'action-flushed', embedId: string, type: string): EmbedInspectorEntry =>
  ({ kind, embedId, at: 2, message: { source: 'svc-embed', direction: 'action', type, payload: {}, timestamp: 2, surface: 'dashboard' } }) as never;
const dropped = (embedId: string, detail: string): EmbedInspectorEntry => ({
  kind: 'dropped',
  embedId,
  at: 3,
  report: { reason: 'wrong-origin', detail, embedId, origin: 'https://evil.example.com' },
});

describe('the timeline', () => {
  it('keeps only the latest maxEntries entries, oldest dropped first', () => {
    vi.useFakeTimers();
    const timeline = createTimeline(500);
    for (let n = 0; n < 1_200; n++) timeline.push(event('a', `svc:event:n${n}`));
    vi.runAllTimers();
    const kept = timeline.getSnapshot();
    expect(kept).toHaveLength(500);
    expect(kept[0]?.id).toBe(701);
    expect(kept.at(-1)?.id).toBe(1_200);
    timeline.push(event('a', 'svc:event:later'));
    vi.runAllTimers();
    expect(timeline.getSnapshot()).toHaveLength(500);
    expect(timeline.getSnapshot()[0]?.id).toBe(702);
  });

  it('tells listeners once per burst, and a new snapshot each time', () => {
    vi.useFakeTimers();
    const timeline = createTimeline(10);
    const listener = vi.fn();
    timeline.subscribe(listener);
    const before = timeline.getSnapshot();
    for (let n = 0; n < 50; n++) timeline.push(event('a', 'svc:event:view'));
    expect(listener).not.toHaveBeenCalled();
    vi.advanceTimersByTime(60);
    expect(listener).toHaveBeenCalledTimes(1);
    expect(timeline.getSnapshot()).not.toBe(before);
    timeline.clear();
    expect(timeline.getSnapshot()).toEqual([]);
  });

  it('refuses a bound that is not a positive integer, saying so', () => {
    expect(() => createTimeline(0)).toThrow(devError(901, 'maxEntries: expected a positive integer, got 0', RangeError));
    expect(() => createTimeline(2.5)).toThrow(/positive integer, got 2.5/);
  });
});

describe('filtering', () => {
  vi.useFakeTimers();
  const timeline = createTimeline();
  timeline.push(event('sales', 'svc:event:ready'));
  timeline.push(action('action-queued', 'sales', 'svc:action:set-color-scheme'));
  timeline.push(action('action-flushed', 'sales', 'svc:action:set-color-scheme'));
  timeline.push(event('chat', 'svc:event:ai-query', { question: 'Revenue by REGION?' }));
  timeline.push(dropped('chat', 'origin is not the tenant'));
  vi.runAllTimers();
  vi.useRealTimers();
  const items = timeline.getSnapshot();
  const titles = (filter: Parameters<typeof filterTimeline>[1]) => filterTimeline(items, filter).map((item) => item.id);

  it('by embed', () => {
    expect(titles({ embedId: 'sales' })).toEqual([1, 2, 3]);
    expect(titles({ embedId: 'nobody' })).toEqual([]);
    expect(titles({})).toEqual([1, 2, 3, 4, 5]);
  });

  it('by kind', () => {
    expect(titles({ kinds: new Set(['dropped']) })).toEqual([5]);
    expect(titles({ kinds: new Set(['action-queued', 'action-flushed']) })).toEqual([2, 3]);
    expect(titles({ kinds: new Set(['lifecycle']) })).toEqual([]);
  });

  it('by text, ignoring case, in headlines, details and payloads', () => {
    expect(titles({ text: 'set-color' })).toEqual([2, 3]);
    expect(titles({ text: 'region' })).toEqual([4]);
    expect(titles({ text: 'EVIL.example' })).toEqual([5]);
    expect(titles({ text: '   ' })).toEqual([1, 2, 3, 4, 5]);
  });

  it('by all three at once', () => {
    expect(titles({ embedId: 'chat', kinds: new Set(['event']), text: 'revenue' })).toEqual([4]);
    expect(titles({ embedId: 'sales', kinds: new Set(['event']), text: 'revenue' })).toEqual([]);
  });
});

describe('JSON for display and the clipboard', () => {
  it('never carries a session id, a token or an embed token', () => {
    const json = toDisplayJson({
      kind: 'lifecycle',
      detail: 'loading https://acme.example.com/embed/dashboard/p?session=s3cr3t&locale=de-DE',
      chat: 'https://acme.example.com/embed/chat?showNewChat=false&sessionId=abc123',
      page: '/embed/app#embedToken=tok-999',
      nested: { sessionId: 'raw-id', embedToken: 'raw-token', Authorization: 'Bearer x', keep: 'visible' },
    });
    for (const secret of ['s3cr3t', 'abc123', 'tok-999', 'raw-id', 'raw-token', 'Bearer x']) expect(json).not.toContain(secret);
    expect(json).toContain('?session=[redacted]&locale=de-DE');
    expect(json).toContain('"keep": "visible"');
  });

  it('survives cycles, functions and bigints', () => {
    const cyclic: Record<string, unknown> = { big: 10n, fn: function named() {} };
    cyclic.self = cyclic;
    const json = toDisplayJson(cyclic);
    expect(json).toContain('"self": "[repeated]"');
    expect(json).toContain('"big": "10n"');
    expect(json).toContain('[function named]');
  });
});
