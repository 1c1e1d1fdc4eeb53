import { afterEach, describe, expect, it, vi } from 'vitest';
import { keepAlive } from '../../../src/keepAlive/index.js';
import { addHost, destroyControllers, emitReady, flush, makeController } from '../support/controllers.js';
import { deliverReady } from '../support/frames.js';

/**
 * Calls a UI binding makes at any moment, and what each may not do: `update` before the first attach loads
 * nothing, `retry` only acts after an error, a destroyed controller cannot be parked back to life, and a
 * detached embed kept alive reports nothing to the app's debug hook.
 */

afterEach(destroyControllers);

describe('update', () => {
  it('before the first attach loads nothing, even when it brings a session source', () => {
    const getSession = vi.fn(async () => 'never-used');
    const controller = makeController();
    controller.update({ getSession });
    expect(getSession).not.toHaveBeenCalled();
    expect(controller.getSnapshot()).toMatchObject({ phase: 'idle', loads: 0 });
    expect(controller.iframe).toBeNull();
  });
});

describe('update with the session prop', () => {
  it('that no longer passes it (getSession renews from now on) leaves the embed as it is', () => {
    const controller = makeController({ session: `calls-${Math.random().toString(36).slice(2)}`, getSession: async () => 'unused' });
    controller.attach(addHost());
    emitReady(controller);
    controller.update({ getSession: async () => 'unused' });
    expect(controller.getSnapshot()).toMatchObject({ phase: 'ready', error: null, loads: 1 });
  });

  it('that cannot be loaded fails the embed once, however often the app renders it again', () => {
    const onFailure = vi.fn();
    const controller = makeController({ getSession: async () => 'unused', onFailure });
    controller.attach(addHost());
    controller.update({ getSession: async () => 'unused', onFailure, session: 'not a session id' });
    controller.update({ getSession: async () => 'unused', onFailure, session: 'not a session id' });
    expect(onFailure).toHaveBeenCalledTimes(1);
    expect(controller.getSnapshot().phase).toBe('error');
  });

  it('and an unchanged title writes nothing to the iframe on each render', async () => {
    const controller = makeController({ title: 'Sales' });
    controller.attach(addHost());
    const iframe = controller.iframe as HTMLIFrameElement;
    const changes: MutationRecord[] = [];
    const observer = new MutationObserver((records) => changes.push(...records));
    observer.observe(iframe, { attributes: true, attributeFilter: ['title'] });
    controller.update({ title: 'Sales' });
    controller.update({ title: 'Sales' });
    await flush();
    observer.disconnect();
    expect(changes).toEqual([]);
    expect(iframe.title).toBe('Sales');
  });
});

describe('retry', () => {
  it('does nothing unless the embed failed: no second load of a working embed', () => {
    const controller = makeController();
    controller.attach(addHost());
    const iframe = controller.iframe;
    controller.retry();
    emitReady(controller);
    controller.retry();
    expect(controller.iframe).toBe(iframe);
    expect(controller.getSnapshot()).toMatchObject({ phase: 'ready', loads: 1 });
  });
});

describe('park', () => {
  it('brings nothing back once the controller was destroyed', () => {
    const controller = makeController({ keepAlive });
    controller.attach(addHost());
    controller.destroy();
    controller.park();
    expect(controller.getSnapshot()).toMatchObject({ phase: 'destroyed', parked: false });
    expect(controller.iframe).toBeNull();
    expect(controller.bridge.isConnected).toBe(false);
    expect(document.querySelector('iframe')).toBeNull();
  });
});

describe('a detached embed', () => {
  it('kept alive reports nothing to the debug hook until it is shown again', async () => {
    const onDebug = vi.fn();
    const controller = makeController({ keepAlive, onDebug });
    const detach = controller.attach(addHost());
    detach();
    controller.park();
    await flush();
    const foreign = document.body.appendChild(document.createElement('iframe')).contentWindow as Window;
    deliverReady(foreign, 'https://evil.example');
    expect(onDebug).not.toHaveBeenCalled();
    controller.attach(addHost());
    deliverReady(foreign, 'https://evil.example');
    expect(onDebug).toHaveBeenCalledTimes(1);
  });
});
