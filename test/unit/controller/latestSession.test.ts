import { afterEach, describe, expect, it, vi } from 'vitest';
import { addHost as host, destroyControllers, flush, makeController as make, manualSessions, tenantOf as documentOf } from '../support/controllers.js';
import { TENANT } from '../support/frames.js';

/**
 * The latest session always wins: whatever is on its way when the app passes another viewer's session (a
 * renewal's getSession, a handover, a load before ready), the embed ends on the latest session, and the answer
 * of a request it superseded is never handed over or loaded. An embed left on the older viewer would show one
 * customer's data to another.
 */

afterEach(() => {
  destroyControllers();
  vi.useRealTimers();
});

let counter = 0;
const viewer = (name: string): string => `${name}-${++counter}-${Math.random().toString(36).slice(2)}`;

/** Every session this test saw loaded into an iframe, in order. */
function loadedSessions(): string[] {
  return [...document.querySelectorAll('iframe')].map((frame) => new URL(frame.src).searchParams.get('session') ?? '');
}

/** A ready embed of viewer A on `getSession`'s first answer; later requests wait for the test. */
async function readyEmbed() {
  const sessions = manualSessions();
  const controller = make({ getSession: sessions.getSession });
  controller.attach(host());
  const a = viewer('a');
  sessions.answers[0]?.resolve(a);
  await flush();
  const tenant = documentOf(controller);
  tenant.ready();
  expect(controller.getSnapshot()).toMatchObject({ phase: 'ready', loads: 1 });
  return { controller, tenant, sessions, a };
}

describe('the latest session always wins', () => {
  it("a session prop during an in-place renewal's getSession: the prop's session loads; the renewal's never goes anywhere", async () => {
    const { controller, tenant, sessions } = await readyEmbed();
    tenant.send('svc:event:session-expired');
    expect(controller.getSnapshot().phase).toBe('renewing');
    expect(sessions.answers).toHaveLength(2);
    const renewalRequest = sessions.answers[1];
    // The app switches to viewer B while the renewal's getSession (for A) is still running.
    const b = viewer('b');
    controller.update({ getSession: sessions.getSession, session: b });
    expect(renewalRequest?.request.signal.aborted).toBe(true);
    expect(controller.iframe?.src).toBe(`${TENANT}/embed/dashboard/sales?session=${b}`);
    // The renewal's getSession answers anyway, with a session for A: dropped.
    const late = viewer('a-renewed');
    renewalRequest?.resolve(late);
    await flush();
    expect(tenant.handed()).toEqual([]);
    const current = documentOf(controller);
    current.ready();
    await flush();
    expect(current.handed()).toEqual([]);
    expect(loadedSessions()).toEqual([b]);
    expect(controller.getSnapshot()).toMatchObject({ phase: 'ready', loads: 2, error: null });
    expect(sessions.getSession).toHaveBeenCalledTimes(2);
  });

  it('a session prop during a renewal by reload: the prop loads, the renewal answer is dropped', async () => {
    const { controller, tenant, sessions } = await readyEmbed();
    // A fatal session failure of a document that never spoke of its token: renewed by reloading.
    tenant.send('svc:event:error', { message: 'Token expired', fatal: true });
    expect(controller.getSnapshot()).toMatchObject({ phase: 'renewing', visible: false });
    const b = viewer('b');
    controller.update({ getSession: sessions.getSession, session: b });
    sessions.answers[1]?.resolve(viewer('a-renewed'));
    await flush();
    expect(loadedSessions()).toEqual([b]);
    expect(controller.getSnapshot()).toMatchObject({ phase: 'loading', loads: 2 });
  });

  it('A -> B -> C within 20 ms ends on C, and the handover of B never comes back', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { controller, tenant, sessions } = await readyEmbed();
    const b = viewer('b');
    const c = viewer('c');
    controller.update({ getSession: sessions.getSession, session: b });
    // B is handed to the live document in place.
    expect(tenant.handed()).toEqual([b]);
    await vi.advanceTimersByTimeAsync(10);
    controller.update({ getSession: sessions.getSession, session: c });
    await vi.advanceTimersByTimeAsync(10);
    // B's handover is still unanswered: C cannot go the same way, so it is loaded.
    expect(tenant.handed()).toEqual([b]);
    expect(controller.iframe?.src).toBe(`${TENANT}/embed/dashboard/sales?session=${c}`);
    // The old document answers B now: it is no longer the embed's document.
    tenant.ready();
    const current = documentOf(controller);
    current.ready();
    // B's handover deadline (10 s) passes: nothing reloads B.
    await vi.advanceTimersByTimeAsync(15_000);
    expect(loadedSessions()).toEqual([c]);
    expect(current.handed()).toEqual([]);
    expect(controller.getSnapshot()).toMatchObject({ phase: 'ready', loads: 2 });
    expect(sessions.getSession).toHaveBeenCalledTimes(1);
  });

  it("a session prop during the first load's getSession loads the prop; the request is aborted and its answer dropped", async () => {
    const sessions = manualSessions();
    const controller = make({ getSession: sessions.getSession });
    controller.attach(host());
    expect(controller.getSnapshot().phase).toBe('session');
    const b = viewer('b');
    controller.update({ getSession: sessions.getSession, session: b });
    expect(sessions.answers[0]?.request.signal.aborted).toBe(true);
    expect(controller.iframe?.src).toBe(`${TENANT}/embed/dashboard/sales?session=${b}`);
    sessions.answers[0]?.resolve(viewer('a'));
    await flush();
    expect(loadedSessions()).toEqual([b]);
    expect(controller.getSnapshot()).toMatchObject({ phase: 'loading', loads: 1 });
  });

  it('a session prop during a load before ready replaces that load; the replaced document can no longer answer', async () => {
    const a = viewer('a');
    const controller = make({ session: a });
    controller.attach(host());
    const old = documentOf(controller);
    const b = viewer('b');
    controller.update({ session: b });
    expect(loadedSessions()).toEqual([b]);
    old.ready();
    expect(controller.getSnapshot().phase).toBe('loading');
    documentOf(controller).ready();
    expect(controller.getSnapshot()).toMatchObject({ phase: 'ready', loads: 2 });
  });

  it("a renewal's session for a document that never said ready is loaded, never queued for the next document (another viewer's)", async () => {
    const sessions = manualSessions();
    const a = viewer('a');
    const controller = make({ session: a, getSession: sessions.getSession });
    controller.attach(host());
    const first = documentOf(controller);
    // The document speaks of its token before its first ready: renewed in place, but it cannot take a session yet.
    first.send('svc:event:session-expired');
    const renewed = viewer('a-renewed');
    sessions.answers[0]?.resolve(renewed);
    await flush();
    expect(loadedSessions()).toEqual([renewed]);
    // The app switches to viewer B: B's document, once ready, is never handed A's session.
    const b = viewer('b');
    controller.update({ getSession: sessions.getSession, session: b });
    const current = documentOf(controller);
    current.ready();
    expect(first.handed()).toEqual([]);
    expect(current.handed()).toEqual([]);
    expect(loadedSessions()).toEqual([b]);
  });

  it("a failed embed given another viewer's session is not brought back by a late ready of its old document", async () => {
    const sessions = manualSessions();
    const a = viewer('a');
    const controller = make({ session: a, getSession: sessions.getSession });
    controller.attach(host());
    const old = documentOf(controller);
    // The document fails with its session before its first ready: renewed by reload, and getSession fails.
    old.send('svc:event:error', { name: 'SessionExpiredError', message: 'The session expired', fatal: true });
    sessions.answers[0]?.reject(new Error('backend down'));
    await flush();
    expect(controller.getSnapshot().phase).toBe('error');
    // The app switches to viewer B (kept for the retry), then A's document says ready after all.
    const b = viewer('b');
    controller.update({ getSession: sessions.getSession, session: b });
    old.ready();
    expect(controller.getSnapshot()).toMatchObject({ phase: 'error', visible: false });
    controller.retry();
    expect(loadedSessions()).toEqual([b]);
    documentOf(controller).ready();
    expect(controller.getSnapshot()).toMatchObject({ phase: 'ready', error: null });
  });

  it('a session prop whose handover goes unanswered: a new session is loaded at the deadline, never the handed one', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { controller, tenant, sessions } = await readyEmbed();
    const b = viewer('b');
    controller.update({ getSession: sessions.getSession, session: b });
    expect(tenant.handed()).toEqual([b]);
    // No answer within 10 s: the document may have taken B all the same (then B is used, and loading it would
    // show the platform's "already used" page).
    await vi.advanceTimersByTimeAsync(10_000);
    expect(sessions.answers[1]?.request).toMatchObject({ reason: 'renewal' });
    const renewed = viewer('b-renewed');
    sessions.answers[1]?.resolve(renewed);
    await flush();
    expect(loadedSessions()).toEqual([renewed]);
  });

  it('a renewal started after a superseded one never joins its request', async () => {
    const { controller, tenant, sessions } = await readyEmbed();
    tenant.send('svc:event:session-expired');
    const b = viewer('b');
    controller.update({ getSession: sessions.getSession, session: b });
    const current = documentOf(controller);
    current.ready();
    // B's document announces its end at once: a new request, not the aborted one for A.
    current.send('svc:event:session-expired');
    expect(sessions.getSession).toHaveBeenCalledTimes(3);
    sessions.answers[1]?.resolve(viewer('a-renewed'));
    await flush();
    expect(current.handed()).toEqual([]);
    const renewed = viewer('b-renewed');
    sessions.answers[2]?.resolve(renewed);
    await flush();
    expect(current.handed()).toEqual([renewed]);
  });
});

describe('a bad controlled prop corrected in the same render as a new session', () => {
  it('loads the new session once', () => {
    const a = viewer('a');
    const controller = make({ session: a, colorScheme: 'dark' });
    controller.attach(host());
    documentOf(controller).ready();
    controller.update({ session: a, colorScheme: 'sepia' as 'dark' });
    expect(controller.getSnapshot()).toMatchObject({ phase: 'error', error: { context: 'props' } });
    const b = viewer('b');
    controller.update({ session: b, colorScheme: 'dark' });
    expect(controller.getSnapshot().error).toBeNull();
    expect(controller.iframe?.src).toContain(`session=${b}`);
    expect(controller.getSnapshot().loads).toBe(2);
  });
});
