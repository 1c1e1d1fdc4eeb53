import type { EmbedRuntime } from '../runtime/EmbedRuntime.js';
import { runtimeOf } from '../runtime/defaultEmbedRuntime.js';
import { SESSIONS_IN_FLIGHT } from './lifecycleLimits.js';

/** A bound on how many session requests run at once; the others wait, first come first served. */
export interface SessionGate {
  /**
   * Runs `request` once a place is free and gives its answer. `signal` aborted while waiting: the request
   * never runs and the answer is the abort (`signal.reason`). The place is freed when the request settles.
   */
  run<T>(request: () => Promise<T>, signal: AbortSignal): Promise<T>;
  /** How many requests are running now (for tests and developer tools). */
  readonly inFlight: number;
}

/**
 * Creates a gate that lets at most `maxInFlight` requests run at once. Many embeds that need a session at the
 * same moment (a wake after sleep) then ask the app's backend a few at a time; each still gets its own.
 *
 * @example
 * const gate = createSessionGate({ maxInFlight: 2 });
 * const session = await gate.run(() => fetchSession(), abort.signal);
 */
export function createSessionGate({ maxInFlight }: { readonly maxInFlight: number }): SessionGate {
  let running = 0;
  /** The requests waiting for a place, first come first served: each is handed the place of one that ends. */
  const waiting: Array<() => void> = [];

  /** Waits until a place is handed over; rejects with the abort, leaving the line, when `signal` is aborted first. */
  const waitForPlace = (signal: AbortSignal): Promise<void> =>
    new Promise((resolve, reject) => {
      const enter = (): void => {
        signal.removeEventListener('abort', leave);
        resolve();
      };
      const leave = (): void => {
        waiting.splice(waiting.indexOf(enter), 1);
        reject(signal.reason);
      };
      waiting.push(enter);
      signal.addEventListener('abort', leave, { once: true });
    });

  return {
    async run(request, signal) {
      if (signal.aborted) throw signal.reason;
      if (running < maxInFlight) running += 1;
      else await waitForPlace(signal);
      // The place is freed once, when the request settles or is given up (aborted: a getSession that ignores its
      // signal and never answers must not hold a place for ever). It goes straight to the next request waiting.
      let held = true;
      const free = (): void => {
        if (!held) return;
        held = false;
        signal.removeEventListener('abort', free);
        const next = waiting.shift();
        if (next) next();
        else running -= 1;
      };
      signal.addEventListener('abort', free, { once: true });
      try {
        // Called at once when a place is free; a request that throws at once is a rejected one.
        return await request();
      } finally {
        free();
      }
    },
    get inFlight() {
      return running;
    },
  };
}

/**
 * The session gate of the runtime an embed belongs to, made when its first session is requested: the bound is
 * per runtime (by default one per page), so the embeds of a page share it.
 */
export function sessionGateOf(options: { readonly runtime?: EmbedRuntime | undefined }): SessionGate {
  return runtimeOf(options).getPart('sessionGate', () => createSessionGate({ maxInFlight: SESSIONS_IN_FLIGHT }));
}
