import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EmbedController } from '../../../src/controller/index.js';
import { addHost as host, destroyControllers, makeController as make } from '../support/controllers.js';
import { deliver, eventEnvelope, readyPayload, TENANT } from '../support/frames.js';
import { nextSession } from '../support/runtime.js';

/**
 * The first `ready` of every load has a time limit: a wrong tenant port, a frame the platform's CSP blocks or
 * an address that is not the platform leave a document that never says ready, and the embed used to show
 * nothing else, ever. Now it ends in SVC309 with the error fallback's retry.
 */

beforeEach(() => {
  vi.useFakeTimers({ now: 1_000_000 });
});

afterEach(() => {
  destroyControllers();
  vi.useRealTimers();
});

const ready = (controller: EmbedController): void => deliver(eventEnvelope('svc:event:ready', readyPayload()), TENANT, controller.iframe?.contentWindow ?? null);

describe('the first ready of a load', () => {
  it('is awaited 30 s for a signed load: then SVC309 once, and retry loads again with a new session', async () => {
    const onFailure = vi.fn();
    const getSession = vi.fn(async () => nextSession());
    const controller = make({ getSession, onFailure });
    controller.attach(host());
    await vi.advanceTimersByTimeAsync(29_999);
    expect(controller.getSnapshot()).toMatchObject({ phase: 'loading', loads: 1 });
    await vi.advanceTimersByTimeAsync(1);
    expect(controller.getSnapshot()).toMatchObject({
      phase: 'error',
      error: { context: 'ready', fatal: true, code: 'SVC309', message: expect.stringMatching(/^SVC309 The embed sent no ready within 30000 ms/) },
    });
    expect(onFailure).toHaveBeenCalledTimes(1);
    expect(controller.bridge.store.getState().status).toBe('error');
    controller.retry();
    await vi.advanceTimersByTimeAsync(0);
    expect(controller.getSnapshot()).toMatchObject({ phase: 'loading', loads: 2, error: null });
    expect(getSession).toHaveBeenCalledTimes(2);
    // This time the document answers in time: nothing fails later.
    ready(controller);
    await vi.advanceTimersByTimeAsync(120_000);
    expect(controller.getSnapshot()).toMatchObject({ phase: 'ready', error: null });
    expect(onFailure).toHaveBeenCalledTimes(1);
  });

  it('recovers by itself when the ready comes after the limit after all', async () => {
    const controller = make({ session: nextSession() });
    controller.attach(host());
    await vi.advanceTimersByTimeAsync(30_000);
    expect(controller.getSnapshot().phase).toBe('error');
    ready(controller);
    expect(controller.getSnapshot()).toMatchObject({ phase: 'ready', error: null });
  });

  it('is readyTimeoutMs when given, and 30 s by default in private mode too', async () => {
    const limited = make({ readyTimeoutMs: 5_000 });
    const unsigned = make();
    limited.attach(host());
    unsigned.attach(host());
    await vi.advanceTimersByTimeAsync(5_000);
    expect(limited.getSnapshot()).toMatchObject({ phase: 'error', error: { code: 'SVC309', message: expect.stringMatching(/within 5000 ms/) } });
    expect(unsigned.getSnapshot()).toMatchObject({ phase: 'loading', error: null });
    await vi.advanceTimersByTimeAsync(25_000);
    expect(unsigned.getSnapshot()).toMatchObject({ phase: 'error', error: { code: 'SVC309', message: expect.stringMatching(/within 30000 ms/) } });
  });

  it('applies to every load: a renewal by reload whose new document never says ready fails too', async () => {
    const getSession = vi.fn(async () => nextSession());
    const controller = make({ getSession });
    controller.attach(host());
    await vi.advanceTimersByTimeAsync(0);
    ready(controller);
    await vi.advanceTimersByTimeAsync(60_000);
    // A fatal session failure of a document that never spoke of its token: renewed by reloading.
    deliver(eventEnvelope('svc:event:error', { message: 'Token expired', fatal: true }), TENANT, controller.iframe?.contentWindow ?? null);
    await vi.advanceTimersByTimeAsync(0);
    expect(controller.getSnapshot()).toMatchObject({ phase: 'loading', loads: 2 });
    await vi.advanceTimersByTimeAsync(30_000);
    expect(controller.getSnapshot()).toMatchObject({ phase: 'error', error: { code: 'SVC309' } });
  });

  it('is clamped to what a browser timer holds: a huge limit does not fire at once', async () => {
    const controller = make({ session: nextSession(), readyTimeoutMs: Number.POSITIVE_INFINITY });
    controller.attach(host());
    await vi.advanceTimersByTimeAsync(24 * 86_400_000);
    expect(controller.getSnapshot().phase).toBe('loading');
  });

  it('leaves nothing behind once the embed is torn down', async () => {
    const onFailure = vi.fn();
    const controller = make({ session: nextSession(), onFailure });
    controller.attach(host());
    controller.destroy();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(onFailure).not.toHaveBeenCalled();
    expect(controller.getSnapshot().phase).toBe('destroyed');
  });
});
