import { afterEach, describe, expect, it, vi } from 'vitest';
import type { EmbedController, SessionRequest } from '../../../src/controller/index.js';
import { addHost as host, destroyControllers, flush, makeController as make } from '../support/controllers.js';
import { deliver, eventEnvelope, readyPayload, TENANT } from '../support/frames.js';

afterEach(() => {
  destroyControllers();
  vi.useRealTimers();
});

let counter = 0;
const fresh = (): string => `ipr-${++counter}-${Math.random().toString(36).slice(2)}`;

/** The embed's window, recording what the host posts to it. */
function tenantOf(controller: EmbedController) {
  const win = controller.iframe?.contentWindow as Window;
  const posted = vi.spyOn(win, 'postMessage').mockImplementation(() => {});
  const send = (type: string, payload: Record<string, unknown> = {}) => deliver(eventEnvelope(type, payload), TENANT, win);
  const actions = () => posted.mock.calls.map(([message]) => message as { type: string; payload: Record<string, unknown> });
  return { win, send, actions, ready: () => send('svc:event:ready', readyPayload()) };
}

async function readyEmbed(options: Parameters<typeof make>[0] = {}) {
  const requests: SessionRequest[] = [];
  const getSession = vi.fn(async (request: SessionRequest) => {
    requests.push(request);
    return fresh();
  });
  const controller = make({ getSession, colorScheme: 'dark', ...options });
  controller.attach(host());
  await vi.waitFor(() => expect(controller.iframe).not.toBeNull());
  const tenant = tenantOf(controller);
  tenant.ready();
  return { controller, tenant, getSession, requests };
}

describe('renewal in place', () => {
  it('hands a new session to the same document on session-expired: no reload, nothing re-applied, stays shown', async () => {
    const { controller, tenant, requests } = await readyEmbed();
    await vi.waitFor(() => expect(controller.getSnapshot().visible).toBe(true));
    const frame = controller.iframe;
    const before = tenant.actions().length;
    tenant.send('svc:event:session-expired');
    expect(controller.getSnapshot()).toMatchObject({ phase: 'renewing', visible: true, renewals: 1 });
    await flush();
    const handed = tenant.actions().slice(before);
    expect(handed).toEqual([expect.objectContaining({ type: 'svc:action:set-session', payload: { sessionId: expect.any(String) } })]);
    expect(requests.at(-1)).toMatchObject({ reason: 'renewal' });
    // The embed kept its token's document: ready again, and the host sends nothing more.
    tenant.send('svc:event:error', { name: 'SessionExpiredError', message: 'Session expired', fatal: true });
    tenant.ready();
    expect(tenant.actions().slice(before)).toHaveLength(1);
    expect(controller.iframe).toBe(frame);
    expect(controller.getSnapshot()).toMatchObject({ phase: 'ready', visible: true, loads: 1, renewals: 1, error: null });
  });

  it('sends again, after the renewal, what the embed refused while its token was expired', async () => {
    const { controller, tenant, getSession } = await readyEmbed();
    tenant.send('svc:event:session-expired');
    // The app switches to light while the token is expired: the embed refuses the action.
    controller.update({ getSession, colorScheme: 'light' });
    tenant.send('svc:event:error', { name: 'SessionExpiredError', message: 'Session expired', context: 'svc:action:set-color-scheme', fatal: false });
    await flush();
    const before = tenant.actions().length;
    tenant.ready();
    expect(tenant.actions().slice(before)).toEqual([expect.objectContaining({ type: 'svc:action:set-color-scheme', payload: { scheme: 'light' } })]);
    expect(controller.getSnapshot()).toMatchObject({ phase: 'ready', loads: 1 });
  });

  it('renews ahead of the announced expiry and tells getSession when the token ends', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0);
    const { controller, tenant, requests } = await readyEmbed();
    const expiresAt = Date.now() + 5_000;
    tenant.send('svc:event:session-expiring', { expiresAt });
    await vi.waitFor(() => expect(requests).toHaveLength(2));
    expect(requests[1]).toMatchObject({ reason: 'renewal', expiresAt });
    await flush();
    expect(tenant.actions().at(-1)?.type).toBe('svc:action:set-session');
    tenant.ready();
    expect(controller.getSnapshot()).toMatchObject({ phase: 'ready', loads: 1, renewals: 1 });
  });

  it('loads the new session when the embed refuses it in place (it stays hidden while replaced)', async () => {
    const { controller, tenant } = await readyEmbed();
    await vi.waitFor(() => expect(controller.getSnapshot().visible).toBe(true));
    const old = controller.iframe as HTMLIFrameElement;
    tenant.send('svc:event:session-expired');
    await flush();
    const handed = tenant.actions().at(-1)?.payload.sessionId as string;
    tenant.send('svc:event:error', { name: 'SessionError', message: 'Session refused', fatal: false });
    expect(controller.iframe).not.toBe(old);
    expect(controller.iframe?.src).toContain(`session=${handed}`);
    expect(controller.getSnapshot()).toMatchObject({ phase: 'loading', visible: false, loads: 2 });
  });

  it('loads the handed session when the embed does not answer within 10 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { controller, tenant } = await readyEmbed();
    tenant.send('svc:event:session-expired');
    await vi.advanceTimersByTimeAsync(0);
    const handed = tenant.actions().at(-1)?.payload.sessionId as string;
    await vi.advanceTimersByTimeAsync(9_000);
    expect(controller.getSnapshot().loads).toBe(1);
    await vi.advanceTimersByTimeAsync(1_100);
    expect(controller.getSnapshot().loads).toBe(2);
    expect(controller.iframe?.src).toContain(`session=${handed}`);
  });

  it('gives a document that reloaded itself after a handover every controlled value, and loads the handed session at the deadline', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const getSession = vi.fn(async () => fresh());
    const controller = make({ getSession, colorScheme: 'dark', locale: 'de-DE' });
    controller.attach(host());
    await vi.waitFor(() => expect(controller.iframe).not.toBeNull());
    const tenant = tenantOf(controller);
    const frame = controller.iframe as HTMLIFrameElement;
    frame.dispatchEvent(new Event('load'));
    tenant.ready();
    tenant.send('svc:event:session-expired');
    await vi.advanceTimersByTimeAsync(0);
    const handed = tenant.actions().at(-1);
    expect(handed?.type).toBe('svc:action:set-session');
    // The tenant answers the handover by reloading itself: a new document, which never saw the handover and
    // lost what the app had sent. Its ready is no answer: it gets every controlled value.
    frame.dispatchEvent(new Event('load'));
    const before = tenant.actions().length;
    tenant.ready();
    expect(tenant.actions().slice(before).map((action) => action.type)).toEqual(['svc:action:set-color-scheme', 'svc:action:set-locale']);
    expect(controller.getSnapshot().loads).toBe(1);
    // The handover stays unanswered: at its deadline the handed session is loaded, so the embed ends on it.
    await vi.advanceTimersByTimeAsync(10_100);
    expect(controller.getSnapshot().loads).toBe(2);
    expect(controller.iframe?.src).toContain(`session=${handed?.payload.sessionId as string}`);
  });

  it('by reload hides the iframe being replaced, so its clicks reach nothing under the loading layer', async () => {
    let answer: (id: string) => void = () => {};
    const getSession = vi.fn(({ reason }: SessionRequest) => (reason === 'initial' ? Promise.resolve(fresh()) : new Promise<string>((resolve) => (answer = resolve))));
    const controller = make({ getSession });
    controller.attach(host());
    await vi.waitFor(() => expect(controller.iframe).not.toBeNull());
    const tenant = tenantOf(controller);
    tenant.ready();
    await vi.waitFor(() => expect(controller.getSnapshot().visible).toBe(true));
    const old = controller.iframe as HTMLIFrameElement;
    tenant.send('svc:event:error', { message: 'Token expired', fatal: true });
    expect(controller.getSnapshot()).toMatchObject({ phase: 'renewing', visible: false });
    expect(old.style.pointerEvents).toBe('none');
    expect(old.getAttribute('aria-hidden')).toBe('true');
    answer(fresh());
    await vi.waitFor(() => expect(controller.iframe).not.toBe(old));
  });
});

describe('a session is a credential, not identity', () => {
  it('offers a new session prop to the live embed in place; accepted, nothing reloads', async () => {
    const session = fresh();
    const { controller, tenant } = await readyEmbed({ session, getSession: undefined });
    const frame = controller.iframe;
    const next = fresh();
    controller.update({ session: next, colorScheme: 'dark' });
    expect(tenant.actions().at(-1)).toMatchObject({ type: 'svc:action:set-session', payload: { sessionId: next } });
    tenant.ready();
    expect(controller.iframe).toBe(frame);
    expect(controller.getSnapshot()).toMatchObject({ phase: 'ready', loads: 1, renewals: 0 });
    // The same prop again (a re-render) sends nothing.
    controller.update({ session: next, colorScheme: 'dark' });
    expect(tenant.actions().filter((action) => action.type === 'svc:action:set-session')).toHaveLength(1);
  });

  it("loads another viewer's session that the embed refuses: the new viewer, never the old", async () => {
    const { controller, tenant } = await readyEmbed({ session: fresh(), getSession: undefined });
    const next = fresh();
    controller.update({ session: next });
    tenant.send('svc:event:error', { name: 'SessionError', message: 'Session belongs to another user', fatal: false });
    expect(controller.iframe?.src).toBe(`${TENANT}/embed/dashboard/sales?session=${next}`);
    expect(controller.getSnapshot()).toMatchObject({ phase: 'loading', visible: false, loads: 2 });
  });

  it('loads a new session prop that arrives while loading at once: the load under way (the old viewer) is replaced', () => {
    const first = fresh();
    const controller = make({ session: first });
    controller.attach(host());
    const old = tenantOf(controller);
    const next = fresh();
    controller.update({ session: next });
    expect(controller.iframe?.src).toBe(`${TENANT}/embed/dashboard/sales?session=${next}`);
    expect(controller.getSnapshot()).toMatchObject({ phase: 'loading', loads: 2 });
    // The replaced document's ready is not this load's: nothing is handed to it, the embed stays loading.
    old.ready();
    expect(old.actions()).toEqual([]);
    expect(controller.getSnapshot().phase).toBe('loading');
    const tenant = tenantOf(controller);
    tenant.ready();
    expect(tenant.actions().some((action) => action.type === 'svc:action:set-session')).toBe(false);
    expect(controller.getSnapshot()).toMatchObject({ phase: 'ready', loads: 2 });
  });

  it('keeps a new session prop that arrives after a failure for the retry', () => {
    const controller = make({ session: fresh() });
    controller.attach(host());
    tenantOf(controller).send('svc:event:error', { message: 'Dashboard not found', name: 'NotFoundError', fatal: true });
    expect(controller.getSnapshot().phase).toBe('error');
    const next = fresh();
    controller.update({ session: next });
    expect(controller.getSnapshot()).toMatchObject({ phase: 'error', loads: 1 });
    controller.retry();
    expect(controller.iframe?.src).toBe(`${TENANT}/embed/dashboard/sales?session=${next}`);
    expect(controller.getSnapshot()).toMatchObject({ phase: 'loading', loads: 2 });
  });

  it('refuses an oversized session id into the error, never loading it', async () => {
    const onFailure = vi.fn();
    const controller = make({ session: 'x'.repeat(3_000_000), onFailure });
    controller.attach(host());
    expect(controller.iframe).toBeNull();
    expect(controller.getSnapshot()).toMatchObject({ phase: 'error', error: { name: 'SessionError', code: 'SVC303', message: expect.stringMatching(/^SVC303 the session option is not a usable session id/) } });
    expect(onFailure).toHaveBeenCalledTimes(1);
    const live = await readyEmbed({ session: fresh(), getSession: undefined, onFailure });
    live.controller.update({ session: 'has spaces in it' });
    expect(live.controller.getSnapshot()).toMatchObject({ phase: 'error', error: { code: 'SVC303' } });
    expect(live.tenant.actions().some((action) => action.type === 'svc:action:set-session')).toBe(false);
  });
});

describe('controlled values of a controller made without a UI binding', () => {
  it('sends its initial colour scheme, theme and path once ready, without any update()', async () => {
    const controller = make({ colorScheme: 'dark', theme: { primaryColor: '#123456' }, path: '/embed/dashboard/sales/tab/2' });
    controller.attach(host());
    const tenant = tenantOf(controller);
    tenant.ready();
    expect(tenant.actions().map((action) => action.type)).toEqual(['svc:action:set-color-scheme', 'svc:action:set-theme', 'svc:action:navigate']);
  });
});

describe('reveal of a document that reloads itself', () => {
  it('calls off the previous page\'s pending reveal: the new page is shown only after its own ready', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: false });
    const controller = make({ revealSettleMs: 150, revealTimeoutMs: 1500 });
    controller.attach(host());
    const tenant = tenantOf(controller);
    const frame = controller.iframe as HTMLIFrameElement;
    frame.dispatchEvent(new Event('load'));
    tenant.ready();
    // The page reloads itself right after its ready, before the reveal.
    frame.dispatchEvent(new Event('load'));
    await vi.advanceTimersByTimeAsync(1_000);
    expect(controller.getSnapshot().visible).toBe(false);
    tenant.ready();
    await vi.advanceTimersByTimeAsync(400);
    expect(controller.getSnapshot().visible).toBe(true);
  });
});
