import { describe, expect, it } from 'vitest';
import {
  encodeFilterParameter,
  isWellFormedLocale,
  parseFilterParameter,
  resolveLocale,
  SHIPPED_LOCALES,
} from '../../../../src/protocol/index.js';

describe('filter parameters', () => {
  it.each([
    { value: 'completed' },
    { value: ['EU', 'US'] },
    { value: 42 },
    { value: true },
    null,
    { value: 'naïve "quoted" = & ?' },
    { op: 'between', value: [1, 2], nested: { deep: [null] } },
  ])('round-trips %j', (value) => {
    const text = encodeFilterParameter('orders.status', value);
    expect(text.startsWith('f_orders.status=')).toBe(true);
    expect(parseFilterParameter(text)).toEqual({ ok: true, key: 'orders.status', value });
  });

  it('encodes the documented example exactly', () => {
    expect(encodeFilterParameter('orders.status', { value: 'completed' })).toBe('f_orders.status={"value":"completed"}');
  });

  it.each(['status', 'orders.', '.status', 'orders.status.x', '1orders.status', 'orders.sta tus', 'orders-x.status'])(
    'refuses the key %j both ways',
    (key) => {
      expect(() => encodeFilterParameter(key, null)).toThrow(/<semantic_view>\.<dimension>/);
      expect(parseFilterParameter(`f_${key}=null`)).toMatchObject({ ok: false });
    },
  );

  it('refuses values JSON cannot carry, with a readable error', () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(() => encodeFilterParameter('a.b', undefined as never)).toThrow(/must be JSON/);
    expect(() => encodeFilterParameter('a.b', (() => 1) as never)).toThrow(/must be JSON/);
    expect(() => encodeFilterParameter('a.b', 10n as never)).toThrow(/cannot be serialised/);
    expect(() => encodeFilterParameter('a.b', cyclic as never)).toThrow(/cannot be serialised/);
  });

  it.each([undefined, null, 42, {}, '', 'orders.status=1', 'f_orders.status', 'f_orders.status={oops}'])(
    'never throws parsing %j',
    (input) => {
      const result = parseFilterParameter(input);
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.reason.length).toBeGreaterThan(10);
    },
  );
});

describe('locales', () => {
  it('maps every shipped locale to itself', () => {
    for (const locale of SHIPPED_LOCALES) expect(resolveLocale(locale)).toBe(locale);
  });

  it.each([
    ['es', 'es-ES'],
    ['es-AR', 'es-ES'],
    ['pt', 'pt-BR'],
    ['EN-us', 'en-US'],
    ['de-AT', 'de-DE'],
    ['nb', 'nb-NO'],
    ['ko-KR', null],
    ['zz', null],
    ['not a tag', null],
  ])('resolves %s to %s', (tag, expected) => {
    expect(resolveLocale(tag)).toBe(expected);
  });

  it('tells well-formed tags apart', () => {
    for (const tag of ['en', 'en-US', 'zh-Hant-TW', 'es-419']) expect(isWellFormedLocale(tag)).toBe(true);
    for (const tag of ['', 'en_US!', 'e', 'x'.repeat(100), 42, null]) expect(isWellFormedLocale(tag)).toBe(false);
  });
});
