import { afterEach, describe, expect, it, vi } from 'vitest';
import type { EmbedController, EmbedControllerOptions } from '../../../src/controller/index.js';
import { addHost, destroyControllers, makeController } from '../support/controllers.js';
import { deliver, deliverReady, eventEnvelope, TENANT } from '../support/frames.js';

/**
 * What an app sees of the options it gives a controller, and of its failures: the debug hook follows the
 * latest options, the iframe has an accessible name, and a failure of the host's making reaches the embed's
 * state store with its error.
 */

afterEach(destroyControllers);

function make(options: Partial<EmbedControllerOptions> = {}): EmbedController {
  const controller = makeController(options);
  controller.attach(addHost());
  return controller;
}

const send = (controller: EmbedController, type: string, payload: Record<string, unknown>) =>
  deliver(eventEnvelope(type, payload), TENANT, controller.iframe?.contentWindow as Window);

/** A message from a window that is not the embed's: dropped, and reported to a debug hook. */
const foreignMessage = () => {
  const foreign = document.body.appendChild(document.createElement('iframe')).contentWindow as Window;
  deliverReady(foreign, 'https://evil.example');
};

describe('the debug hook', () => {
  it('given when the controller is created stops reporting once the app no longer passes it', () => {
    const onDebug = vi.fn();
    const controller = make({ onDebug });
    foreignMessage();
    expect(onDebug).toHaveBeenCalledTimes(1);
    controller.update({});
    foreignMessage();
    expect(onDebug).toHaveBeenCalledTimes(1);
  });

  it('reports to the latest hook the app passed', () => {
    const first = vi.fn();
    const second = vi.fn();
    const controller = make({ onDebug: first });
    controller.update({ onDebug: second });
    foreignMessage();
    expect(first).not.toHaveBeenCalled();
    expect(second).toHaveBeenCalledWith(expect.objectContaining({ reason: 'wrong-origin' }));
  });
});

describe('the iframe', () => {
  it('is named after its surface unless the app gives a title', () => {
    expect(make().iframe?.title).toBe('Analytics dashboard');
    expect(make({ title: 'Sales overview' }).iframe?.title).toBe('Sales overview');
  });
});

describe('a failure of the host', () => {
  it('reaches the state store with its error, and a retry clears it', async () => {
    const controller = make({
      getSession: async () => {
        throw new Error('backend down');
      },
    });
    await vi.waitFor(() => expect(controller.getSnapshot().phase).toBe('error'));
    expect(controller.bridge.store.getState()).toMatchObject({ status: 'error', lastError: controller.getSnapshot().error });
    expect(controller.getSnapshot().error).toMatchObject({ code: 'SVC301' });
  });

  it('an error the embed shows itself is not one: the store keeps what the embed said, the app hears it coded', () => {
    const onFailure = vi.fn();
    const controller = make({ onFailure });
    send(controller, 'svc:event:error', { message: 'Dashboard not found', name: 'NotFoundError', fatal: true });
    expect(controller.getSnapshot()).toMatchObject({ phase: 'error', visible: true });
    expect(controller.bridge.store.getState()).toMatchObject({ status: 'error', lastError: { message: 'Dashboard not found', name: 'NotFoundError' } });
    expect(controller.bridge.store.getState().lastError).not.toHaveProperty('code');
    expect(onFailure).toHaveBeenCalledTimes(1);
    expect(onFailure).toHaveBeenCalledWith({ message: 'Dashboard not found', name: 'NotFoundError', fatal: true, code: 'SVC310' });
  });
});
