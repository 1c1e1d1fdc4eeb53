import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EmbedController, SessionRequest } from '../../../src/controller/index.js';
import { keepAlive } from '../../../src/keepAlive/index.js';
import { getMessageRouterStats } from '../../../src/protocol/index.js';
import { destroyControllers, flush, makeController as make, manualSessions } from '../support/controllers.js';
import { deliver, deliverReady, eventEnvelope, TENANT } from '../support/frames.js';

import { nextSession, testRuntime } from '../support/runtime.js';

let host: HTMLDivElement;

beforeEach(() => {
  host = document.createElement('div');
  document.body.append(host);
});

afterEach(() => {
  destroyControllers();
  vi.useRealTimers();
});

/** The iframe's window, with a spy recording what the host posts to it. */
function windowOf(controller: EmbedController) {
  const iframe = controller.iframe;
  if (!iframe?.contentWindow) throw new Error('no iframe window');
  const posted = vi.spyOn(iframe.contentWindow, 'postMessage').mockImplementation(() => {});
  const types = () => posted.mock.calls.map(([message]) => (message as { type: string }).type);
  const payloads = () => posted.mock.calls.map(([message]) => (message as { payload: unknown }).payload);
  return { win: iframe.contentWindow, posted, types, payloads };
}

const send = (win: Window, type: string, payload: Record<string, unknown>) =>
  deliver(eventEnvelope(type, payload), TENANT, win);

/** An attached embed whose document said ready before the iframe's load event (a fast document can). */
function readyBeforeItsLoad() {
  const controller = make();
  controller.attach(host);
  const { win, types } = windowOf(controller);
  const iframe = controller.iframe as HTMLIFrameElement;
  deliverReady(win);
  iframe.dispatchEvent(new Event('load'));
  return { controller, win, types, iframe };
}

const revealed = (controller: EmbedController) =>
  vi.waitFor(() => expect(controller.getSnapshot().visible).toBe(true));

/** A `getSession` that hands out ids the test has not used and records each request. */
function sessionSource() {
  const requests: SessionRequest[] = [];
  const ids: string[] = [];
  const getSession = vi.fn(async (request: SessionRequest) => {
    requests.push(request);
    const id = nextSession();
    ids.push(id);
    return id;
  });
  return { getSession, requests, ids };
}

describe('creating and attaching', () => {
  it('does nothing until attached, then loads one hidden iframe in the host', () => {
    const controller = make({ filters: { 'orders.status': { value: 'open' } } });
    expect(controller.getSnapshot()).toMatchObject({ phase: 'idle', visible: false, loads: 0 });
    expect(controller.iframe).toBeNull();
    expect(getMessageRouterStats().routes).toBe(0);
    controller.attach(host);
    const iframe = host.querySelector('iframe');
    expect(iframe).toBe(controller.iframe);
    expect(iframe?.src).toBe(`${TENANT}/embed/dashboard/sales?f_orders.status=%7B%22value%22%3A%22open%22%7D`);
    expect(iframe?.style.opacity).toBe('0');
    expect(iframe?.tabIndex).toBe(-1);
    expect(iframe?.getAttribute('aria-hidden')).toBe('true');
    expect(controller.getSnapshot()).toMatchObject({ phase: 'loading', visible: false, loads: 1 });
    expect(testRuntime().registry.get(controller.bridge.embedId)).toBe(controller.bridge);
  });

  it('refuses a bad identity without throwing: once attached the embed fails, naming what is wrong, and asks for no session', () => {
    const onFailure = vi.fn();
    const getSession = vi.fn(async () => nextSession());
    const insecure = make({ tenantOrigin: 'http://acme.example.com', getSession, onFailure });
    // Creating reports nothing (it may be part of a render); attaching does, once, and loads nothing.
    expect(insecure.getSnapshot().phase).toBe('idle');
    insecure.attach(host);
    expect(insecure.getSnapshot()).toMatchObject({ phase: 'error', loads: 0, error: { code: 'SVC103', context: 'options', fatal: true, message: expect.stringMatching(/^SVC103 tenantOrigin must use https/) } });
    expect(onFailure).toHaveBeenCalledTimes(1);
    expect(onFailure).toHaveBeenCalledWith(insecure.getSnapshot().error);
    expect(insecure.bridge.store.getState()).toMatchObject({ status: 'error', lastError: insecure.getSnapshot().error });
    expect(getSession).not.toHaveBeenCalled();
    expect(insecure.iframe).toBeNull();
    // Its bridge is made for an origin no window has: it posts nowhere and hears nothing.
    expect(insecure.bridge.tenantOrigin).toBe('https://refused.invalid');
    // A retry refuses again, still without asking for a session: the same refusal, reported once.
    insecure.retry();
    expect(insecure.getSnapshot()).toMatchObject({ phase: 'error', error: { code: 'SVC103' } });
    expect(onFailure).toHaveBeenCalledTimes(1);
    expect(getSession).not.toHaveBeenCalled();
    const unsigned = make({ surface: 'app', publicId: undefined, deploymentId: 42 });
    unsigned.attach(document.body.appendChild(document.createElement('div')));
    expect(unsigned.getSnapshot().error?.message).toMatch(/session/);
  });

  it('refuses a bad maxQueuedActions without throwing: the embed fails with SVC142, named, and asks for no session', () => {
    const onFailure = vi.fn();
    const getSession = vi.fn(async () => nextSession());
    let controller: EmbedController | undefined;
    expect(() => {
      controller = make({ maxQueuedActions: 0, getSession, onFailure, subject: '<SvcDashboard>' });
    }).not.toThrow();
    controller?.attach(host);
    expect(controller?.getSnapshot()).toMatchObject({ phase: 'error', loads: 0, error: { code: 'SVC142', context: 'options', fatal: true } });
    expect(controller?.getSnapshot().error?.message).toMatch(/^SVC142 <SvcDashboard> maxQueuedActions must be a positive integer/);
    expect(onFailure).toHaveBeenCalledTimes(1);
    controller?.retry();
    expect(controller?.getSnapshot().phase).toBe('error');
    expect(getSession).not.toHaveBeenCalled();
    expect(host.querySelector('iframe')).toBeNull();
  });

  it('a controlled value the protocol refuses fails the embed, named, and its correction starts it again', async () => {
    const onFailure = vi.fn();
    const { getSession } = sessionSource();
    const controller = make({ colorScheme: 'sepia' as 'dark', getSession, onFailure, subject: '<SvcChat>' });
    expect(() => controller.attach(host)).not.toThrow();
    expect(controller.getSnapshot()).toMatchObject({ phase: 'error', loads: 0, error: { code: 'SVC141', context: 'props', name: 'TypeError', fatal: true } });
    expect(controller.getSnapshot().error?.message).toMatch(/^SVC141 <SvcChat> Invalid svc:action:set-color-scheme payload/);
    expect(getSession).not.toHaveBeenCalled();
    // Rendered again with the same value (or retried): still failed, reported once.
    controller.update({ colorScheme: 'sepia' as 'dark', getSession, onFailure });
    controller.retry();
    expect(onFailure).toHaveBeenCalledTimes(1);
    expect(getSession).not.toHaveBeenCalled();
    // Corrected: a new start, with the corrected value sent once ready.
    controller.update({ colorScheme: 'dark', getSession, onFailure });
    expect(controller.getSnapshot()).toMatchObject({ phase: 'session', error: null });
    await vi.waitFor(() => expect(controller.iframe).not.toBeNull());
    const posted = vi.spyOn(controller.iframe?.contentWindow as Window, 'postMessage');
    deliverReady(controller.iframe?.contentWindow as Window);
    expect(controller.getSnapshot().phase).toBe('ready');
    expect(posted.mock.calls.map(([message]) => message)).toEqual([expect.objectContaining({ type: 'svc:action:set-color-scheme', payload: { scheme: 'dark' } })]);
    // A value that goes bad later fails the ready embed too, and once corrected it starts again.
    controller.update({ colorScheme: 'dark', getSession, onFailure, theme: { primaryColor: 42 } as never });
    expect(controller.getSnapshot()).toMatchObject({ phase: 'error', error: { code: 'SVC141', context: 'props' } });
    expect(onFailure).toHaveBeenCalledTimes(2);
  });

  it('fail() puts the embed in its failed state with a coded error found by its binding, once, without throwing', () => {
    const onFailure = vi.fn();
    const controller = make({ onFailure, subject: '<SvcDashboard>' });
    const problem = Object.assign(new TypeError('SVC201 <SvcDashboard> prop "path": invalid value'), { code: 'SVC201' });
    controller.fail(problem);
    controller.attach(host);
    controller.fail(problem);
    expect(controller.getSnapshot()).toMatchObject({ phase: 'error', loads: 0, error: { code: 'SVC201', context: 'props', message: problem.message } });
    expect(onFailure).toHaveBeenCalledTimes(1);
    expect(host.querySelector('iframe')).toBeNull();
    // The binding found no problem in the next render: the update starts the embed.
    controller.update({});
    expect(controller.getSnapshot()).toMatchObject({ phase: 'loading', error: null, loads: 1 });
  });

  it('an embed refused for want of a session source loads once the app gives it one', async () => {
    const unsigned = make({ surface: 'app', publicId: undefined, deploymentId: 42 });
    unsigned.attach(host);
    expect(unsigned.getSnapshot().phase).toBe('error');
    const session = nextSession();
    unsigned.update({ session });
    expect(unsigned.getSnapshot()).toMatchObject({ phase: 'loading', loads: 1, error: null });
    expect(unsigned.iframe?.src).toBe(`${TENANT}/embed/d/42/app?session=${session}`);
  });

  it('survives a detach and attach in one go (StrictMode) with one load, and tears down after a real detach', async () => {
    const { getSession } = sessionSource();
    const controller = make({ getSession });
    const detach = controller.attach(host);
    detach();
    controller.attach(host)();
    const detachAgain = controller.attach(host);
    await flush();
    expect(getSession).toHaveBeenCalledTimes(1);
    expect(host.querySelectorAll('iframe')).toHaveLength(1);
    detachAgain();
    // Leaves the page's listener and registry at once...
    expect(getMessageRouterStats()).toEqual({ routes: 0, listening: false });
    await flush();
    // ...and everything else a microtask later.
    expect(controller.getSnapshot().phase).toBe('destroyed');
    expect(host.querySelector('iframe')).toBeNull();
  });
});

describe('reveal', () => {
  it('shows the iframe after ready, once the initial colour scheme and theme went out', async () => {
    const controller = make({ colorScheme: 'dark', theme: { primaryColor: '#f00' } });
    controller.attach(host);
    controller.update({ colorScheme: 'dark', theme: { primaryColor: '#f00' } });
    const { win, types } = windowOf(controller);
    expect(types()).toEqual([]);
    deliverReady(win);
    // Flushed in the task that handled ready, before the iframe becomes visible.
    expect(types()).toEqual(['svc:action:set-color-scheme', 'svc:action:set-theme']);
    expect(controller.getSnapshot()).toMatchObject({ phase: 'ready', visible: false });
    await revealed(controller);
    expect(controller.iframe?.style.opacity).toBe('');
    expect(controller.iframe?.hasAttribute('tabindex')).toBe(false);
    expect(controller.iframe?.hasAttribute('aria-hidden')).toBe(false);
  });

  it('shows an iframe that loaded but sent no ready (a sign-in page) after revealTimeoutMs', () => {
    vi.useFakeTimers();
    const controller = make({ revealTimeoutMs: 800 });
    controller.attach(host);
    controller.iframe?.dispatchEvent(new Event('load'));
    vi.advanceTimersByTime(799);
    expect(controller.getSnapshot().visible).toBe(false);
    vi.advanceTimersByTime(1);
    expect(controller.getSnapshot().visible).toBe(true);
  });

  it('shows the iframe at once with reveal "immediate"', () => {
    const controller = make({ reveal: 'immediate' });
    controller.attach(host);
    expect(controller.getSnapshot().visible).toBe(true);
    expect(controller.iframe?.style.opacity).toBe('');
  });
});

describe('sessions', () => {
  it('uses a session prop once per page; a second embed with it and no getSession fails with a pointer to getSession', () => {
    const session = nextSession();
    const first = make({ session });
    first.attach(host);
    expect(first.iframe?.src).toBe(`${TENANT}/embed/dashboard/sales?session=${session}`);
    const onFailure = vi.fn();
    const second = make({ session, onFailure });
    second.attach(host);
    expect(second.iframe).toBeNull();
    expect(second.getSnapshot().phase).toBe('error');
    expect(second.getSnapshot().error).toEqual({
      name: 'SessionError',
      context: 'session',
      fatal: true,
      message: expect.stringMatching(
        /^SVC305 This embed session was already loaded on this page, and sessions are single-use\. Pass getSession \(on the component or on <SvcProvider>\) so each load gets a new session\./,
      ),
      code: 'SVC305',
    });
    // The failure reaches the app (onError) and the store (useSvcEmbed), and never echoes the session id.
    expect(onFailure).toHaveBeenCalledWith(second.getSnapshot().error);
    expect(second.bridge.store.getState()).toMatchObject({ status: 'error' });
    expect(JSON.stringify(second.getSnapshot().error)).not.toContain(session);
  });

  it('fetches a new session through getSession when the session prop was already loaded', async () => {
    const session = nextSession();
    make({ session }).attach(host);
    const { getSession, requests, ids } = sessionSource();
    const controller = make({ session, getSession, embedId: 'second' });
    controller.attach(document.body.appendChild(document.createElement('div')));
    expect(controller.getSnapshot().phase).toBe('session');
    await vi.waitFor(() => expect(controller.iframe).not.toBeNull());
    expect(requests).toEqual([
      expect.objectContaining({ surface: 'dashboard', embedId: 'second', publicId: 'sales', reason: 'initial' }),
    ]);
    expect(controller.iframe?.src).toBe(`${TENANT}/embed/dashboard/sales?session=${ids[0]}`);
  });

  it('calls getSession with the identity and an abort signal that fires when the embed is torn down', async () => {
    let request: SessionRequest | undefined;
    const controller = make({
      surface: 'app',
      publicId: undefined,
      deploymentId: 42,
      getSession: (r) => {
        request = r;
        return new Promise(() => {});
      },
    });
    const detach = controller.attach(host);
    expect(request).toMatchObject({ surface: 'app', deploymentId: 42, reason: 'initial' });
    expect(request?.signal.aborted).toBe(false);
    detach();
    await flush();
    expect(request?.signal.aborted).toBe(true);
    expect(host.querySelector('iframe')).toBeNull();
  });

  it('reports a rejected getSession as an error with a retry that fetches again', async () => {
    let calls = 0;
    const getSession = vi.fn(async () => {
      calls += 1;
      if (calls === 1) throw new Error('backend down');
      return nextSession();
    });
    const onFailure = vi.fn();
    const controller = make({ getSession, onFailure });
    controller.attach(host);
    await vi.waitFor(() => expect(controller.getSnapshot().phase).toBe('error'));
    expect(controller.getSnapshot().error).toMatchObject({ name: 'SessionError', context: 'getSession', message: expect.stringMatching(/^SVC301 getSession failed: backend down/), code: 'SVC301' });
    expect(onFailure).toHaveBeenCalledTimes(1);
    controller.retry();
    await vi.waitFor(() => expect(controller.getSnapshot().phase).toBe('loading'));
    expect(getSession).toHaveBeenLastCalledWith(expect.objectContaining({ reason: 'retry' }));
    expect(controller.bridge.store.getState()).toMatchObject({ status: 'loading', lastError: null });
  });

  it('refuses a session id getSession returns twice, and an empty one', async () => {
    const reused = nextSession();
    const first = make({ getSession: async () => reused });
    first.attach(host);
    await vi.waitFor(() => expect(first.iframe).not.toBeNull());
    const second = make({ getSession: async () => reused });
    second.attach(document.body.appendChild(document.createElement('div')));
    await vi.waitFor(() => expect(second.getSnapshot().phase).toBe('error'));
    expect(second.iframe).toBeNull();
    const third = make({ getSession: async () => '' });
    third.attach(document.body.appendChild(document.createElement('div')));
    await vi.waitFor(() => expect(third.getSnapshot().error?.message).toMatch(/did not return a session id/));
  });
});

describe('renewal', () => {
  it('renews a failed session: new session, new iframe, values re-applied, back to the last path', async () => {
    const { getSession, requests, ids } = sessionSource();
    const controller = make({ getSession, colorScheme: 'dark' });
    controller.attach(host);
    controller.update({ getSession, colorScheme: 'dark' });
    await vi.waitFor(() => expect(controller.iframe).not.toBeNull());
    const first = windowOf(controller);
    const firstFrame = controller.iframe;
    deliverReady(first.win);
    send(first.win, 'svc:event:view', { surface: 'dashboard', path: '/embed/dashboard/sales/tab/2' });
    await revealed(controller);
    send(first.win, 'svc:event:error', { message: 'The session expired', name: 'SessionExpiredError', fatal: true });
    expect(controller.getSnapshot()).toMatchObject({ phase: 'renewing', visible: false, renewals: 1 });
    expect(controller.bridge.store.getState().status).toBe('loading');
    await vi.waitFor(() => expect(controller.iframe).not.toBe(firstFrame));
    expect(requests.map((r) => r.reason)).toEqual(['initial', 'renewal']);
    expect(firstFrame?.isConnected).toBe(false);
    expect(host.querySelectorAll('iframe')).toHaveLength(1);
    expect(controller.iframe?.src).toBe(`${TENANT}/embed/dashboard/sales?session=${ids[1]}`);
    const second = windowOf(controller);
    // Nothing goes to the new document before its ready.
    controller.bridge.send('svc:action:refresh');
    expect(second.types()).toEqual([]);
    deliverReady(second.win);
    expect(second.types()).toEqual(['svc:action:refresh', 'svc:action:set-color-scheme', 'svc:action:navigate']);
    expect(second.payloads()[2]).toEqual({ path: '/embed/dashboard/sales/tab/2' });
    await revealed(controller);
  });

  it('renews at most 3 times within a minute whatever readies come between, then shows the error and stays quiet', async () => {
    const { getSession } = sessionSource();
    const onFailure = vi.fn();
    const controller = make({ getSession, onFailure, keepAlive });
    controller.attach(host);
    await vi.waitFor(() => expect(controller.iframe).not.toBeNull());
    // A tenant that answers every load with ready and then a fatal session error.
    for (let renewal = 1; renewal <= 3; renewal++) {
      const { win } = windowOf(controller);
      deliverReady(win);
      send(win, 'svc:event:error', { message: 'token expired', fatal: true });
      expect(controller.getSnapshot()).toMatchObject({ phase: 'renewing', renewals: renewal });
      await vi.waitFor(() => expect(controller.getSnapshot().phase).toBe('loading'));
    }
    const { win } = windowOf(controller);
    deliverReady(win);
    send(win, 'svc:event:error', { message: 'token expired', fatal: true });
    expect(controller.getSnapshot()).toMatchObject({ phase: 'error', renewals: 3, error: { context: 'renewal' } });
    expect(onFailure).toHaveBeenCalledTimes(1);
    // Parked, the embed asks for nothing more, whatever its tenant says.
    controller.park();
    send(win, 'svc:event:session-expired', {});
    send(win, 'svc:event:error', { message: 'token expired', fatal: true });
    await flush();
    expect(getSession).toHaveBeenCalledTimes(4);
    expect(controller.getSnapshot()).toMatchObject({ phase: 'error', renewals: 3 });
  });

  it('joins concurrent triggers into the renewal in flight and never aborts it', async () => {
    const { getSession, answers, resolve } = manualSessions();
    const controller = make({ getSession });
    controller.attach(host);
    resolve(nextSession());
    await vi.waitFor(() => expect(controller.iframe).not.toBeNull());
    const { win } = windowOf(controller);
    deliverReady(win);
    // Two fatal session errors 30 ms apart, then the tab comes back: one renewal, one request.
    send(win, 'svc:event:error', { message: 'token expired', fatal: true });
    await new Promise((resolve) => setTimeout(resolve, 30));
    send(win, 'svc:event:error', { message: 'token expired', fatal: true });
    window.dispatchEvent(new Event('online'));
    expect(getSession).toHaveBeenCalledTimes(2);
    expect(answers.map(({ request }) => request.reason)).toEqual(['initial', 'renewal']);
    expect(answers.every(({ request }) => !request.signal.aborted)).toBe(true);
    resolve(nextSession());
    await vi.waitFor(() => expect(controller.getSnapshot().phase).toBe('loading'));
    expect(controller.getSnapshot()).toMatchObject({ renewals: 1, loads: 2 });
  });

  it('does not renew a non-session error, a non-fatal one, or a private-mode embed', async () => {
    const { getSession } = sessionSource();
    const signed = make({ getSession });
    signed.attach(host);
    await vi.waitFor(() => expect(signed.iframe).not.toBeNull());
    const { win } = windowOf(signed);
    deliverReady(win);
    send(win, 'svc:event:error', { message: 'token expired', fatal: false });
    expect(signed.getSnapshot().phase).toBe('ready');
    send(win, 'svc:event:error', { message: 'Chart query failed', name: 'QueryError', fatal: true });
    expect(signed.getSnapshot()).toMatchObject({ phase: 'error', renewals: 0 });
    const open = make({ embedId: 'private' });
    open.attach(document.body.appendChild(document.createElement('div')));
    send(windowOf(open).win, 'svc:event:error', { message: 'Session expired', fatal: true });
    expect(open.getSnapshot()).toMatchObject({ phase: 'error', renewals: 0 });
    expect(getSession).toHaveBeenCalledTimes(1);
  });
});

describe('an iframe that reloads itself', () => {
  it('holds actions until the new document is ready, then re-applies the controlled values', () => {
    const controller = make({ locale: 'de-DE', colorScheme: 'dark' });
    controller.attach(host);
    controller.update({ locale: 'de-DE', colorScheme: 'dark' });
    const { win, types } = windowOf(controller);
    const iframe = controller.iframe as HTMLIFrameElement;
    iframe.dispatchEvent(new Event('load'));
    deliverReady(win);
    expect(types()).toEqual(['svc:action:set-color-scheme']);
    // The embed reloads its document: a second load event.
    iframe.dispatchEvent(new Event('load'));
    controller.bridge.send('svc:action:refresh');
    expect(types()).toEqual(['svc:action:set-color-scheme']);
    deliverReady(win);
    expect(types()).toEqual([
      'svc:action:set-color-scheme',
      'svc:action:refresh',
      'svc:action:set-color-scheme',
      'svc:action:set-locale',
    ]);
  });

  it('keeps an embed that sends ready before its load event ready across that load event', () => {
    const { controller, win, types, iframe } = readyBeforeItsLoad();
    controller.bridge.send('svc:action:refresh');
    expect(types()).toEqual(['svc:action:refresh']);
    // Its reload: ready first, then load; the ready belongs to the new document.
    deliverReady(win);
    iframe.dispatchEvent(new Event('load'));
    controller.bridge.send('svc:action:refresh');
    expect(types()).toEqual(['svc:action:refresh', 'svc:action:refresh']);
  });

  it('after a reload goes to the controlled path, not to the last path the embed reported', () => {
    const controller = make({ path: '/embed/dashboard/sales/tab/1' });
    controller.attach(host);
    controller.update({ path: '/embed/dashboard/sales/tab/1' });
    const { win, types, payloads } = windowOf(controller);
    const iframe = controller.iframe as HTMLIFrameElement;
    iframe.dispatchEvent(new Event('load'));
    deliverReady(win);
    send(win, 'svc:event:navigate', { path: '/embed/dashboard/sales/tab/3' });
    iframe.dispatchEvent(new Event('load'));
    deliverReady(win);
    expect(types()).toEqual(['svc:action:navigate', 'svc:action:navigate']);
    expect(payloads()).toEqual([{ path: '/embed/dashboard/sales/tab/1' }, { path: '/embed/dashboard/sales/tab/1' }]);
  });

  it('holds actions again when such an embed reloads and its new document has not sent ready yet', () => {
    const { controller, win, types, iframe } = readyBeforeItsLoad();
    // A reload whose document has not said ready: a load event with no ready since the last one.
    iframe.dispatchEvent(new Event('load'));
    controller.bridge.send('svc:action:refresh');
    expect(types()).toEqual([]);
    deliverReady(win);
    expect(types()).toEqual(['svc:action:refresh']);
  });
});

describe('debug reports', () => {
  it('reads nothing of a dropped foreign message unless the app has an onDebug', () => {
    const controller = make();
    controller.attach(host);
    const foreign = document.body.appendChild(document.createElement('iframe')).contentWindow as Window;
    const data = vi.fn(() => ({ source: 'svc-embed' }));
    const dispatchForeign = () => {
      const event = new MessageEvent('message', { origin: 'https://evil.example', source: foreign });
      Object.defineProperty(event, 'data', { get: data });
      window.dispatchEvent(event);
    };
    dispatchForeign();
    expect(data).not.toHaveBeenCalled();
    const onDebug = vi.fn();
    controller.update({ onDebug });
    dispatchForeign();
    expect(data).toHaveBeenCalled();
    expect(onDebug).toHaveBeenCalledWith(expect.objectContaining({ reason: 'wrong-origin' }));
    controller.update({});
    data.mockClear();
    dispatchForeign();
    expect(data).not.toHaveBeenCalled();
  });
});

describe('keep-alive', () => {
  it('a parked embed keeps its iframe, bridge and sent values; shown again, it sends only what changed', async () => {
    const controller = make({ keepAlive, colorScheme: 'dark', locale: 'de-DE' });
    controller.attach(host);
    controller.update({ colorScheme: 'dark', locale: 'de-DE' });
    const { win, types, payloads } = windowOf(controller);
    deliverReady(win);
    expect(types()).toEqual(['svc:action:set-color-scheme']);
    const iframe = controller.iframe;
    controller.park();
    expect(controller.getSnapshot()).toMatchObject({ parked: true, phase: 'ready' });
    expect(controller.bridge.isConnected).toBe(true);
    // Events while parked still reach the store.
    send(win, 'svc:event:view', { surface: 'dashboard', path: '/embed/dashboard/sales/2' });
    expect(controller.bridge.store.getState().path).toBe('/embed/dashboard/sales/2');
    const next = document.body.appendChild(document.createElement('div'));
    controller.attach(next);
    controller.update({ colorScheme: 'dark', locale: 'fr-FR' });
    expect(controller.iframe).toBe(iframe);
    expect(controller.getSnapshot()).toMatchObject({ parked: false, loads: 1 });
    expect(types()).toEqual(['svc:action:set-color-scheme', 'svc:action:set-locale']);
    expect(payloads()[1]).toEqual({ locale: 'fr-FR' });
  });

  it('a controller parked before it was ever shown starts loading (a preload)', () => {
    const controller = make({ keepAlive });
    controller.park();
    expect(controller.getSnapshot()).toMatchObject({ parked: true, phase: 'loading', loads: 1 });
    expect(controller.iframe?.isConnected).toBe(true);
    expect(host.contains(controller.iframe)).toBe(false);
  });
});
