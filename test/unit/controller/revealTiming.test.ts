import { afterEach, describe, expect, it, vi } from 'vitest';
import type { EmbedController } from '../../../src/controller/index.js';
import { addHost, destroyControllers, makeController } from '../support/controllers.js';
import { deliverReady } from '../support/frames.js';

// With `reveal: 'ready'` the iframe is shown `revealSettleMs` after `ready`, once the embed has painted twice
// (so it had the chance to draw in the colours it was just sent), and never after it was torn down.

afterEach(() => {
  destroyControllers();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

/** Animation frames the test paints by hand. */
function manualFrames() {
  let callbacks = new Map<number, FrameRequestCallback>();
  let next = 0;
  vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => {
    callbacks.set(++next, callback);
    return next;
  });
  vi.stubGlobal('cancelAnimationFrame', (id: number) => callbacks.delete(id));
  return {
    get requested() {
      return callbacks.size;
    },
    paint() {
      const due = callbacks;
      callbacks = new Map();
      for (const callback of due.values()) callback(0);
    },
  };
}

function attachReady(options: { revealSettleMs?: number } = {}) {
  const controller = makeController(options);
  controller.attach(addHost());
  const win = controller.iframe?.contentWindow as Window;
  deliverReady(win);
  return controller;
}

const visible = (controller: EmbedController) => controller.getSnapshot().visible;

describe('revealing an embed after ready', () => {
  it('waits 150 ms by default, then two painted frames', () => {
    vi.useFakeTimers();
    const frames = manualFrames();
    const controller = attachReady();
    vi.advanceTimersByTime(149);
    expect(frames.requested).toBe(0);
    vi.advanceTimersByTime(1);
    expect(frames.requested).toBe(1);
    frames.paint();
    expect(visible(controller)).toBe(false);
    frames.paint();
    expect(visible(controller)).toBe(true);
    expect(controller.iframe?.style.opacity).toBe('');
  });

  it('is called off by a teardown during the wait', () => {
    vi.useFakeTimers();
    const frames = manualFrames();
    const controller = attachReady({ revealSettleMs: 100 });
    vi.advanceTimersByTime(50);
    controller.destroy();
    vi.advanceTimersByTime(100);
    frames.paint();
    frames.paint();
    expect(controller.getSnapshot()).toMatchObject({ phase: 'destroyed', visible: false });
  });

  it('is called off by a teardown between the frames', () => {
    vi.useFakeTimers();
    const frames = manualFrames();
    const controller = attachReady({ revealSettleMs: 0 });
    vi.advanceTimersByTime(0);
    frames.paint();
    controller.destroy();
    frames.paint();
    expect(controller.getSnapshot()).toMatchObject({ phase: 'destroyed', visible: false });
  });

  it('without animation frames (no rendering loop), waits about two frames of time instead', () => {
    vi.useFakeTimers();
    vi.stubGlobal('requestAnimationFrame', undefined);
    const controller = attachReady({ revealSettleMs: 0 });
    vi.advanceTimersByTime(31);
    expect(visible(controller)).toBe(false);
    vi.advanceTimersByTime(1);
    expect(visible(controller)).toBe(true);
    const torn = attachReady({ revealSettleMs: 0 });
    vi.advanceTimersByTime(10);
    torn.destroy();
    vi.advanceTimersByTime(100);
    expect(visible(torn)).toBe(false);
  });

  it('hides the embed again once it is destroyed', async () => {
    const controller = attachReady({ revealSettleMs: 0 });
    await vi.waitFor(() => expect(visible(controller)).toBe(true));
    controller.destroy();
    expect(controller.getSnapshot()).toMatchObject({ phase: 'destroyed', visible: false });
  });
});
