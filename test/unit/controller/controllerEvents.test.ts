import { afterEach, describe, expect, it, vi } from 'vitest';
import { keepAlive } from '../../../src/keepAlive/index.js';
import { addHost, destroyControllers, flush, makeController, manualSessions, tenantOf, attachedController as attached } from '../support/controllers.js';
import { nextSession } from '../support/runtime.js';

/**
 * How the controller answers what happens around a load: the app turning a private embed into a signed one,
 * a getSession that answers after the embed is gone, sessions handed over in place, renewal events of an embed
 * that has no session to renew, and the page listeners an embed leaves behind.
 */

afterEach(() => {
  destroyControllers();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('a private embed given a session source', () => {
  it('hides the private document while the signed one is on its way, and calls off its pending reveal', async () => {
    const controller = attached({ revealTimeoutMs: 10 });
    // The private document loaded without a ready: its reveal is pending.
    controller.iframe?.dispatchEvent(new Event('load'));
    const { getSession } = manualSessions();
    controller.update({ getSession });
    expect(controller.getSnapshot()).toMatchObject({ phase: 'session', visible: false });
    // Its first signed load: getSession hears it as such.
    expect(getSession).toHaveBeenCalledWith(expect.objectContaining({ reason: 'initial' }));
    await sleep(60);
    expect(controller.getSnapshot().visible).toBe(false);
  });

  it('hides an embed shown at once while the signed document is on its way', () => {
    const controller = attached({ reveal: 'immediate' });
    expect(controller.getSnapshot().visible).toBe(true);
    controller.update({ getSession: manualSessions().getSession });
    expect(controller.getSnapshot()).toMatchObject({ phase: 'session', visible: false });
  });
});

describe('a retry', () => {
  it('clears the error while it waits for the new session', async () => {
    const { getSession, answers } = manualSessions();
    const controller = attached({ getSession });
    answers[0]?.reject(new Error('down'));
    await vi.waitFor(() => expect(controller.getSnapshot().phase).toBe('error'));
    controller.retry();
    expect(controller.getSnapshot()).toMatchObject({ phase: 'session', error: null });
  });

  it('while the failed request is still answering asks again and loads once: the late answer of the aborted request is dropped', async () => {
    const { getSession, answers } = manualSessions();
    const controller = attached({ getSession });
    // The app hands over a session that cannot be loaded while getSession is on its way: the embed fails.
    controller.update({ getSession, session: 'not a session id' });
    expect(controller.getSnapshot().phase).toBe('error');
    expect(answers[0]?.request.signal.aborted).toBe(true);
    controller.update({ getSession });
    controller.retry();
    // The retry never joins the aborted request: its answer could be for an older session.
    expect(getSession).toHaveBeenCalledTimes(2);
    // getSession ignores the abort signal and answers the first request anyway: that is not a load.
    answers[0]?.resolve(nextSession());
    await flush();
    expect(controller.getSnapshot()).toMatchObject({ phase: 'session', loads: 0 });
    const second = nextSession();
    answers[1]?.resolve(second);
    await flush();
    expect(controller.getSnapshot()).toMatchObject({ phase: 'loading', loads: 1 });
    expect(controller.iframe?.src).toContain(second);
  });

  it('loads its new session once when the failed document announces the end of its token meanwhile', async () => {
    const { getSession, answers } = manualSessions();
    const controller = attached({ getSession });
    answers[0]?.resolve(nextSession());
    await vi.waitFor(() => expect(controller.getSnapshot().phase).toBe('loading'));
    const failed = tenantOf(controller);
    failed.ready();
    failed.send('svc:event:error', { message: 'Chart query failed', name: 'QueryError', fatal: true });
    controller.retry();
    // The failed document is still the current one: its renewal joins the retry's request.
    failed.send('svc:event:session-expired');
    expect(getSession).toHaveBeenCalledTimes(2);
    const second = nextSession();
    answers[1]?.resolve(second);
    await flush();
    expect(controller.iframe?.src).toContain(second);
    const loaded = tenantOf(controller);
    loaded.ready();
    // The new document was loaded with that session: nothing is handed over to it.
    expect(loaded.handed()).toEqual([]);
    expect(controller.getSnapshot()).toMatchObject({ phase: 'ready', loads: 2 });
  });
});

describe('a session handed over in place while the embed fails', () => {
  it('is replaced at its handover deadline by the session the waiting retry asked for: one load, never the handed session', async () => {
    vi.useFakeTimers();
    const { getSession, answers } = manualSessions();
    const controller = attached({ getSession });
    answers[0]?.resolve(nextSession());
    await vi.advanceTimersByTimeAsync(1);
    const failing = tenantOf(controller);
    failing.ready();
    await vi.advanceTimersByTimeAsync(200);
    // The app's new session is handed over in place; before the embed answers, it fails.
    const offered = nextSession();
    controller.update({ getSession, session: offered });
    expect(failing.handed()).toEqual([offered]);
    failing.send('svc:event:error', { message: 'Chart query failed', name: 'QueryError', fatal: true });
    expect(controller.getSnapshot()).toMatchObject({ phase: 'error', visible: true });
    controller.retry();
    expect(getSession).toHaveBeenCalledTimes(2);
    // The handover goes unanswered. The document may have taken the handed session (it is used then): the
    // deadline wants a new one, and joins the retry's request for it.
    await vi.advanceTimersByTimeAsync(10_000);
    expect(getSession).toHaveBeenCalledTimes(2);
    expect(controller.getSnapshot()).toMatchObject({ phase: 'session', loads: 1 });
    const renewed = nextSession();
    answers[1]?.resolve(renewed);
    await vi.advanceTimersByTimeAsync(1);
    expect(controller.getSnapshot()).toMatchObject({ phase: 'loading', loads: 2 });
    expect(controller.iframe?.src).toContain(renewed);
    expect(controller.iframe?.src).not.toContain(offered);
  });
});

describe('a getSession that answers after the embed is gone', () => {
  it('fails nothing: the embed stays destroyed and the app hears no failure', async () => {
    const { getSession, answers } = manualSessions();
    const onFailure = vi.fn();
    const controller = attached({ getSession, onFailure });
    controller.destroy();
    answers[0]?.reject(new Error('down'));
    await flush();
    expect(controller.getSnapshot().phase).toBe('destroyed');
    expect(onFailure).not.toHaveBeenCalled();
  });
});

describe('sessions handed over in place', () => {
  it('are known to the page: a session the app passes again after another one is not handed over twice', () => {
    const controller = attached({ session: nextSession() });
    const tenant = tenantOf(controller);
    tenant.ready();
    const [first, second] = [nextSession(), nextSession()];
    controller.update({ session: first });
    tenant.ready();
    controller.update({ session: second });
    tenant.ready();
    controller.update({ session: first });
    expect(tenant.handed()).toEqual([first, second]);
  });
});

describe('renewal events of an embed loaded without a session', () => {
  it('renew nothing: a private embed neither reloads nor asks for a session', async () => {
    const controller = attached();
    const tenant = tenantOf(controller);
    tenant.ready();
    controller.update({ getSession: undefined });
    tenant.send('svc:event:session-expiring', { expiresAt: Date.now() + 10 });
    tenant.send('svc:event:session-expired');
    await sleep(30);
    expect(controller.getSnapshot()).toMatchObject({ phase: 'ready', loads: 1, renewals: 0 });
  });
});

describe('a renewal by reload', () => {
  it('is not undone by the same commit attaching the embed again (StrictMode)', async () => {
    const controller = attached({ getSession: async () => nextSession() });
    await vi.waitFor(() => expect(controller.getSnapshot().phase).toBe('loading'));
    const tenant = tenantOf(controller);
    // A fatal failure before the first ready: renewed by loading a new session.
    tenant.send('svc:event:error', { message: 'Something broke', fatal: true });
    await vi.waitFor(() => expect(controller.getSnapshot()).toMatchObject({ phase: 'loading', loads: 2 }));
    const host = controller.iframe?.parentElement as HTMLElement;
    controller.attach(host)();
    controller.attach(host);
    await flush();
    expect(controller.getSnapshot()).toMatchObject({ phase: 'loading', loads: 2 });
  });
});

describe('the page listeners of an embed', () => {
  it('are all removed when it is destroyed, however often it was parked and shown', () => {
    const added = vi.spyOn(window, 'addEventListener');
    const removed = vi.spyOn(window, 'removeEventListener');
    const count = (spy: typeof added) => spy.mock.calls.filter(([type]) => type === 'pageshow').length;
    const controller = makeController({ keepAlive });
    controller.attach(addHost());
    controller.park();
    controller.attach(addHost());
    controller.destroy();
    expect(count(added)).toBeGreaterThan(0);
    expect(count(removed)).toBe(count(added));
  });
});
