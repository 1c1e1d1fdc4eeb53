import { afterEach, describe, expect, it, vi } from 'vitest';
import { createControlledSync } from '../../../src/controller/createControlledSync.js';
import { createEmbedBridge, type Filters } from '../../../src/protocol/index.js';

/** What the synchroniser does with a value the protocol refuses, here: throws it at the test. */
const rethrow = (error: unknown): never => {
  throw error;
};

const bridges: { destroy(): void }[] = [];

afterEach(() => {
  for (const bridge of bridges.splice(0)) bridge.destroy();
});

/** A synchroniser for an embed whose address carried `filters`, with the filter changes it sends. */
function syncFor(filters?: Filters) {
  const bridge = createEmbedBridge({ surface: 'dashboard', tenantOrigin: 'https://acme.example.com', embedId: 'sales' });
  bridges.push(bridge);
  const send = vi.spyOn(bridge, 'send');
  const sync = createControlledSync(bridge, { filters }, rethrow);
  const sent = () =>
    send.mock.calls.filter(([type]) => type === 'svc:action:set-filter').map(([, payload]) => (payload as { filterUrlParameter: string }).filterUrlParameter);
  return { sync, sent };
}

const open = { value: 'open' };

describe('controlled filters', () => {
  it('treats a filter left undefined as absent, in the address and in later values', () => {
    // Filters built from optional fields (or by JavaScript callers) carry keys whose value is undefined.
    const unset = { 'orders.status': undefined } as unknown as Filters;
    const { sync, sent } = syncFor(unset);
    sync.update({ filters: unset });
    sync.update({ filters: {} });
    expect(sent()).toEqual([]);
  });

  it('clears a removed address filter once, not again on every later render', () => {
    const { sync, sent } = syncFor({ 'orders.status': open });
    sync.update({ filters: {} });
    sync.update({ filters: {} });
    expect(sent()).toEqual(['f_orders.status=null']);
  });

  it('after a reload clears every removed address filter again, since the address brought them back', () => {
    const { sync, sent } = syncFor({ 'orders.status': open, 'orders.region': { value: 'eu' } });
    sync.update({ filters: {} });
    expect(sent()).toEqual(['f_orders.status=null', 'f_orders.region=null']);
    sync.reapply({ filters: {} });
    expect(sent()).toEqual(['f_orders.status=null', 'f_orders.region=null', 'f_orders.status=null', 'f_orders.region=null']);
  });

  it('after a reload does not clear again a filter the address never had', () => {
    const { sync, sent } = syncFor({ 'orders.status': open });
    sync.update({ filters: { 'orders.status': open, 'orders.region': { value: 'eu' } } });
    sync.update({ filters: { 'orders.status': open } });
    expect(sent()).toEqual(['f_orders.region={"value":"eu"}', 'f_orders.region=null']);
    sync.reapply({ filters: { 'orders.status': open } });
    expect(sent()).toEqual(['f_orders.region={"value":"eu"}', 'f_orders.region=null', 'f_orders.status={"value":"open"}']);
  });

  it('on a reload, clears a filter that was set but is gone from the values reapplied', () => {
    const { sync, sent } = syncFor();
    sync.update({ filters: { 'orders.region': { value: 'eu' } } });
    sync.reapply({ filters: {} });
    expect(sent()).toEqual(['f_orders.region={"value":"eu"}', 'f_orders.region=null']);
  });
});
