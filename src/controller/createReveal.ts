/** When a hidden iframe is shown (see `EmbedReveal`). */
export interface Reveal {
  /** `ready` arrived: show after `settleMs` and the next paint, so the initial look is applied first. */
  afterReady(): void;
  /** The iframe loaded and no `ready` came: show after `timeoutMs` unless `ready` or another load comes first. */
  afterLoad(): void;
  /** Calls off a pending reveal (a new load, a self-reload, an error, teardown). */
  cancel(): void;
}

/** Waits two animation frames: the embed has handled the flushed actions and painted before it is shown. */
const afterPaint = (callback: () => void): (() => void) => {
  if (typeof requestAnimationFrame !== 'function') {
    const timer = setTimeout(callback, 32);
    return () => clearTimeout(timer);
  }
  let second = 0;
  const first = requestAnimationFrame(() => {
    second = requestAnimationFrame(callback);
  });
  return () => {
    cancelAnimationFrame(first);
    cancelAnimationFrame(second);
  };
};

/**
 * Creates the reveal timing of one embed: `show` is called once a pending reveal is due. Only one reveal is
 * pending at a time; scheduling one calls off the previous.
 */
export function createReveal(show: () => void, settleMs = 150, timeoutMs = 1500): Reveal {
  let cancelPending: (() => void) | undefined;
  const cancel = (): void => {
    cancelPending?.();
    cancelPending = undefined;
  };
  const after = (ms: number, paint: boolean): void => {
    cancel();
    const timer = setTimeout(() => {
      if (paint) cancelPending = afterPaint(show);
      else show();
    }, ms);
    cancelPending = () => clearTimeout(timer);
  };
  return {
    // The flushed actions are on their way, but the embed usually draws its first screen (in its default look)
    // before it reads them, and nothing it sends tells us when it has: give it `settleMs`, then the next paint.
    afterReady: () => after(settleMs, true),
    afterLoad: () => after(timeoutMs, false),
    cancel,
  };
}
