import { describe, expect, it } from 'vitest';
import { createActionMessage, parseActionMessage, parseEventMessage } from '../../../../src/protocol/index.js';
import { prng } from '../../../../src/emulator/prng.js';

const hostile: [string, () => unknown][] = [
  ['a string', () => 'svc:event:ready'],
  ['a number', () => 42],
  ['null', () => null],
  ['undefined', () => undefined],
  ['an array', () => [{ source: 'svc-embed' }]],
  ['a function', () => () => 1],
  ['a symbol', () => Symbol('x')],
  [
    'a cyclic object',
    () => {
      const o: Record<string, unknown> = { source: 'svc-embed', direction: 'event', type: 'svc:event:ready', timestamp: 1, surface: 'app' };
      o.payload = o;
      return o;
    },
  ],
  ['a throwing getter', () => Object.defineProperty({ source: 'svc-embed' }, 'type', { get: () => { throw new Error('x'); }, enumerable: true })],
  [
    'a revoked proxy',
    () => {
      const { proxy, revoke } = Proxy.revocable({}, {});
      revoke();
      return proxy;
    },
  ],
  ['a 5 MB field', () => ({ source: 'svc-embed', direction: 'event', type: 'svc:event:error', timestamp: 1, surface: 'chat', payload: { message: 'x'.repeat(5_000_000) } })],
  [
    'deep nesting',
    () => {
      let value: unknown = {};
      for (let i = 0; i < 10_000; i++) value = { value };
      return { source: 'svc-embed', direction: 'event', type: 'svc:event:drilldown', timestamp: 1, surface: 'dashboard', payload: { member: 'm', value } };
    },
  ],
];

describe('parsers under hostile input', () => {
  it.each(hostile)('never throw on %s', (_name, make) => {
    const data = make();
    expect(() => parseEventMessage(data)).not.toThrow();
    expect(() => parseActionMessage(data)).not.toThrow();
  });

  it('accept a 5 MB message that is otherwise valid, and reject a malformed one quickly, without throwing', () => {
    const big = hostile.find(([name]) => name === 'a 5 MB field')?.[1]() as object;
    expect(parseEventMessage(big).ok).toBe(true);
    expect(parseEventMessage({ ...big, surface: 'tv' }).ok).toBe(false);
  });

  it('never let __proto__ keys pollute prototypes or become a prototype', () => {
    const fromJson = JSON.parse(
      '{"source":"svc-embed","direction":"action","type":"svc:action:set-theme","timestamp":1,"payload":{"primaryColor":"#000","__proto__":{"polluted":true},"chat":{"__proto__":{"polluted":true}}}}',
    );
    const parsed = parseActionMessage(fromJson);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(parsed.ok).toBe(true);
    if (parsed.ok) {
      expect(Object.getPrototypeOf(parsed.message.payload)).toBe(Object.prototype);
      expect((parsed.message.payload as Record<string, unknown>).polluted).toBeUndefined();
    }
    expect(() => createActionMessage('svc:action:set-theme', JSON.parse('{"__proto__":{"polluted":true}}'))).not.toThrow();
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    const event = JSON.parse(
      '{"__proto__":{"polluted":true},"source":"svc-embed","direction":"event","type":"svc:event:navigate","timestamp":1,"surface":"app","payload":{"path":"/","__proto__":{"polluted":true}}}',
    );
    const result = parseEventMessage(event);
    expect(result.ok).toBe(true);
    if (result.ok) expect(Object.getPrototypeOf(result.message)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('never throw on thousands of random JSON-like values', () => {
    const rand = prng(7);
    const keys = ['source', 'direction', 'type', 'payload', 'timestamp', 'surface', 'scheme', 'path', 'locale', '__proto__'];
    const atoms = [null, true, 0, -1, 1e308, Number.NaN, '', 'svc-embed', 'event', 'action', 'svc:event:ready', 'svc:action:navigate', 'dashboard', '/x'];
    const gen = (depth: number): unknown => {
      const r = rand();
      if (depth > 4 || r < 0.4) return atoms[Math.floor(rand() * atoms.length)];
      if (r < 0.55) return Array.from({ length: Math.floor(rand() * 3) }, () => gen(depth + 1));
      const o: Record<string, unknown> = {};
      for (let i = 0; i < Math.floor(rand() * 6); i++) {
        Object.defineProperty(o, keys[Math.floor(rand() * keys.length)] as string, { value: gen(depth + 1), enumerable: true, configurable: true, writable: true });
      }
      return o;
    };
    for (let i = 0; i < 5000; i++) {
      const value = gen(0);
      expect(() => parseEventMessage(value)).not.toThrow();
      expect(() => parseActionMessage(value)).not.toThrow();
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
