/**
 * What the session host page (main.tsx) keeps on its window for the test that drives it
 * (sessionLifecycle.test.ts): both sides read this one description.
 */

/** One `getSession` call as the app's backend saw it (times from `performance.now()`). */
export interface SessionCall {
  embedId: string;
  reason: string;
  /** The viewer the app was signed in as when the call started: the session is minted for them. */
  viewer: string;
  startedAt: number;
  settledAt?: number;
  session?: string;
  /** Whether the library aborted the call's signal (this backend answers anyway, as many do). */
  aborted: boolean;
}

export interface HostWindow extends Window {
  /** Provided by the test (through Playwright): mints a session on the emulator for a viewer, from Node. */
  mintSession?: (surface: string, viewer: string) => Promise<string>;
  __calls: SessionCall[];
  __inFlight: number;
  __maxInFlight: number;
  /** Holds every `getSession` call from now on until `__release` is called (a slow backend). */
  __hold: () => void;
  /** Lets the held calls go on. */
  __release: () => void;
  __viewer: string;
  /** What reached `onError`, by embed. */
  __errors: { embedId: string; code: string | null; message: string }[];
  __events: { embedId: string; type: string }[];
  __setSession?: (session: string | undefined) => void;
  /** Whether this is the production build (the bundler folds the check). */
  __production: boolean;
  /** Set when the sleep is over: how many `getSession` calls had been made by then. */
  __slept?: { calls: number } | undefined;
}
