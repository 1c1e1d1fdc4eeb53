import { afterEach, describe, expect, it, vi } from 'vitest';
import type { EmbedController, EmbedControllerOptions } from '../../../src/controller/index.js';
import { addHost, destroyControllers, emitEvent, emitReady, makeController } from '../support/controllers.js';
import { nextSession } from '../support/runtime.js';

// A fatal error the embed reports is either a failed session (renewed once, in signed mode) or shown as the
// embed's own error page; it is never passed off as a failure of the host's making.

afterEach(destroyControllers);

/** A controller attached to a host in the page. */
function make(options: Partial<EmbedControllerOptions> = {}): EmbedController {
  const controller = makeController(options);
  controller.attach(addHost());
  return controller;
}

const getSession = async () => nextSession();
const fatal = (controller: EmbedController, message: string, name?: string) =>
  emitEvent(controller, 'svc:event:error', { message, fatal: true, ...(name === undefined ? {} : { name }) });
const loaded = (controller: EmbedController) => vi.waitFor(() => expect(controller.getSnapshot().phase).toBe('loading'));

describe('a fatal error from the embed', () => {
  it('shows the embed at once, its own error page, and reports it once with a code, its name and message kept', () => {
    const onFailure = vi.fn();
    const controller = make({ onFailure });
    fatal(controller, 'Dashboard not found', 'NotFoundError');
    const error = { name: 'NotFoundError', message: 'Dashboard not found', fatal: true, code: 'SVC310' };
    expect(controller.getSnapshot()).toMatchObject({ phase: 'error', visible: true, error });
    expect(controller.iframe?.style.opacity).toBe('');
    expect(onFailure).toHaveBeenCalledTimes(1);
    expect(onFailure).toHaveBeenCalledWith(expect.objectContaining(error));
    // The store keeps what the embed said (its own error), not a failure of the host.
    expect(controller.bridge.store.getState().lastError).toMatchObject({ message: 'Dashboard not found' });
    expect(controller.bridge.store.getState().lastError).not.toHaveProperty('code');
  });

  it('of an embed given a session but no getSession is shown as it is: nothing could renew it', () => {
    const controller = make({ session: nextSession() });
    emitReady(controller);
    fatal(controller, 'Session expired', 'SessionExpiredError');
    expect(controller.getSnapshot()).toMatchObject({ phase: 'error', renewals: 0, error: { name: 'SessionExpiredError', message: 'Session expired' } });
  });

  it('of a private embed is shown even when the app passes a getSession later', () => {
    const controller = make();
    controller.update({ getSession });
    emitReady(controller);
    fatal(controller, 'Session expired');
    expect(controller.getSnapshot()).toMatchObject({ phase: 'error', renewals: 0, loads: 1 });
  });

  it('of a signed embed before its first ready is taken for a failed session, whatever it says', async () => {
    const controller = make({ getSession });
    await loaded(controller);
    fatal(controller, 'Something broke');
    expect(controller.getSnapshot()).toMatchObject({ phase: 'renewing', renewals: 1 });
  });

  it('of a signed embed that reloaded itself, before the new document is ready, is taken for a failed session', async () => {
    const controller = make({ getSession });
    await loaded(controller);
    const iframe = controller.iframe as HTMLIFrameElement;
    iframe.dispatchEvent(new Event('load'));
    emitReady(controller);
    // The embed's document is replaced: its session may be what it failed on.
    iframe.dispatchEvent(new Event('load'));
    fatal(controller, 'Something broke');
    expect(controller.getSnapshot()).toMatchObject({ phase: 'renewing', renewals: 1 });
  });
});

describe('retry', () => {
  it('does nothing unless the embed failed', () => {
    const controller = make();
    const iframe = controller.iframe;
    controller.retry();
    emitReady(controller);
    controller.retry();
    expect(controller.getSnapshot()).toMatchObject({ phase: 'ready', loads: 1 });
    expect(controller.iframe).toBe(iframe);
  });
});
