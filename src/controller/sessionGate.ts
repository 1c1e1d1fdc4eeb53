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
  const waiting: Array<() => void> = [];

  const next = (): void => {
    running -= 1;
    waiting.shift()?.();
  };

  return {
    run<T>(request: () => Promise<T>, signal: AbortSignal): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        const start = (): void => {
          signal.removeEventListener('abort', leave);
          if (signal.aborted) {
            // Given up while waiting: the place goes to the next request at once.
            waiting.shift()?.();
            reject(signal.reason);
            return;
          }
          running += 1;
          // The place is freed once, when the request settles or is given up (aborted: a getSession that
          // ignores its signal and never answers must not hold a place for ever).
          let held = true;
          const free = (): void => {
            if (!held) return;
            held = false;
            signal.removeEventListener('abort', free);
            next();
          };
          signal.addEventListener('abort', free, { once: true });
          // Called at once when a place is free; a request that throws at once is a rejected one.
          let answer: Promise<T>;
          try {
            answer = Promise.resolve(request());
          } catch (error) {
            answer = Promise.reject(error);
          }
          answer.then(resolve, reject).finally(free);
        };
        const leave = (): void => {
          const index = waiting.indexOf(start);
          if (index >= 0) waiting.splice(index, 1);
          reject(signal.reason);
        };
        if (running < maxInFlight) start();
        else {
          waiting.push(start);
          signal.addEventListener('abort', leave, { once: true });
        }
      });
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
