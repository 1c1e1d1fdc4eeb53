import { describe, expect, it } from 'vitest';
import {
  encodeFilterParameter,
  isWellFormedLocale,
  parseFilterParameter,
  resolveLocale,
  SHIPPED_LOCALES,
} from '../../../../src/protocol/index.js';
import { devText } from '../../support/errorTexts.js';

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

describe('filter parameter reasons', () => {
  it.each([
    [42, 132, 'expected a string "f_<semantic_view>.<dimension>=<JSON>", got 42'],
    ['orders.status=1', 132, 'a filter parameter has the form "f_<semantic_view>.<dimension>=<JSON>"'],
    ['f_orders.status', 132, 'a filter parameter has the form "f_<semantic_view>.<dimension>=<JSON>"'],
    ['f_status=1', 130, 'filter key "status" is not of the form "<semantic_view>.<dimension>"'],
    ['f_orders.status={oops}', 133, 'the value of filter "orders.status" is not valid JSON'],
  ])('explains what is wrong with %j, with its code', (input, code, reason) => {
    expect(parseFilterParameter(input)).toEqual({ ok: false, reason: devText(code, reason), code: `SVC${code}` });
  });

  it('splits at the first "=", so the JSON may contain more', () => {
    expect(parseFilterParameter('f_orders.note="a=b"')).toEqual({ ok: true, key: 'orders.note', value: 'a=b' });
  });
});

describe('locale tags', () => {
  // A private-use tag can be made as long as needed while staying well-formed.
  const tagOfLength = (length: number) => `en-x-${'abcdefgh-'.repeat(6)}${'abcdefgh'.slice(0, length - 59)}`;

  it('accepts a well-formed tag of up to 64 characters and refuses a longer one', () => {
    expect(tagOfLength(64)).toHaveLength(64);
    expect(isWellFormedLocale(tagOfLength(64))).toBe(true);
    expect(resolveLocale(tagOfLength(64))).toBe('en-US');
    expect(tagOfLength(65)).toHaveLength(65);
    expect(isWellFormedLocale(tagOfLength(65))).toBe(false);
    expect(resolveLocale(tagOfLength(65))).toBeNull();
  });

  it.each([
    ['nob', 'nb-NO'],
    ['por-PT', 'pt-PT'],
    ['spa-MX', 'es-MX'],
    ['ger', 'de-DE'],
  ])('resolves the alias %s through its canonical form to %s', (tag, expected) => {
    expect(resolveLocale(tag)).toBe(expected);
  });
});
