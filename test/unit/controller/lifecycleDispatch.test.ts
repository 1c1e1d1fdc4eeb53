import { afterEach, describe, expect, it, vi } from 'vitest';
import { IDLE_SNAPSHOT } from '../../../src/controller/EmbedController.js';
import { statusAfter } from '../../../src/controller/reduceLifecycle.js';
import type { SvcErrorPayload } from '../../../src/controller/SvcErrorPayload.js';
import { attachedController, destroyControllers, emitEvent, emitReady, flush } from '../support/controllers.js';

const failure: SvcErrorPayload = { name: 'SessionError', context: 'ready', fatal: true, message: 'SVC309 ready', code: 'SVC309' };
const inPhase = (phase: typeof IDLE_SNAPSHOT.phase) => ({ ...IDLE_SNAPSHOT, phase });

afterEach(destroyControllers);

describe("what the embed's state store hears of a lifecycle step", () => {
  it("a host failure, a reload, and a new start out of a failure; never the embed's own failure or an in-place renewal", () => {
    expect(statusAfter(inPhase('loading'), { type: 'fail', error: failure })).toEqual({ status: 'error', lastError: failure });
    // The bridge wrote what the embed said; the lifecycle does not overwrite it.
    expect(statusAfter(inPhase('ready'), { type: 'fail', error: { ...failure, code: 'SVC310' }, fromEmbed: true })).toBeUndefined();
    expect(statusAfter(inPhase('ready'), { type: 'renew', inPlace: false })).toEqual({ status: 'loading' });
    expect(statusAfter(inPhase('ready'), { type: 'renew', inPlace: true })).toBeUndefined();
    expect(statusAfter(inPhase('error'), { type: 'request', reason: 'retry' })).toEqual({ status: 'loading', lastError: null });
    expect(statusAfter(inPhase('error'), { type: 'load', showNow: false, signed: true })).toEqual({ status: 'loading', lastError: null });
    expect(statusAfter(inPhase('ready'), { type: 'load', showNow: false, signed: true })).toBeUndefined();
  });
});

describe("a controller's steps", () => {
  it('reach its subscribers once per change, never for a step that changed nothing', () => {
    const controller = attachedController();
    const listener = vi.fn();
    controller.subscribe(listener);
    emitReady(controller);
    emitReady(controller);
    expect(listener).toHaveBeenCalledTimes(1);
    expect(controller.getSnapshot()).toMatchObject({ phase: 'ready', loads: 1 });
  });

  it('find the state store in step with the snapshot whoever reads both', async () => {
    const getSession = vi.fn(async () => `s${getSession.mock.calls.length}`);
    const controller = attachedController({ getSession });
    await flush();
    emitReady(controller);
    emitEvent(controller, 'svc:event:error', { message: 'Chart query failed', fatal: true });
    expect(controller.getSnapshot().phase).toBe('error');
    const seen: string[] = [];
    controller.subscribe(() => {
      seen.push(`${controller.getSnapshot().phase}/${controller.bridge.store.getState().status}`);
    });
    controller.retry();
    expect(seen).toEqual(['session/loading']);
    expect(controller.bridge.store.getState().lastError).toBeNull();
  });
});
