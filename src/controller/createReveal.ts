/** When a hidden iframe is shown (see `EmbedReveal`). */
export interface Reveal {
  /** `ready` arrived: show after `settleMs` and the next paint, so the initial look is applied first. */
  afterReady(): void;
  /** The iframe loaded and no `ready` came: show after `loadTimeoutMs` unless `ready` or another load comes first. */
  afterLoad(): void;
  /** Calls off a pending reveal (a new load, a self-reload, an error, teardown). */
  cancel(): void;
}

/** When a reveal is due and what it does. */
export interface RevealTiming {
  /** Shows the iframe: called once a pending reveal is due. */
  readonly show: () => void;
  /** How long after `ready` (and the next paint) the iframe is shown. @default 150 */
  readonly settleMs?: number | undefined;
  /** How long after a `load` event without `ready` the iframe is shown anyway. @default 1500 */
  readonly loadTimeoutMs?: number | undefined;
}

/**
 * Creates the reveal timing of one embed. Only one reveal is pending at a time; scheduling one calls off the
 * previous.
 */
export function createReveal({ show, settleMs = 150, loadTimeoutMs = 1500 }: RevealTiming): Reveal {
  /** Calls off the step the pending reveal is waiting for (harmless once that step has run). */
  let stop = (): void => {};
  const wait = (ms: number, then: () => void): void => {
    const timer = setTimeout(then, ms);
    stop = () => clearTimeout(timer);
  };
  /** The next animation frame, or about one frame of time where nothing is rendered (no animation frames). */
  const nextFrame = (then: () => void): void => {
    if (typeof requestAnimationFrame !== 'function') wait(16, then);
    else {
      const frame = requestAnimationFrame(then);
      stop = () => cancelAnimationFrame(frame);
    }
  };
  return {
    // The flushed actions are on their way, but the embed usually draws its first screen (in its default look)
    // before it reads them, and nothing it sends tells us when it has: give it `settleMs`, then two frames, so
    // it has handled them and painted.
    afterReady() {
      stop();
      wait(settleMs, () => nextFrame(() => nextFrame(show)));
    },
    afterLoad() {
      stop();
      wait(loadTimeoutMs, show);
    },
    cancel: () => stop(),
  };
}
