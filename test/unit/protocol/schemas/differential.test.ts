import { describe, expect, it } from 'vitest';
import {
  ACTION_TYPES,
  type ActionType,
  createActionMessage,
  EVENT_TYPES,
  parseActionMessage,
  parseEventMessage,
} from '../../../../src/protocol/index.js';
import {
  actionEnvelopeSchema,
  actionPayloadSchemas,
  eventEnvelopeSchema,
  eventPayloadSchemas,
} from '../../../../src/schemas/index.js';
import { prng } from '../../../../src/emulator/prng.js';

// The bridge validates with the protocol's compact checks; `svc-embed-react/schemas` publishes zod schemas
// of the same messages. These tests prove the two agree: the same messages accepted, the same refused with
// the same code, and the same typed message (unknown event fields kept and unknown action fields dropped,
// absent optional fields absent, null in an optional event field read as absent, unknown enum values of the
// open event enums accepted).

type Outcome = { ok: true; message: unknown } | { ok: false; code: string; type?: string };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A comparable form of plain data that keeps what matters here: which keys are present (an absent key and
 * a key holding undefined differ), and every value.
 */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (isRecord(value)) {
    return Object.keys(value)
      .sort()
      .map((key) => [key, value[key] === undefined ? '<undefined>' : canonical(value[key])]);
  }
  return value;
}

/** What zod says about a message, in the parsers' terms. */
function zodOutcome(direction: 'event' | 'action', data: unknown): Outcome {
  if (!isRecord(data)) return { ok: false, code: 'bad-envelope' };
  if (direction === 'action' && Object.hasOwn(data, 'surface')) return { ok: false, code: 'bad-envelope' };
  const envelope = (direction === 'event' ? eventEnvelopeSchema : actionEnvelopeSchema).safeParse(data);
  if (!envelope.success) return { ok: false, code: 'bad-envelope' };
  const { type } = envelope.data;
  const schemas: Record<string, { safeParse(value: unknown): { success: boolean; data?: unknown } }> =
    direction === 'event' ? eventPayloadSchemas : actionPayloadSchemas;
  if (!Object.hasOwn(schemas, type)) return { ok: false, code: 'unknown-type', type };
  const payload = schemas[type]?.safeParse(envelope.data.payload);
  if (!payload?.success) return { ok: false, code: 'bad-payload', type };
  const body = payload.data as Record<string, unknown>;
  if (direction === 'event' && 'surface' in body && body.surface !== (envelope.data as { surface?: unknown }).surface) {
    return { ok: false, code: 'bad-payload', type };
  }
  const { surface: _omitted, ...actionEnvelope } = envelope.data as Record<string, unknown>;
  return { ok: true, message: { ...(direction === 'event' ? envelope.data : actionEnvelope), payload: body } };
}

/** What the protocol's parser says, without the readable reason (zod/mini has no text to compare with). */
function ownOutcome(direction: 'event' | 'action', data: unknown): Outcome {
  const result = direction === 'event' ? parseEventMessage(data) : parseActionMessage(data);
  if (result.ok) return { ok: true, message: result.message };
  return result.type === undefined ? { ok: false, code: result.code } : { ok: false, code: result.code, type: result.type };
}

const eventSeeds: Record<string, Record<string, unknown>[]> = {
  'svc:event:ready': [
    { embedTenant: 'acme', deploymentId: 42, mode: 'signed', surface: 'dashboard', publicId: 'sales' },
    { embedTenant: null, deploymentId: null, mode: 'private', surface: 'dashboard' },
  ],
  'svc:event:view': [{ surface: 'dashboard', path: '/embed/dashboard/sales', publicId: 'sales', title: 'Sales' }],
  'svc:event:navigate': [{ path: '/b', previousPath: '/a' }],
  'svc:event:dashboard-loaded': [{ publicId: 'sales', widgetCount: 6, loadDurationMs: 812.5 }, {}, { loadDurationMs: null, futureMetric: 3 }],
  'svc:event:download': [
    { format: 'csv', target: 'widget', widgetId: 'w1', title: 'Orders', rowCount: 120 },
    { format: 'pptx', target: 'dashboard', widgetId: null },
  ],
  'svc:event:drilldown': [{ member: 'orders.region', value: { region: 'EU' }, widgetId: 'w2' }],
  'svc:event:ai-query': [
    { query: 'Top regions?', status: 'completed', chatId: 'c1', agentId: 'a1' },
    { query: 'Top regions?', status: 'streaming', chatId: null, tokens: 12 },
  ],
  'svc:event:error': [{ message: 'Session expired', name: 'SessionError', context: 'auth', fatal: true }],
};

const actionSeeds: Record<string, Record<string, unknown>[]> = {
  'svc:action:set-color-scheme': [{ scheme: 'dark' }],
  'svc:action:set-theme': [
    {
      font: 'Inter',
      primaryColor: '#0a7',
      borderRadius: 6,
      analyticsChat: { backgroundColor: '#fff', chatInput: { backgroundColor: '#eee', borderColor: '#ccc', extra: 1 } },
      chat: { inputColor: '#111' },
      futureField: { nested: true },
    },
    {},
  ],
  'svc:action:set-locale': [{ locale: 'de-DE' }, { locale: 'zh-Hant-TW' }],
  'svc:action:set-timezone': [{ timezone: 'Asia/Kolkata' }, { timezone: '+05:30' }],
  'svc:action:set-filter': [{ filterUrlParameter: 'f_orders.status={"value":"completed"}' }],
  'svc:action:navigate': [{ path: '/embed/d/42/app/workbook/130' }],
  'svc:action:refresh': [{}],
};

/** Values a buggy or hostile embed might put anywhere, including every enum value of the protocol. */
const pool: unknown[] = [
  undefined, null, true, false, 0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, -0, 1e308,
  '', 'x', '/', '//evil.example', '/\\evil', '/ok/path', 'de', 'en-US', 'not a locale!', 'Europe/Berlin', 'Europe Berlin', 'x'.repeat(300),
  'f_orders.status={"value":1}', 'f_orders.status=', 'f_bad key=1', 'orders.status={}',
  'svc-embed', 'event', 'action', 'dashboard', 'app', 'chat', 'signed', 'private', 'csv', 'pdf', 'docx',
  'widget', 'page', 'submitted', 'completed', 'error', 'streaming', 'light', 'dark', 'auto', 'sepia',
  [], ['a'], {}, { value: 'EU' }, { backgroundColor: 1 }, { inputColor: '#000', more: [1] },
];

const eventTypes = [...EVENT_TYPES, 'svc:event:teleport', 'svc:event:__proto__', 'svc:action:navigate', 'ready', 7];
const actionTypes = [...ACTION_TYPES, 'svc:action:explode', 'svc:action:toString', 'svc:event:ready', undefined];

function mutate(rand: () => number, record: Record<string, unknown>, keys: readonly string[]): void {
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)] as T;
  const key = pick(keys);
  const roll = rand();
  if (roll < 0.2) delete record[key];
  else if (roll < 0.3) record[key] = null;
  else if (roll < 0.85) record[key] = pick(pool);
  else record[pick(['unknownField', 'constructor', 'surface', 'widgetId', 'title'])] = pick(pool);
}

function randomMessage(rand: () => number, direction: 'event' | 'action'): unknown {
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)] as T;
  const seeds = direction === 'event' ? eventSeeds : actionSeeds;
  const type = pick(Object.keys(seeds));
  const payload = structuredClone(pick(seeds[type] ?? [{}]));
  const surface = type === 'svc:event:ready' || type === 'svc:event:view' ? payload.surface : pick(['dashboard', 'app', 'chat']);
  const envelope: Record<string, unknown> = { source: 'svc-embed', direction, type, payload, timestamp: 1_700_000_000_000 };
  if (direction === 'event') envelope.surface = surface;
  const mutations = Math.floor(rand() * 4);
  for (let i = 0; i < mutations; i++) {
    if (rand() < 0.7) {
      const fields = Object.keys(payload);
      const nested = [payload.analyticsChat, payload.chat].filter(isRecord);
      if (nested.length > 0 && rand() < 0.3) mutate(rand, pick(nested), ['backgroundColor', 'chatInput', 'inputColor']);
      else mutate(rand, payload, fields.length > 0 ? fields : ['x']);
    } else if (rand() < 0.3) {
      envelope.type = pick(direction === 'event' ? eventTypes : actionTypes);
    } else {
      mutate(rand, envelope, ['source', 'direction', 'payload', 'timestamp', 'surface']);
    }
  }
  return envelope;
}

describe('the compact checks and the zod schemas', () => {
  for (const direction of ['event', 'action'] as const) {
    it(`agree on 20,000 random ${direction} messages`, () => {
      const rand = prng(direction === 'event' ? 0x5eed : 0xac7);
      const tally = { accepted: 0, 'bad-envelope': 0, 'bad-payload': 0, 'unknown-type': 0 };
      for (let i = 0; i < 20_000; i++) {
        const message = randomMessage(rand, direction);
        const own = ownOutcome(direction, message);
        const reference = zodOutcome(direction, message);
        expect(canonical(own), JSON.stringify(message)).toEqual(canonical(reference));
        tally[own.ok ? 'accepted' : (own.code as keyof typeof tally)]++;
      }
      // Every outcome is exercised often, so agreement is not agreement on one kind of input only.
      for (const count of Object.values(tally)) expect(count).toBeGreaterThan(200);
      // A generous limit: this runs 20,000 comparisons on a machine that may be busy with other tests.
    }, 60_000);
  }

  it('agree on every payload createActionMessage accepts', () => {
    const rand = prng(0xc4ea7e);
    let accepted = 0;
    for (let i = 0; i < 5_000; i++) {
      const envelope = randomMessage(rand, 'action') as { type: unknown; payload: unknown };
      const type = envelope.type as ActionType;
      if (!ACTION_TYPES.includes(type)) continue;
      // An omitted payload is the empty object (refresh takes none).
      const reference = actionPayloadSchemas[type].safeParse(envelope.payload === undefined ? {} : envelope.payload);
      let own: { success: boolean; data?: unknown };
      try {
        own = { success: true, data: createActionMessage(type, envelope.payload as never).payload };
        accepted++;
      } catch (error) {
        expect(error).toBeInstanceOf(TypeError);
        own = { success: false };
      }
      expect(own.success, JSON.stringify(envelope.payload)).toBe(reference.success);
      if (own.success) expect(canonical(own.data)).toEqual(canonical(reference.data));
    }
    expect(accepted).toBeGreaterThan(1_000);
  });
});
