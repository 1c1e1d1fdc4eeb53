import { describe, expect, it } from 'vitest';
import { type ControlledValues, createControlledSync } from '../../../src/controller/createControlledSync.js';
import type { EmbedBridge } from '../../../src/runtime/createEmbedBridge.js';
import { createEmbedStore } from '../../../src/runtime/createEmbedStore.js';
import { encodeFilterParameter } from '../../../src/protocol/encodeFilterParameter.js';
import type { SvcEventMessage } from '../../../src/protocol/messages.js';
import { reduceEmbedEvent } from '../../../src/runtime/reduceEmbedEvent.js';

/** What the synchroniser does with a value the protocol refuses, here: throws it at the test. */
const rethrow = (error: unknown): never => {
  throw error;
};

/**
 * The controlled values an app renders (colour scheme, theme, locale, filters, path) reach the embed as actions:
 * each change once, nothing for a value rendered again, everything again after a reload, and never a path
 * echoed back to where the viewer already is.
 */

/**
 * A synchroniser over a bridge that records what it sends; `report` plays an event of the embed into the
 * bridge's store, the way the bridge records every event before anyone handles it.
 */
function syncOf(initial: ControlledValues = {}) {
  const sent: Array<[string, unknown]> = [];
  const store = createEmbedStore('sales', 'dashboard');
  const bridge = { send: (type: string, payload: unknown) => sent.push([type, payload]), store } as unknown as EmbedBridge;
  const sync = createControlledSync(bridge, initial, rethrow);
  // Creating sends nothing (it may happen while rendering); the embed's attach starts it.
  const created = sent.length;
  sync.start();
  const report = (type: string, path: string) =>
    store.setState(reduceEmbedEvent(store.getState(), { type, payload: { path }, timestamp: 0 } as unknown as SvcEventMessage), true);
  const take = () => sent.splice(0);
  return { sync, report, take, created };
}

describe('the initial values', () => {
  it('sends the colour scheme, theme and path the address does not carry, and not its locale or filters', () => {
    const { take } = syncOf({
      colorScheme: 'dark',
      theme: { primaryColor: '#f00' },
      locale: 'de-DE',
      filters: { 'orders.status': { value: 'open' } },
      path: '/orders',
    });
    expect(take()).toEqual([
      ['svc:action:set-color-scheme', { scheme: 'dark' }],
      ['svc:action:set-theme', { primaryColor: '#f00' }],
      ['svc:action:navigate', { path: '/orders' }],
    ]);
  });

  it('are sent when it starts, not when the synchroniser is created (a render must post nothing)', () => {
    const { created, take } = syncOf({ colorScheme: 'dark' });
    expect(created).toBe(0);
    expect(take()).toEqual([['svc:action:set-color-scheme', { scheme: 'dark' }]]);
  });

  it('sends nothing for values left out', () => {
    const { take } = syncOf({});
    expect(take()).toEqual([]);
  });
});

describe('changes', () => {
  it('sends each changed value once, and nothing for the same values rendered again', () => {
    const { sync, take } = syncOf({ colorScheme: 'dark', theme: { primaryColor: '#f00', radius: 4 }, locale: 'de-DE' });
    take();
    sync.update({ colorScheme: 'dark', theme: { radius: 4, primaryColor: '#f00' }, locale: 'de-DE' });
    expect(take()).toEqual([]);
    sync.update({ colorScheme: 'light', theme: { primaryColor: '#0f0', radius: 4 }, locale: 'fr-FR' });
    expect(take()).toEqual([
      ['svc:action:set-color-scheme', { scheme: 'light' }],
      ['svc:action:set-theme', { primaryColor: '#0f0', radius: 4 }],
      ['svc:action:set-locale', { locale: 'fr-FR' }],
    ]);
    sync.update({ colorScheme: 'light', theme: { primaryColor: '#0f0', radius: 4 }, locale: 'fr-FR' });
    expect(take()).toEqual([]);
  });

  it('leaves a value the app stopped controlling where it is', () => {
    const { sync, take } = syncOf({ colorScheme: 'dark', theme: { primaryColor: '#f00' }, locale: 'de-DE', path: '/a' });
    take();
    sync.update({});
    expect(take()).toEqual([]);
  });

  it('sends a changed filter, and a removed one as null once', () => {
    const { sync, take } = syncOf({ filters: { 'orders.status': { value: 'open' } } });
    sync.update({ filters: { 'orders.status': { value: 'open' } } });
    expect(take()).toEqual([]);
    sync.update({ filters: { 'orders.status': { value: 'closed' } } });
    expect(take()).toEqual([['svc:action:set-filter', { filterUrlParameter: encodeFilterParameter('orders.status', { value: 'closed' }) }]]);
    sync.update({ filters: {} });
    sync.update({});
    expect(take()).toEqual([['svc:action:set-filter', { filterUrlParameter: encodeFilterParameter('orders.status', null) }]]);
  });
});

describe('the path', () => {
  it('is not echoed back: a path the embed reported (view or navigate) is where it already is', () => {
    const { sync, report, take } = syncOf();
    report('svc:event:navigate', '/orders/7');
    sync.update({ path: '/orders/7' });
    expect(take()).toEqual([]);
    report('svc:event:view', '/customers');
    sync.update({ path: '/customers' });
    expect(take()).toEqual([]);
    // The app moves the viewer back: that is a change.
    sync.update({ path: '/orders/7' });
    expect(take()).toEqual([['svc:action:navigate', { path: '/orders/7' }]]);
  });

  it('is sent when the app changes it, once', () => {
    const { sync, take } = syncOf();
    sync.update({ path: '/a' });
    sync.update({ path: '/a' });
    sync.update({ path: '/b' });
    expect(take()).toEqual([
      ['svc:action:navigate', { path: '/a' }],
      ['svc:action:navigate', { path: '/b' }],
    ]);
  });

  it('is taken only from the events that report where the viewer is', () => {
    const { sync, report, take } = syncOf();
    report('svc:event:data-point-click', '/elsewhere');
    sync.reapply({});
    expect(take()).toEqual([]);
  });
});

describe('after the embed reloaded', () => {
  it('sends every current value again, and goes back to where the viewer was', () => {
    const values: ControlledValues = {
      colorScheme: 'dark',
      theme: { primaryColor: '#f00' },
      locale: 'de-DE',
      filters: { 'orders.status': { value: 'open' } },
    };
    const { sync, report, take } = syncOf(values);
    report('svc:event:view', '/orders/7');
    take();
    sync.reapply(values);
    expect(take()).toEqual([
      ['svc:action:set-color-scheme', { scheme: 'dark' }],
      ['svc:action:set-theme', { primaryColor: '#f00' }],
      ['svc:action:set-locale', { locale: 'de-DE' }],
      ['svc:action:set-filter', { filterUrlParameter: encodeFilterParameter('orders.status', { value: 'open' }) }],
      ['svc:action:navigate', { path: '/orders/7' }],
    ]);
  });

  it('goes to the controlled path, even the one the embed reported last', () => {
    const { sync, report, take } = syncOf({ path: '/orders/7' });
    report('svc:event:navigate', '/orders/7');
    take();
    sync.reapply({ path: '/orders/7' });
    expect(take()).toEqual([['svc:action:navigate', { path: '/orders/7' }]]);
  });

  it('moves nobody when the embed never reported a path and none is controlled', () => {
    const { sync, take } = syncOf({ colorScheme: 'dark' });
    take();
    sync.reapply({ colorScheme: 'dark' });
    expect(take()).toEqual([['svc:action:set-color-scheme', { scheme: 'dark' }]]);
  });
});

describe('after the embed refused actions while its token was expired', () => {
  it('sends every current value with the next update, without moving the viewer', () => {
    const values: ControlledValues = { colorScheme: 'dark', theme: { primaryColor: '#f00' }, locale: 'de-DE', filters: { 'orders.status': { value: 'open' } } };
    const { sync, report, take } = syncOf(values);
    report('svc:event:view', '/orders/7');
    sync.update({ ...values, path: '/orders/7' });
    take();
    sync.forget();
    sync.update({ ...values, path: '/orders/7' });
    expect(take()).toEqual([
      ['svc:action:set-color-scheme', { scheme: 'dark' }],
      ['svc:action:set-theme', { primaryColor: '#f00' }],
      ['svc:action:set-locale', { locale: 'de-DE' }],
      ['svc:action:set-filter', { filterUrlParameter: encodeFilterParameter('orders.status', { value: 'open' }) }],
    ]);
  });
});
