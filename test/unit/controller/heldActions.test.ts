import { afterEach, describe, expect, it, vi } from 'vitest';
import { heldActionCount, holdAction, MAX_PENDING_ACTIONS } from '../../../src/controller/heldActions.js';
import { createEmbedBridge, type EmbedBridge, embedRegistry } from '../../../src/protocol/index.js';
import { addFrame } from '../support/frames.js';

const TENANT = 'https://acme.example.com';
const cleanups: (() => void)[] = [];

afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
  vi.restoreAllMocks();
  document.body.innerHTML = '';
});

/** A bridge, with spies on what it is handed; `connect()` mounts it. */
function embed(embedId: string, tenantOrigin = TENANT) {
  const bridge: EmbedBridge = createEmbedBridge({ surface: 'dashboard', tenantOrigin, embedId });
  const send = vi.spyOn(bridge, 'send');
  const report = vi.spyOn(bridge, 'report');
  cleanups.push(() => bridge.destroy());
  return {
    bridge,
    connect: () => cleanups.push(bridge.connect(addFrame())),
    sent: () => send.mock.calls.map(([type]) => type),
    reports: () => report.mock.calls.map(([r]) => r),
  };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('actions held before an embed mounts', () => {
  it('go to the embed they name when it connects, in order', () => {
    holdAction('sales', 'svc:action:set-color-scheme', [{ scheme: 'dark' }]);
    holdAction('sales', 'svc:action:refresh', []);
    const other = embed('other');
    other.connect();
    expect(other.sent()).toEqual([]);
    const sales = embed('sales');
    sales.connect();
    expect(sales.sent()).toEqual(['svc:action:set-color-scheme', 'svc:action:refresh']);
    expect(heldActionCount()).toBe(0);
  });

  it('without an embedId, go to the one embed that mounted', async () => {
    holdAction('', 'svc:action:refresh', []);
    const only = embed('only');
    only.connect();
    await tick();
    expect(only.sent()).toEqual(['svc:action:refresh']);
    expect(only.reports()).toEqual([]);
    expect(heldActionCount()).toBe(0);
  });

  it('without an embedId, are dropped and reported when two embeds mount together (another tenant may be one)', async () => {
    holdAction('', 'svc:action:set-filter', [{ filterUrlParameter: 'f_users.email={"value":"ann@example.com"}' }]);
    const ours = embed('ours');
    const partner = embed('partner', 'https://partner.example.net');
    partner.connect();
    ours.connect();
    await tick();
    expect(ours.sent()).toEqual([]);
    expect(partner.sent()).toEqual([]);
    expect(partner.reports()).toEqual([expect.objectContaining({ reason: 'unaddressed-action' })]);
    expect(partner.reports()[0]?.detail).toBe(
      '1 action(s) sent through useSvcActions() without an embedId were dropped: several embeds connected ' +
        '(partner, ours). Pass the embedId of the embed you mean.',
    );
    expect(ours.reports()).toEqual(partner.reports());
    expect(heldActionCount()).toBe(0);
  });

  it('without an embedId, outlast an embed that connects and leaves at once, and go to the next one', async () => {
    holdAction('', 'svc:action:refresh', []);
    const passing = embed('passing');
    passing.connect();
    passing.bridge.destroy();
    await tick();
    expect(passing.sent()).toEqual([]);
    expect(heldActionCount()).toBe(1);
    const next = embed('next');
    next.connect();
    await tick();
    expect(next.sent()).toEqual(['svc:action:refresh']);
    expect(heldActionCount()).toBe(0);
  });

  it('are counted while they wait, and only the newest MAX_PENDING_ACTIONS wait for one embed', () => {
    holdAction('late', 'svc:action:navigate', [{ path: '/first' }]);
    holdAction('other', 'svc:action:refresh', []);
    expect(heldActionCount()).toBe(2);
    for (let i = 0; i < MAX_PENDING_ACTIONS; i += 1) holdAction('late', 'svc:action:refresh', []);
    expect(heldActionCount()).toBe(MAX_PENDING_ACTIONS + 1);
    const late = embed('late');
    late.connect();
    expect(late.sent()).toEqual(Array(MAX_PENDING_ACTIONS).fill('svc:action:refresh'));
    embed('other').connect();
    expect(heldActionCount()).toBe(0);
  });

  it('without an embedId, are capped too: only the newest MAX_PENDING_ACTIONS wait for the one embed', async () => {
    // The oldest, distinct from the rest, is the one the cap must let go.
    holdAction('', 'svc:action:navigate', [{ path: '/oldest' }]);
    for (let i = 0; i < MAX_PENDING_ACTIONS + 4; i += 1) holdAction('', 'svc:action:refresh', []);
    expect(heldActionCount()).toBe(MAX_PENDING_ACTIONS);
    const only = embed('only');
    only.connect();
    await tick();
    expect(only.sent()).toEqual(Array(MAX_PENDING_ACTIONS).fill('svc:action:refresh'));
    expect(heldActionCount()).toBe(0);
  });
});

describe('watching for embeds', () => {
  it('happens only while something is held: every embed that connects later costs nothing', async () => {
    let watching = 0;
    const subscribe = embedRegistry.subscribe;
    vi.spyOn(embedRegistry, 'subscribe').mockImplementation((listener) => {
      watching += 1;
      const unsubscribe = subscribe(listener);
      return () => {
        watching -= 1;
        unsubscribe();
      };
    });
    holdAction('first', 'svc:action:refresh', []);
    expect(watching).toBe(1);
    embed('first').connect();
    expect(watching).toBe(0);
    // Held again: watched again, and released again once delivered (here to the only embed, a microtask later).
    holdAction('', 'svc:action:refresh', []);
    expect(watching).toBe(1);
    embed('second').connect();
    await tick();
    expect(watching).toBe(0);
  });
});
