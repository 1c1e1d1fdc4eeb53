import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTimeline, DEFAULT_MAX_SIZE } from '../../../src/devtools/createTimeline.js';
import { describeEntry } from '../../../src/devtools/describeEntry.js';
import { PREVIEW_BUDGET, previewValue } from '../../../src/credentials/previewValue.js';
import { toDisplayJson } from '../../../src/devtools/toDisplayJson.js';
import type { EmbedInspectorEntry } from '../../../src/protocol/index.js';
import { devError } from '../support/errorTexts.js';

afterEach(() => {
  vi.useRealTimers();
});

const MB = 1024 * 1024;
const event = (payload: unknown): EmbedInspectorEntry =>
  ({ kind: 'event', embedId: 'sales', at: 1, message: { source: 'svc-embed', direction: 'event', type: 'svc:event:view', payload, timestamp: 1, surface: 'dashboard' } }) as EmbedInspectorEntry;
const foreign = (data: unknown): EmbedInspectorEntry => ({
  kind: 'dropped',
  embedId: 'sales',
  at: 1,
  report: { reason: 'wrong-origin', detail: 'from https://evil.example.com, not https://acme.example.com', embedId: 'sales', origin: 'https://evil.example.com', data },
});

describe('what the timeline keeps of large messages', () => {
  it('keeps about 16 KB of an entry, and says what it cut', () => {
    const { value, size } = previewValue({ big: 'x'.repeat(4 * MB), rows: Array.from({ length: 100_000 }, (_, i) => i) });
    expect(size).toBeLessThanOrEqual(PREVIEW_BUDGET + 200);
    const json = JSON.stringify(value);
    expect(json.length).toBeLessThan(PREVIEW_BUDGET + 500);
    expect(json).toContain('… [4.0 MB string, cut]');
    // No room was left for the array: it is named, not copied.
    expect(json).toContain('"…":"[1 more keys, cut]"');
  });

  it('cuts long arrays and objects with a count of what is left', () => {
    const { value } = previewValue(Array.from({ length: 5_000 }, (_, i) => `item number ${i}`), 1024);
    const list = value as string[];
    expect(list.length).toBeLessThan(200);
    expect(list.at(-1)).toMatch(/^\[\d+ more items, cut\]$/);
    const keys = previewValue(Object.fromEntries(Array.from({ length: 5_000 }, (_, i) => [`key${i}`, i])), 1024).value as Record<string, unknown>;
    expect(keys['…']).toMatch(/^\[\d+ more keys, cut\]$/);
  });

  it('keeps at most about 4 MB in all: 100 events of 4 MB keep the latest ones, 16 KB each', () => {
    vi.useFakeTimers();
    const timeline = createTimeline(500);
    for (let n = 0; n < 100; n++) timeline.push(event({ n, blob: `${n}:`.padEnd(4 * MB, 'y') }));
    vi.runAllTimers();
    const items = timeline.getSnapshot();
    expect(items).toHaveLength(100);
    expect(timeline.getKeptSize()).toBeLessThanOrEqual(DEFAULT_MAX_SIZE);
    for (const item of items) expect(item.size).toBeLessThanOrEqual(PREVIEW_BUDGET + 200);
    expect(describeEntry(items[0]?.entry as EmbedInspectorEntry).detail).toMatch(/string, cut\]$/);
    expect(toDisplayJson(items[0]?.entry)).toContain('[4.0 MB string, cut]');
  });

  it('drops the oldest entries when the kept size passes the bound', () => {
    vi.useFakeTimers();
    const timeline = createTimeline(500, 64 * 1024);
    for (let n = 0; n < 20; n++) timeline.push(event({ n, blob: 'z'.repeat(20_000) }));
    vi.runAllTimers();
    const items = timeline.getSnapshot();
    expect(items.length).toBeLessThan(20);
    expect(items.at(-1)?.id).toBe(20);
    expect(timeline.getKeptSize()).toBeLessThanOrEqual(64 * 1024);
    expect(() => createTimeline(10, 0)).toThrow(devError(901, 'maxSize: expected a positive integer, got 0', RangeError));
  });

  it('counts foreign messages and keeps one line of each, never their data', () => {
    vi.useFakeTimers();
    const timeline = createTimeline();
    timeline.push(foreign('f'.repeat(4 * MB)));
    timeline.push(foreign({ type: 'other:ping', payload: { body: 'secret-looking text' } }));
    timeline.push(foreign([1, 2, 3]));
    vi.runAllTimers();
    expect(timeline.getForeignCount()).toBe(3);
    const kept = timeline.getSnapshot().map((item) => (item.entry as Extract<EmbedInspectorEntry, { kind: 'dropped' }>).report.data);
    expect(kept).toEqual([
      '[4.0 MB string; foreign, not kept]',
      '[object with 2 keys, type "other:ping"; foreign, not kept]',
      '[array of 3 items; foreign, not kept]',
    ]);
    for (const item of timeline.getSnapshot()) expect(item.size).toBeLessThan(512);
    timeline.clear();
    expect(timeline.getForeignCount()).toBe(0);
  });
});
