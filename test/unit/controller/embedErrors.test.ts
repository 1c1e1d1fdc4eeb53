import { afterEach, describe, expect, it, vi } from 'vitest';
import type { EmbedController, EmbedControllerOptions } from '../../../src/controller/index.js';
import { addHost, destroyControllers, emitEvent, emitReady, flush, makeController } from '../support/controllers.js';
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
  it('shows the embed at once, its own error page, and reports it once, coded SVC310 with its name and message kept', () => {
    const onFailure = vi.fn();
    const controller = make({ onFailure });
    fatal(controller, 'Dashboard not found', 'NotFoundError');
    const error = { name: 'NotFoundError', message: 'Dashboard not found', fatal: true, code: 'SVC310' };
    expect(controller.getSnapshot()).toMatchObject({ phase: 'error', visible: true, error });
    expect(controller.iframe?.style.opacity).toBe('');
    expect(onFailure.mock.calls).toEqual([[error]]);
    // A second fatal error of the failed embed changes nothing and is not reported again.
    fatal(controller, 'Query failed', 'QueryError');
    expect(controller.getSnapshot().error).toEqual(error);
    expect(onFailure).toHaveBeenCalledTimes(1);
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

describe('what the app hears of the embed’s errors (onFailure)', () => {
  /** A signed embed, ready, whose failures are recorded. */
  function readyEmbed(options: Partial<EmbedControllerOptions> = {}) {
    const onFailure = vi.fn();
    const controller = make({ getSession, onFailure, ...options });
    return { controller, onFailure };
  }
  const whenLoaded = async (controller: EmbedController) => {
    await loaded(controller);
    emitReady(controller);
  };

  it('hears nothing of a fatal SessionExpiredError that a renewal absorbs, before or after the new session', async () => {
    const { controller, onFailure } = readyEmbed();
    await whenLoaded(controller);
    emitEvent(controller, 'svc:event:session-expired', {});
    fatal(controller, 'The session expired', 'SessionExpiredError');
    expect(controller.getSnapshot()).toMatchObject({ phase: 'renewing', renewals: 1 });
    // The new session is handed over in place; the same document answers with ready.
    await flush();
    emitReady(controller);
    expect(controller.getSnapshot()).toMatchObject({ phase: 'ready', error: null, renewals: 1 });
    expect(onFailure).not.toHaveBeenCalled();
  });

  it('hears of an absorbed session failure only when its renewal fails, coded as the renewal’s failure', async () => {
    let calls = 0;
    const { controller, onFailure } = readyEmbed({
      getSession: async () => {
        calls += 1;
        if (calls > 1) throw new Error('backend down');
        return nextSession();
      },
    });
    await whenLoaded(controller);
    fatal(controller, 'The session expired', 'SessionExpiredError');
    await vi.waitFor(() => expect(controller.getSnapshot().phase).toBe('error'));
    expect(onFailure).toHaveBeenCalledTimes(1);
    expect(onFailure).toHaveBeenCalledWith(expect.objectContaining({ code: 'SVC301', context: 'getSession' }));
  });

  it('hears nothing of a non-fatal SessionExpiredError (an action refused while the token was expired)', async () => {
    const { controller, onFailure } = readyEmbed();
    await whenLoaded(controller);
    emitEvent(controller, 'svc:event:error', { name: 'SessionExpiredError', message: 'Session expired', context: 'svc:action:refresh', fatal: false });
    expect(onFailure).not.toHaveBeenCalled();
    expect(controller.getSnapshot()).toMatchObject({ phase: 'ready', error: null });
  });

  it('hears nothing of a refused handover (the refused session is loaded instead)', async () => {
    const { controller, onFailure } = readyEmbed();
    await whenLoaded(controller);
    emitEvent(controller, 'svc:event:session-expiring', { expiresAt: Date.now() + 600_000 });
    controller.update({ getSession, onFailure, session: nextSession() });
    emitEvent(controller, 'svc:event:error', { name: 'SessionError', message: 'Another viewer', fatal: false });
    expect(controller.getSnapshot()).toMatchObject({ phase: 'loading', loads: 2 });
    expect(onFailure).not.toHaveBeenCalled();
  });

  it('hears any other non-fatal error coded SVC310, the embed left as it is', async () => {
    const { controller, onFailure } = readyEmbed();
    await whenLoaded(controller);
    const refused = { name: 'SessionError', message: 'Session refused', context: 'svc:action:set-session', fatal: false };
    const widget = { name: 'WidgetError', message: 'A widget failed', fatal: false };
    // A SessionError that answers no handover is the embed's to tell, like any other.
    emitEvent(controller, 'svc:event:error', refused);
    emitEvent(controller, 'svc:event:error', widget);
    expect(onFailure.mock.calls).toEqual([[{ ...refused, code: 'SVC310' }], [{ ...widget, code: 'SVC310' }]]);
    expect(controller.getSnapshot()).toMatchObject({ phase: 'ready', error: null, loads: 1 });
  });

  it('hears a fatal SessionExpiredError that nothing could renew (no getSession), coded SVC310', () => {
    const onFailure = vi.fn();
    const controller = make({ session: nextSession(), onFailure });
    emitReady(controller);
    fatal(controller, 'Session expired', 'SessionExpiredError');
    expect(onFailure.mock.calls).toEqual([[{ name: 'SessionExpiredError', message: 'Session expired', fatal: true, code: 'SVC310' }]]);
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
