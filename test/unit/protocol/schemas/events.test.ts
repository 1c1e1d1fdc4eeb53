import { describe, expect, it } from 'vitest';
import { EVENT_TYPES, parseEventMessage, type Surface } from '../../../../src/protocol/index.js';

function envelope(type: string, payload: unknown, surface: unknown = 'dashboard', extra: Record<string, unknown> = {}) {
  return { source: 'svc-embed', direction: 'event', type, payload, timestamp: 1_700_000_000_000, surface, ...extra };
}

/** Valid payloads per event: the fullest form and the barest one. */
const valid: Record<string, { surface: Surface; full: Record<string, unknown>; bare: Record<string, unknown> }> = {
  'svc:event:ready': {
    surface: 'dashboard',
    full: { embedTenant: 'acme', deploymentId: 42, mode: 'signed', surface: 'dashboard', publicId: 'sales' },
    bare: { embedTenant: null, deploymentId: null, mode: 'private', surface: 'dashboard' },
  },
  'svc:event:view': {
    surface: 'app',
    full: { surface: 'app', path: '/embed/d/42/app', publicId: 'p', title: 'Home' },
    bare: { surface: 'app', path: '/embed/d/42/app' },
  },
  'svc:event:navigate': { surface: 'app', full: { path: '/b', previousPath: '/a' }, bare: { path: '/b' } },
  'svc:event:dashboard-loaded': {
    surface: 'dashboard',
    full: { publicId: 'sales', widgetCount: 6, loadDurationMs: 812.5 },
    bare: {},
  },
  'svc:event:download': {
    surface: 'dashboard',
    full: { format: 'xlsx', target: 'widget', widgetId: 'w1', title: 'Orders', rowCount: 120 },
    bare: { format: 'png', target: 'dashboard' },
  },
  'svc:event:drilldown': {
    surface: 'dashboard',
    full: { member: 'orders.revenue', value: { region: 'EU' }, widgetId: 'w2' },
    bare: { member: 'orders.revenue' },
  },
  'svc:event:ai-query': {
    surface: 'chat',
    full: { query: 'Top regions?', status: 'completed', chatId: 'c1', agentId: 'a1' },
    bare: { query: 'Top regions?', status: 'submitted' },
  },
  'svc:event:error': {
    surface: 'chat',
    full: { message: 'Session expired', name: 'SessionError', context: 'auth', fatal: true },
    bare: { message: 'Something failed' },
  },
  'svc:event:session-expiring': {
    surface: 'dashboard',
    full: { expiresAt: 1_780_000_000_000 },
    bare: { expiresAt: 0 },
  },
  'svc:event:session-expired': {
    surface: 'app',
    full: {},
    bare: {},
  },
};

describe('every event of the spec', () => {
  it('covers the whole catalog', () => {
    expect(Object.keys(valid).sort()).toEqual([...EVENT_TYPES].sort());
  });

  for (const [type, { surface, full, bare }] of Object.entries(valid)) {
    it(`accepts ${type} with all fields and with only the required ones`, () => {
      for (const payload of [full, bare]) {
        const result = parseEventMessage(envelope(type, payload, surface));
        expect(result).toEqual({ ok: true, message: envelope(type, payload, surface) });
      }
    });

    // `bare` holds exactly the required fields: each one, removed, must be refused; each field only `full` has
    // is optional and may be left out. dashboard-loaded has no required field, so it gets only the second test.
    const required = Object.keys(bare);
    const optional = Object.keys(full).filter((field) => !required.includes(field));

    if (required.length > 0) {
      it(`rejects ${type} with each required field missing`, () => {
        for (const field of required) {
          const { [field]: _removed, ...payload } = bare;
          expect(parseEventMessage(envelope(type, payload, surface)), `${type} without ${field}`).toMatchObject({
            ok: false,
            code: 'bad-payload',
            type,
            reason: expect.stringContaining(`payload.${field}`),
          });
        }
      });
    }

    if (optional.length > 0) {
      it(`accepts ${type} with each optional field left out`, () => {
        for (const field of optional) {
          const { [field]: _removed, ...payload } = full;
          expect(parseEventMessage(envelope(type, payload, surface)), `${type} without ${field}`).toEqual({
            ok: true,
            message: envelope(type, payload, surface),
          });
        }
      });
    }

    it(`rejects ${type} with a wrong type in each field, and a payload that is not an object`, () => {
      expect(parseEventMessage(envelope(type, 'payload', surface)).ok).toBe(false);
      for (const field of Object.keys(full)) {
        if (type === 'svc:event:drilldown' && field === 'value') continue; // any JSON value
        const result = parseEventMessage(envelope(type, { ...full, [field]: [] }, surface));
        expect(result.ok, `${type}.${field}`).toBe(false);
        if (!result.ok) expect(result.reason).toContain(`payload.${field}`);
      }
    });
  }

  it('keeps required-but-nullable apart from optional, where null counts as absent', () => {
    expect(parseEventMessage(envelope('svc:event:ready', valid['svc:event:ready']?.bare)).ok).toBe(true);
    const optionalNull = parseEventMessage(envelope('svc:event:view', { surface: 'dashboard', path: '/', title: null }));
    expect(optionalNull).toEqual({ ok: true, message: envelope('svc:event:view', { surface: 'dashboard', path: '/' }) });
    const missingNullable = parseEventMessage(envelope('svc:event:ready', { deploymentId: null, mode: 'signed', surface: 'dashboard' }));
    expect(missingNullable).toMatchObject({ ok: false, reason: expect.stringContaining('payload.embedTenant') });
  });

  it.each([
    ['svc:event:ready', { embedTenant: null, deploymentId: null, mode: 'anonymous', surface: 'dashboard' }, 'payload.mode'],
    ['svc:event:ready', { embedTenant: null, deploymentId: null, mode: 'signed', surface: 'board' }, 'payload.surface'],
    ['svc:event:download', { format: 7, target: 'widget' }, 'payload.format'],
    ['svc:event:download', { format: 'csv', target: null }, 'payload.target'],
    ['svc:event:ai-query', { query: 'q', status: ['completed'] }, 'payload.status'],
  ])('rejects %s with a wrong enum value and names the field', (type, payload, field) => {
    const result = parseEventMessage(envelope(type, payload));
    expect(result).toMatchObject({ ok: false, code: 'bad-payload' });
    if (!result.ok) expect(result.reason).toMatch(new RegExp(`${field.replace('.', '\\.')}: expected ".+" or`));
  });

  it('rejects a payload whose surface disagrees with the envelope', () => {
    const result = parseEventMessage(envelope('svc:event:view', { surface: 'chat', path: '/' }, 'dashboard'));
    expect(result).toMatchObject({ ok: false, code: 'bad-payload', reason: expect.stringContaining('disagrees') });
  });
});

describe('the event envelope', () => {
  const ok = envelope('svc:event:navigate', { path: '/x' });
  it.each([
    ['a wrong source', { ...ok, source: 'other-embed' }, 'source'],
    ['a wrong direction', { ...ok, direction: 'action' }, 'direction'],
    ['no surface', (({ surface: _s, ...rest }) => rest)(ok), 'surface'],
    ['an unknown surface', { ...ok, surface: 'mobile' }, 'surface'],
    ['a string timestamp', { ...ok, timestamp: '1700000000000' }, 'timestamp'],
    ['a negative timestamp', { ...ok, timestamp: -1 }, 'timestamp'],
    ['an infinite timestamp', { ...ok, timestamp: Number.POSITIVE_INFINITY }, 'timestamp'],
    ['no payload', (({ payload: _p, ...rest }) => rest)(ok), 'payload'],
    ['an array payload', { ...ok, payload: [] }, 'payload'],
    ['a null payload', { ...ok, payload: null }, 'payload'],
    ['a type outside the event namespace', { ...ok, type: 'svc:action:navigate' }, 'type'],
  ])('rejects %s as bad-envelope, naming the field', (_name, data, field) => {
    const result = parseEventMessage(data);
    expect(result).toMatchObject({ ok: false, code: 'bad-envelope' });
    if (!result.ok) expect(result.reason).toContain(field);
  });

  it.each(['svc:event:teleport', 'svc:event:__proto__', 'svc:event:constructor', 'svc:event:toString'])(
    'reports %s as an unknown type, not a typed event',
    (type) => {
      expect(parseEventMessage(envelope(type, {}))).toMatchObject({ ok: false, code: 'unknown-type', type });
    },
  );

  it('passes on payload fields it does not know, and ignores envelope fields it does not know', () => {
    const result = parseEventMessage(envelope('svc:event:navigate', { path: '/x', newField: { nested: 1 } }, 'app', { trace: 'abc' }));
    expect(result).toEqual({ ok: true, message: envelope('svc:event:navigate', { path: '/x', newField: { nested: 1 } }, 'app') });
  });
});

describe('tolerant reading: the app keeps getting events as the platform evolves', () => {
  it.each([
    ['svc:event:download', { format: 'csv', target: 'widget', widgetId: null, title: null, rowCount: null }, { format: 'csv', target: 'widget' }],
    ['svc:event:dashboard-loaded', { publicId: 'sales', widgetCount: null, loadDurationMs: null }, { publicId: 'sales' }],
    ['svc:event:ready', { embedTenant: null, deploymentId: 4, mode: 'signed', surface: 'dashboard', publicId: null }, { embedTenant: null, deploymentId: 4, mode: 'signed', surface: 'dashboard' }],
    ['svc:event:error', { message: 'm', name: null, context: null, fatal: null }, { message: 'm' }],
    ['svc:event:ai-query', { query: 'q', status: 'submitted', chatId: null, agentId: undefined }, { query: 'q', status: 'submitted' }],
  ])('delivers %s with null in optional fields, without those keys', (type, payload, delivered) => {
    const result = parseEventMessage(envelope(type, payload));
    expect(result).toEqual({ ok: true, message: envelope(type, delivered) });
    expect(result.ok && Object.keys(result.message.payload)).toEqual(Object.keys(delivered));
  });

  it('keeps a null drilldown value: null is a value there, not an absence', () => {
    const result = parseEventMessage(envelope('svc:event:drilldown', { member: 'orders.region', value: null, widgetId: null }));
    expect(result).toEqual({ ok: true, message: envelope('svc:event:drilldown', { member: 'orders.region', value: null }) });
  });

  it('delivers an enum value it does not know and lists it in unknownValues', () => {
    const download = parseEventMessage(envelope('svc:event:download', { format: 'docx', target: 'page', rowCount: 3 }));
    expect(download).toEqual({
      ok: true,
      message: envelope('svc:event:download', { format: 'docx', target: 'page', rowCount: 3 }),
      unknownValues: [
        { field: 'payload.format', value: 'docx' },
        { field: 'payload.target', value: 'page' },
      ],
    });
    const query = parseEventMessage(envelope('svc:event:ai-query', { query: 'q', status: 'streaming' }, 'chat'));
    expect(query).toMatchObject({ ok: true, unknownValues: [{ field: 'payload.status', value: 'streaming' }] });
  });

  it('says nothing about known values', () => {
    const result = parseEventMessage(envelope('svc:event:download', { format: 'pdf', target: 'dashboard' }));
    expect(result.ok).toBe(true);
    expect(result).not.toHaveProperty('unknownValues');
  });

  it('still refuses a wrong type, null in a required field, and an unknown event type', () => {
    expect(parseEventMessage(envelope('svc:event:download', { format: 'csv', target: 'widget', rowCount: '12' }))).toMatchObject({
      ok: false,
      code: 'bad-payload',
      reason: expect.stringContaining('payload.rowCount: expected number'),
    });
    expect(parseEventMessage(envelope('svc:event:navigate', { path: null }))).toMatchObject({ ok: false, code: 'bad-payload' });
    expect(parseEventMessage(envelope('svc:event:download', { format: null, target: 'widget' }))).toMatchObject({ ok: false, code: 'bad-payload' });
    expect(parseEventMessage(envelope('svc:event:ready', { embedTenant: null, deploymentId: null, mode: 'guest', surface: 'dashboard' }))).toMatchObject({
      ok: false,
      code: 'bad-payload',
    });
    expect(parseEventMessage(envelope('svc:event:hologram', {}))).toMatchObject({ ok: false, code: 'unknown-type' });
  });
});
