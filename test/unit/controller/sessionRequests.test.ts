import { afterEach, describe, expect, it, vi } from 'vitest';
import { addHost as host, destroyControllers, flush, makeController as make, manualSessions } from '../support/controllers.js';
import { deliver, deliverReady, eventEnvelope, TENANT } from '../support/frames.js';

// What the controller does with the answer of `getSession`: a usable id loads; anything else, or a failure,
// is the host's error; an answer that comes after the embed was torn down changes nothing.

afterEach(destroyControllers);

/** What the snapshot holds when `getSession` failed: an error coded `SVC<code>` whose text starts with `text`. */
const getSessionError = (code: number, text: string) => ({
  name: 'SessionError',
  context: 'getSession',
  fatal: true,
  message: expect.stringMatching(new RegExp(`^SVC${code} ${text}`)),
  code: `SVC${code}`,
});

describe('the answer of getSession', () => {
  it('a getSession that throws at once is reported like one that rejects', async () => {
    const onFailure = vi.fn();
    const controller = make({
      onFailure,
      getSession: () => {
        throw new Error('no backend configured');
      },
    });
    controller.attach(host());
    await vi.waitFor(() => expect(controller.getSnapshot().phase).toBe('error'));
    expect(controller.getSnapshot().error).toEqual(getSessionError(301, 'getSession failed: no backend configured'));
    expect(onFailure).toHaveBeenCalledTimes(1);
  });

  it('an empty id or one that is not a string is refused as the answer of getSession', async () => {
    for (const answer of ['', 42]) {
      const controller = make({ getSession: async () => answer as string });
      controller.attach(host());
      await vi.waitFor(() => expect(controller.getSnapshot().phase).toBe('error'));
      expect(controller.getSnapshot().error).toEqual(getSessionError(304, 'getSession did not return a session id'));
      expect(controller.iframe).toBeNull();
    }
  });

  it('an answer that arrives after the embed was torn down loads nothing', async () => {
    const { getSession, resolve } = manualSessions();
    const controller = make({ getSession });
    const element = host();
    controller.attach(element)();
    await flush();
    resolve(`late-${Math.random()}`);
    await flush();
    expect(controller.getSnapshot()).toMatchObject({ phase: 'destroyed', loads: 0 });
    expect(controller.iframe).toBeNull();
    expect(document.querySelector('iframe')).toBeNull();
  });

  it.each([
    ['an unusable answer', (session: ReturnType<typeof manualSessions>) => session.resolve('')],
    ['a failure', (session: ReturnType<typeof manualSessions>) => session.reject(new Error('aborted'))],
  ])('%s that arrives after the embed was torn down is reported nowhere', async (_, answer) => {
    const session = manualSessions();
    const onFailure = vi.fn();
    const controller = make({ getSession: session.getSession, onFailure });
    controller.attach(host())();
    await flush();
    answer(session);
    await flush();
    expect(controller.getSnapshot()).toMatchObject({ phase: 'destroyed', error: null });
    expect(onFailure).not.toHaveBeenCalled();
  });
});

describe('requests the controller gave up on', () => {
  it('a second failure joins the renewal in flight, and its answer after a teardown loads nothing', async () => {
    // A getSession that ignores its abort signal, answered by the test.
    const { getSession, answers } = manualSessions();
    const controller = make({ getSession });
    controller.attach(host());
    answers[0]?.resolve(`first-${Math.random()}`);
    await vi.waitFor(() => expect(controller.getSnapshot().phase).toBe('loading'));
    const fatal = () =>
      deliver(eventEnvelope('svc:event:error', { message: 'Something broke', fatal: true }), TENANT, controller.iframe?.contentWindow as Window);
    fatal();
    expect(controller.getSnapshot().phase).toBe('renewing');
    // The old document fails again before the renewal's answer: it joins the renewal, which goes on.
    fatal();
    expect(controller.getSnapshot()).toMatchObject({ phase: 'renewing', renewals: 1 });
    await flush();
    expect(getSession).toHaveBeenCalledTimes(2);
    controller.destroy();
    answers[1]?.resolve(`abandoned-${Math.random()}`);
    await flush();
    expect(getSession).toHaveBeenCalledTimes(2);
    expect(controller.getSnapshot()).toMatchObject({ phase: 'destroyed', loads: 1 });
    expect(document.querySelector('iframe')).toBeNull();
  });

  it('a retry loads a session prop the page never loaded before it asks getSession, then asks it', async () => {
    const { getSession, resolve } = manualSessions();
    const given = `given-${Math.random().toString(36).slice(2)}`;
    const controller = make({ session: given, getSession });
    // A refused value fails the embed before the session is used, without a throw.
    controller.update({ session: given, getSession, locale: 'not a locale!' });
    controller.attach(host());
    expect(controller.getSnapshot().error).toMatchObject({ context: 'props', code: 'SVC141' });
    // The corrected value starts the embed again.
    controller.update({ session: given, getSession });
    expect(getSession).not.toHaveBeenCalled();
    expect(controller.iframe?.src).toBe(`${TENANT}/embed/dashboard/sales?session=${given}`);
    const win = controller.iframe?.contentWindow as Window;
    deliverReady(win);
    deliver(eventEnvelope('svc:event:error', { message: 'Chart query failed', fatal: true }), TENANT, win);
    controller.retry();
    expect(getSession).toHaveBeenCalledWith(expect.objectContaining({ reason: 'retry' }));
    const fresh = `fresh-${Math.random().toString(36).slice(2)}`;
    resolve(fresh);
    await vi.waitFor(() => expect(controller.iframe?.src).toBe(`${TENANT}/embed/dashboard/sales?session=${fresh}`));
  });
});

describe('an address that can no longer be built', () => {
  it('without getSession, a retry after the app fixed it loads the session prop, which was never used', () => {
    const given = `given-${Math.random().toString(36).slice(2)}`;
    const controller = make({ session: given });
    controller.update({ session: given, locale: 'not a locale!' });
    controller.attach(host());
    expect(controller.getSnapshot().error).toMatchObject({ context: 'props', code: 'SVC141' });
    controller.update({ session: given, locale: 'de-DE' });
    expect(controller.getSnapshot()).toMatchObject({ phase: 'loading', error: null, loads: 1 });
    expect(controller.iframe?.src).toBe(`${TENANT}/embed/dashboard/sales?session=${given}&locale=de-DE`);
    // Loaded now: a second retry has no unused session left, and says so.
    deliver(eventEnvelope('svc:event:error', { message: 'Something broke', fatal: true }), TENANT, controller.iframe?.contentWindow as Window);
    controller.retry();
    expect(controller.getSnapshot().error).toMatchObject({ context: 'session', name: 'SessionError' });
  });

  it('fails the embed with the refusal, as a TypeError of the props, and loads nothing', () => {
    const onFailure = vi.fn();
    const controller = make({ locale: 'de-DE', onFailure });
    // Refused at once as an action, never thrown; no load puts it in an address either.
    controller.update({ locale: 'not a locale!', onFailure });
    controller.attach(host());
    expect(controller.getSnapshot()).toMatchObject({ phase: 'error', loads: 0 });
    expect(controller.getSnapshot().error).toMatchObject({ name: 'TypeError', context: 'props', code: 'SVC141', fatal: true });
    expect(onFailure).toHaveBeenCalledTimes(1);
    expect(controller.getSnapshot().error?.message).toMatch(/locale/);
    expect(onFailure).toHaveBeenCalledWith(controller.getSnapshot().error);
    expect(controller.iframe).toBeNull();
  });

  it('refused while the embed shows another failure: the refusal is shown instead, and a retry waits for its correction', () => {
    const onFailure = vi.fn();
    const controller = make({ locale: 'de-DE', onFailure });
    controller.attach(host());
    deliver(eventEnvelope('svc:event:error', { message: 'Something broke', fatal: true }), TENANT, controller.iframe?.contentWindow as Window);
    expect(controller.getSnapshot().error).toMatchObject({ code: 'SVC310', message: 'Something broke' });
    controller.update({ locale: 'not a locale!', onFailure });
    expect(controller.getSnapshot()).toMatchObject({ phase: 'error', loads: 1, error: { name: 'TypeError', context: 'props', code: 'SVC141' } });
    expect(onFailure).toHaveBeenCalledTimes(2);
    // No load puts the refused value in an address: the retry does nothing while it is refused.
    const frame = controller.iframe;
    controller.retry();
    expect(controller.getSnapshot()).toMatchObject({ phase: 'error', loads: 1, error: { code: 'SVC141' } });
    expect(controller.iframe).toBe(frame);
    expect(onFailure).toHaveBeenCalledTimes(2);
    // Corrected: the embed starts again.
    controller.update({ locale: 'fr-FR', onFailure });
    expect(controller.getSnapshot()).toMatchObject({ phase: 'loading', loads: 2, error: null });
    expect(controller.iframe?.src).toBe(`${TENANT}/embed/dashboard/sales?locale=fr-FR`);
  });
});
