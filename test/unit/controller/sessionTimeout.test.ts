import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSessionSource } from '../../../src/controller/createSessionSource.js';
import { addHost as host, destroyControllers, makeController as make, manualSessions } from '../support/controllers.js';
import { deliver, eventEnvelope, readyPayload, TENANT } from '../support/frames.js';
import { nextSession, testRuntime } from '../support/runtime.js';

/**
 * getSession has a time limit: a call that neither resolves nor rejects within `sessionTimeoutMs` (30 s by
 * default) has its signal aborted, and the embed ends in SVC308 with the error fallback's retry, instead of
 * waiting (and showing the loading layer, or the platform's expired page) for ever.
 */

beforeEach(() => {
  vi.useFakeTimers({ now: 1_000_000 });
});

afterEach(() => {
  destroyControllers();
  vi.useRealTimers();
});

describe('the time limit of getSession', () => {
  it('is 30 s by default: then the signal is aborted, the embed fails with SVC308 once, and retry asks again', async () => {
    const sessions = manualSessions();
    const onFailure = vi.fn();
    const controller = make({ getSession: sessions.getSession, onFailure });
    controller.attach(host());
    await vi.advanceTimersByTimeAsync(29_999);
    expect(controller.getSnapshot().phase).toBe('session');
    expect(sessions.answers[0]?.request.signal.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(sessions.answers[0]?.request.signal.aborted).toBe(true);
    expect(controller.getSnapshot()).toMatchObject({
      phase: 'error',
      error: { name: 'SessionError', context: 'getSession', fatal: true, code: 'SVC308', message: expect.stringMatching(/^SVC308 getSession did not answer within 30000 ms/) },
    });
    expect(onFailure).toHaveBeenCalledTimes(1);
    // Its answer, should it come after all, is dropped.
    sessions.answers[0]?.resolve(nextSession());
    await vi.advanceTimersByTimeAsync(0);
    expect(controller.iframe).toBeNull();
    // The error fallback's retry asks again, and this time getSession answers.
    controller.retry();
    expect(sessions.getSession).toHaveBeenCalledTimes(2);
    const session = nextSession();
    sessions.answers[1]?.resolve(session);
    await vi.advanceTimersByTimeAsync(0);
    expect(controller.getSnapshot()).toMatchObject({ phase: 'loading', loads: 1, error: null });
    expect(controller.iframe?.src).toContain(session);
  });

  it('is sessionTimeoutMs when given', async () => {
    const sessions = manualSessions();
    const controller = make({ getSession: sessions.getSession, sessionTimeoutMs: 5_000 });
    controller.attach(host());
    await vi.advanceTimersByTimeAsync(4_999);
    expect(controller.getSnapshot().phase).toBe('session');
    await vi.advanceTimersByTimeAsync(1);
    expect(controller.getSnapshot()).toMatchObject({ phase: 'error', error: { code: 'SVC308', message: expect.stringMatching(/within 5000 ms/) } });
  });

  it('is clamped to what a browser timer holds: a huge limit does not fire at once', async () => {
    const sessions = manualSessions();
    const controller = make({ getSession: sessions.getSession, sessionTimeoutMs: 1e12 });
    controller.attach(host());
    await vi.advanceTimersByTimeAsync(24 * 86_400_000);
    expect(controller.getSnapshot().phase).toBe('session');
    await vi.advanceTimersByTimeAsync(2_147_483_647 - 24 * 86_400_000);
    expect(controller.getSnapshot()).toMatchObject({ phase: 'error', error: { code: 'SVC308' } });
  });

  it("ends a renewal whose getSession hangs: the embed shows the error, not 'renewing' for ever", async () => {
    const sessions = manualSessions();
    const onFailure = vi.fn();
    const controller = make({ getSession: sessions.getSession, onFailure });
    controller.attach(host());
    sessions.answers[0]?.resolve(nextSession());
    await vi.advanceTimersByTimeAsync(0);
    const win = controller.iframe?.contentWindow ?? null;
    deliver(eventEnvelope('svc:event:ready', readyPayload()), TENANT, win);
    deliver(eventEnvelope('svc:event:session-expired', {}), TENANT, win);
    expect(controller.getSnapshot().phase).toBe('renewing');
    await vi.advanceTimersByTimeAsync(30_000);
    expect(sessions.answers[1]?.request.signal.aborted).toBe(true);
    expect(controller.getSnapshot()).toMatchObject({ phase: 'error', error: { code: 'SVC308' } });
    expect(onFailure).toHaveBeenCalledTimes(1);
    expect(sessions.getSession).toHaveBeenCalledTimes(2);
  });

  it('limits each call on its own: a renewal retried after failures is not cut short by the first call', async () => {
    const next = nextSession();
    const getSession = vi.fn<() => Promise<string>>();
    for (let i = 0; i < 6; i++) getSession.mockRejectedValueOnce(new Error('down'));
    getSession.mockResolvedValue(next);
    const source = createSessionSource({
      sessionsFor: { surface: 'dashboard', embedId: 'timeouts', publicId: 'sales', runtime: testRuntime() },
      signed: () => true,
      readOptions: () => ({ getSession }),
    });
    const answer = source.take('renewal', Date.now() + 600_000);
    // Tries at 0, 1, 3, 7, 15, 31 and 61 s, each far quicker than the limit: the seventh answers.
    await vi.advanceTimersByTimeAsync(61_000);
    await expect(answer).resolves.toBe(next);
  });

  it('takes an answer a getSession written without async gives at once, or a throw', async () => {
    const id = nextSession();
    const source = (getSession: () => unknown) =>
      createSessionSource({
        sessionsFor: { surface: 'dashboard', embedId: 'sync', publicId: 'sales', runtime: testRuntime() },
        signed: () => true,
        readOptions: () => ({ getSession: getSession as never }),
      });
    await expect(source(() => id).take('initial')).resolves.toBe(id);
    await expect(
      source(() => {
        throw new Error('no backend');
      }).take('initial'),
    ).rejects.toMatchObject({ code: 'SVC301' });
  });
});
