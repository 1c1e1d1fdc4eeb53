import { afterEach, describe, expect, it, vi } from 'vitest';
import type { EmbedController } from '../../../src/controller/index.js';
import { addHost as host, destroyControllers, flush, makeController as make, manualSessions } from '../support/controllers.js';
import { deliver, eventEnvelope, readyPayload, TENANT } from '../support/frames.js';

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

/** The current document of `controller`, recording what the host posts to it. */
function documentOf(controller: EmbedController) {
  const win = controller.iframe?.contentWindow as Window;
  const posted = vi.spyOn(win, 'postMessage').mockImplementation(() => {});
  const send = (type: string, payload: Record<string, unknown> = {}) => deliver(eventEnvelope(type, payload), TENANT, win);
  const handed = () =>
    posted.mock.calls
      .map(([message]) => message as { type: string; payload: { sessionId?: string } })
      .filter((message) => message.type === 'svc:action:set-session')
      .map((message) => message.payload.sessionId);
  return { send, handed, ready: () => send('svc:event:ready', readyPayload()) };
}

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
  it("a session prop during an in-place renewal's getSession: the prop's session is handed over; the renewal's never goes anywhere", async () => {
    const { controller, tenant, sessions } = await readyEmbed();
    tenant.send('svc:event:session-expired');
    expect(controller.getSnapshot().phase).toBe('renewing');
    expect(sessions.answers).toHaveLength(2);
    const renewalRequest = sessions.answers[1];
    // The app switches to viewer B while the renewal's getSession (for A) is still running: the document,
    // which spoke of its token, takes B's session in place.
    const b = viewer('b');
    controller.update({ getSession: sessions.getSession, session: b });
    expect(renewalRequest?.request.signal.aborted).toBe(true);
    expect(tenant.handed()).toEqual([b]);
    // The renewal's getSession answers anyway, with a session for A: dropped.
    const late = viewer('a-renewed');
    renewalRequest?.resolve(late);
    await flush();
    expect(tenant.handed()).toEqual([b]);
    tenant.ready();
    await flush();
    expect(tenant.handed()).toEqual([b]);
    expect(loadedSessions()).not.toContain(late);
    expect(controller.getSnapshot()).toMatchObject({ phase: 'ready', loads: 1, error: null });
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
    // B's handover is still unanswered: C is handed over after it, the last the document applies.
    expect(tenant.handed()).toEqual([b, c]);
    // The document answers each handover.
    tenant.ready();
    expect(controller.getSnapshot().phase).toBe('ready');
    tenant.ready();
    // B's handover deadline (10 s) passes: nothing hands over or loads B again.
    await vi.advanceTimersByTimeAsync(15_000);
    expect(tenant.handed()).toEqual([b, c]);
    expect(loadedSessions()).toHaveLength(1);
    expect(loadedSessions()).not.toContain(b);
    expect(controller.getSnapshot()).toMatchObject({ phase: 'ready', loads: 1 });
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

  it('a session prop during a load before ready is handed over at its ready, before the embed is shown', async () => {
    const a = viewer('a');
    const controller = make({ session: a });
    controller.attach(host());
    const tenant = documentOf(controller);
    const b = viewer('b');
    controller.update({ session: b });
    // Kept for the load's ready: nothing is reloaded.
    expect(loadedSessions()).toEqual([a]);
    expect(tenant.handed()).toEqual([]);
    tenant.ready();
    // A's document is handed B's session before anything of A is shown.
    expect(tenant.handed()).toEqual([b]);
    expect(controller.getSnapshot()).toMatchObject({ visible: false, loads: 1 });
    tenant.ready();
    expect(controller.getSnapshot()).toMatchObject({ phase: 'ready', loads: 1 });
  });

  it('a renewal started after a superseded one never joins its request', async () => {
    const { controller, tenant, sessions } = await readyEmbed();
    tenant.send('svc:event:session-expired');
    const b = viewer('b');
    controller.update({ getSession: sessions.getSession, session: b });
    expect(tenant.handed()).toEqual([b]);
    tenant.ready();
    // B's document announces its end at once: a new request, not the aborted one for A.
    tenant.send('svc:event:session-expired');
    expect(sessions.getSession).toHaveBeenCalledTimes(3);
    sessions.answers[1]?.resolve(viewer('a-renewed'));
    await flush();
    expect(tenant.handed()).toEqual([b]);
    const renewed = viewer('b-renewed');
    sessions.answers[2]?.resolve(renewed);
    await flush();
    expect(tenant.handed()).toEqual([b, renewed]);
  });
});
