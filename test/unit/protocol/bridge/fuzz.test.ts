import { afterEach, describe, expect, it, vi } from 'vitest';
import { createEmbedBridge, type EmbedDebugReport, type Surface } from '../../../../src/protocol/index.js';
import { addFrame, deliver, eventEnvelope, readyPayload, TENANT } from '../../support/frames.js';
import { prng } from '../../../../src/emulator/prng.js';


function randomValue(rand: () => number, depth = 0): unknown {
  const pick = Math.floor(rand() * (depth > 3 ? 7 : 10));
  switch (pick) {
    case 0:
      return null;
    case 1:
      return undefined;
    case 2:
      return rand() < 0.5;
    case 3:
      return [Number.NaN, Number.POSITIVE_INFINITY, -1, 0, 1e308, rand() * 1e6][Math.floor(rand() * 6)];
    case 4:
      return ['', 'svc-embed', 'event', 'action', 'svc:event:ready', 'dashboard', '__proto__', 'x'.repeat(10_000)][Math.floor(rand() * 8)];
    case 5:
      return Symbol('s').description;
    case 6:
      return BigInt(Math.floor(rand() * 100)).toString();
    case 7:
      return Array.from({ length: Math.floor(rand() * 4) }, () => randomValue(rand, depth + 1));
    default: {
      const object: Record<string, unknown> = {};
      const keys = ['source', 'direction', 'type', 'payload', 'timestamp', 'surface', 'mode', 'path', '__proto__', 'constructor'];
      for (let i = 0; i < Math.floor(rand() * 6); i++) {
        const key = keys[Math.floor(rand() * keys.length)] as string;
        Object.defineProperty(object, key, { value: randomValue(rand, depth + 1), enumerable: true, configurable: true, writable: true });
      }
      return object;
    }
  }
}

/** Near-valid envelopes: one field broken at a time, the kind of message a buggy or hostile page sends. */
function mutatedEnvelope(rand: () => number): unknown {
  const surfaces: Surface[] = ['dashboard', 'app', 'chat'];
  const surface = surfaces[Math.floor(rand() * 3)] as Surface;
  const base = eventEnvelope('svc:event:ready', readyPayload(surface), surface);
  const field = ['source', 'direction', 'type', 'payload', 'timestamp', 'surface'][Math.floor(rand() * 6)] as string;
  return { ...base, [field]: randomValue(rand) };
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('the bridge under random and hostile messages', () => {
  it('never throws, never changes state, and reports every drop', () => {
    const iframe = addFrame();
    const win = iframe.contentWindow as Window;
    const foreign = addFrame().contentWindow as Window;
    const posted = vi.spyOn(win, 'postMessage');
    const reports: EmbedDebugReport[] = [];
    const bridge = createEmbedBridge({ surface: 'dashboard', tenantOrigin: TENANT, onDebug: (r) => reports.push(r) });
    bridge.connect(iframe);
    const handler = vi.fn();
    bridge.onAny(handler);
    const initial = bridge.store.getState();
    // dispatchEvent never rethrows a listener's exception: the DOM reports it as a window `error` event.
    const thrown: unknown[] = [];
    const onError = (event: ErrorEvent) => {
      event.preventDefault();
      thrown.push(event.error);
    };
    window.addEventListener('error', onError);

    const rand = prng(20261122);
    const cyclic: Record<string, unknown> = { source: 'svc-embed', direction: 'event', type: 'svc:event:ready', surface: 'dashboard', timestamp: 1 };
    cyclic.payload = cyclic;
    const hostile: unknown[] = [
      cyclic,
      JSON.parse('{"__proto__":{"polluted":true},"source":"svc-embed","direction":"event","type":"svc:event:ready","payload":{"__proto__":{"x":1}},"timestamp":1,"surface":"dashboard"}'),
      new Proxy({}, { get: () => { throw new Error('trap'); }, has: () => { throw new Error('trap'); } }),
      Object.defineProperty({}, 'source', { get: () => { throw new Error('getter'); }, enumerable: true }),
      { ...eventEnvelope('svc:event:ready', { ...readyPayload(), embedTenant: 'x'.repeat(5_000_000), mode: 'nope' }) },
      [eventEnvelope('svc:event:ready', readyPayload())],
      'svc:event:ready',
      null,
      undefined,
      42,
    ];
    const total = 5000;
    let sent = 0;
    for (const data of hostile) {
      deliver(data, TENANT, win);
      sent++;
    }
    for (let i = sent; i < total; i++) {
      const data = i % 2 === 0 ? mutatedEnvelope(rand) : randomValue(rand);
      // A quarter of the valid-looking ones come from the wrong origin or the wrong window.
      const roll = rand();
      const origin = roll < 0.125 ? 'https://evil.example.com' : TENANT;
      const source = roll >= 0.125 && roll < 0.25 ? foreign : win;
      // Mutations can produce a valid ready by chance (e.g. a surface replaced by a valid one): skip those.
      if (i % 2 === 0 && origin === TENANT && source === win && isStillValid(data)) continue;
      deliver(data, origin, source);
      sent++;
    }
    window.removeEventListener('error', onError);

    expect(thrown).toEqual([]);
    expect(handler).not.toHaveBeenCalled();
    expect(posted).not.toHaveBeenCalled();
    expect(bridge.store.getState()).toBe(initial);
    expect(reports).toHaveLength(sent);
    expect(new Set(reports.map((r) => r.reason))).toEqual(
      new Set(['wrong-origin', 'wrong-source-window', 'bad-envelope', 'bad-payload']),
    );
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    bridge.destroy();
  });
});

function isStillValid(data: unknown): boolean {
  const d = data as Record<string, unknown>;
  const p = d.payload as Record<string, unknown> | undefined;
  return (
    d.source === 'svc-embed' &&
    d.direction === 'event' &&
    d.type === 'svc:event:ready' &&
    typeof d.timestamp === 'number' &&
    Number.isFinite(d.timestamp) &&
    (d.timestamp as number) >= 0 &&
    typeof p === 'object' &&
    p !== null &&
    !Array.isArray(p) &&
    p.surface === d.surface
  );
}
