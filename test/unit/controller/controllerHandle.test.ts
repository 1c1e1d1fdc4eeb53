import { afterEach, describe, expect, it, vi } from 'vitest';
import { keepAlive, shownEmbeds } from '../../../src/keepAlive/index.js';
import { testRuntime } from '../support/runtime.js';
import { addHost as host, destroyControllers, emitReady, flush, makeController as make } from '../support/controllers.js';
import { deliverReady } from '../support/frames.js';

// What a UI binding relies on when it drives a controller: snapshots change only when something changed,
// listeners can leave, a stale detach is harmless, and a destroyed controller says so.

afterEach(destroyControllers);
describe('a controller driven by a UI binding', () => {
  it('refuses to be attached once destroyed, naming the embed', () => {
    const controller = make({ embedId: 'sales-overview' });
    controller.attach(host());
    controller.destroy();
    expect(() => controller.attach(host())).toThrow(/^SVC307 embed "sales-overview" was destroyed; create a new controller/);
    expect(document.querySelector('iframe')).toBeNull();
  });

  it('publishes no new snapshot when destroyed a second time', () => {
    const controller = make();
    controller.attach(host());
    controller.destroy();
    const destroyed = controller.getSnapshot();
    const listener = vi.fn();
    controller.subscribe(listener);
    controller.destroy();
    expect(controller.getSnapshot()).toBe(destroyed);
    expect(listener).not.toHaveBeenCalled();
  });

  it('publishes no new snapshot for a ready that changes nothing', async () => {
    const controller = make({ revealSettleMs: 0 });
    controller.attach(host());
    emitReady(controller);
    await vi.waitFor(() => expect(controller.getSnapshot().visible).toBe(true));
    const shown = controller.getSnapshot();
    const listener = vi.fn();
    controller.subscribe(listener);
    emitReady(controller);
    await flush();
    expect(controller.getSnapshot()).toBe(shown);
    expect(listener).not.toHaveBeenCalled();
  });

  it('stops calling a listener that unsubscribed', () => {
    const controller = make();
    const listener = vi.fn();
    const unsubscribe = controller.subscribe(listener);
    unsubscribe();
    controller.attach(host());
    expect(controller.getSnapshot().phase).toBe('loading');
    expect(listener).not.toHaveBeenCalled();
  });

  it('ignores a stale detach called again after the embed was attached anew', async () => {
    const controller = make();
    const detach = controller.attach(host());
    detach();
    controller.attach(host());
    detach();
    await flush();
    expect(controller.getSnapshot().phase).toBe('loading');
    expect(controller.iframe?.isConnected).toBe(true);
    expect(controller.bridge.isConnected).toBe(true);
  });

  it('gives the iframe the latest title', () => {
    const controller = make({ title: 'Sales' });
    controller.attach(host());
    expect(controller.iframe?.title).toBe('Sales');
    controller.update({ title: 'Sales (EMEA)' });
    expect(controller.iframe?.title).toBe('Sales (EMEA)');
    controller.update({});
    expect(controller.iframe?.title).toBe('Sales (EMEA)');
  });

  it('while waiting for its session, reports a message from another window like any message it does not own', () => {
    const onDebug = vi.fn();
    const controller = make({ getSession: () => new Promise<string>(() => {}), onDebug });
    controller.attach(host());
    expect(controller.iframe).toBeNull();
    const other = document.body.appendChild(document.createElement('iframe')).contentWindow as Window;
    deliverReady(other);
    expect(onDebug).toHaveBeenCalledWith(expect.objectContaining({ reason: 'wrong-source-window' }));
    expect(controller.getSnapshot().phase).toBe('session');
  });

  it('shows a parked embed without it leaving and rejoining the embeds of the page: only its shown state changes', () => {
    const controller = make({ keepAlive });
    const { registry } = testRuntime();
    controller.park();
    // Parked: connected (it hears its messages) but out of reach of hooks and actions that name no embed.
    expect(registry.get(controller.bridge.embedId)).toBe(controller.bridge);
    expect(shownEmbeds(testRuntime(), registry.getSnapshot())).toEqual([]);
    const changes = vi.fn();
    const stop = registry.subscribe(changes);
    controller.attach(host());
    stop();
    expect(changes).toHaveBeenCalledTimes(1);
    expect(registry.get(controller.bridge.embedId)).toBe(controller.bridge);
    expect(shownEmbeds(testRuntime(), registry.getSnapshot())).toEqual([controller.bridge]);
  });
});
