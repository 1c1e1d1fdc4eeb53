import { rememberSecret } from '../credentials/rememberSecret.js';
import { isDevelopment } from '../protocol/isDevelopment.js';
import type { EmbedRuntime } from './EmbedRuntime.js';

/**
 * The embed session ids a runtime has loaded into an iframe. A session is single-use: the platform exchanges
 * it for a token on the first load and refuses it afterwards, so loading one twice always ends in an error
 * page. The ledger lets the controller refuse before that happens.
 */
export interface SessionLedger {
  /** Whether `sessionId` was already loaded. */
  has(sessionId: string): boolean;
  /**
   * Records that `sessionId` is being loaded (or handed over) now. In development the developer tools and
   * debug reports learn it too, so it is hidden wherever it turns up; production bundles drop that call.
   */
  add(sessionId: string): void;
}

/**
 * How many session ids a ledger keeps; the oldest is forgotten first. Ids are kept for the runtime's lifetime
 * (a page loads a handful of sessions): the cap only guards against a runaway loop.
 */
export const MAX_LEDGER_SESSIONS = 10_000;

/** Creates an empty ledger (each runtime has one; see {@link sessionLedgerOf}). */
export function createSessionLedger(): SessionLedger {
  const loaded = new Set<string>();
  return {
    has: (sessionId) => loaded.has(sessionId),
    add(sessionId) {
      if (isDevelopment) rememberSecret(sessionId);
      if (loaded.size >= MAX_LEDGER_SESSIONS) loaded.delete(loaded.values().next().value as string);
      loaded.add(sessionId);
    },
  };
}

/** The session ledger of `runtime`, made on first use (by the first embed that loads a session). */
export function sessionLedgerOf(runtime: EmbedRuntime): SessionLedger {
  return runtime.getPart('ledger', createSessionLedger);
}
