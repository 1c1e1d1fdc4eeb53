import { afterEach, describe, expect, it, vi } from 'vitest';
import { heldActionCount, holdAction } from '../../../src/controller/heldActions.js';
import { createEmbedBridge, type EmbedBridge } from '../../../src/protocol/index.js';
import { addFrame } from '../support/frames.js';

const TENANT = 'https://acme.example.com';
const cleanups: (() => void)[] = [];

afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
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
    expect(partner.reports()[0]?.detail).toMatch(/without an embedId were dropped/);
    expect(heldActionCount()).toBe(0);
  });
});
