import { rememberSecret } from '../credentials/rememberSecret.js';
import { isDevelopment } from '../protocol/isDevelopment.js';

/**
 * The embed session ids this page has loaded into an iframe. A session is single-use: the platform exchanges it
 * for a token on the first load and refuses it afterwards, so loading one twice always ends in an error page.
 * The ledger lets the controller refuse before that happens. Ids are kept for the page's lifetime; a page
 * loads a handful of sessions, and the cap only guards against a runaway loop.
 */
const loaded = new Set<string>();

/** Page-wide record of loaded session ids. */
export const sessionLedger = {
  /** Whether `sessionId` was already loaded on this page. */
  has(sessionId: string): boolean {
    return loaded.has(sessionId);
  },
  /**
   * Records that `sessionId` is being loaded (or handed over) now. In development the developer tools and debug
   * reports learn it too, so it is hidden wherever it turns up; production bundles drop that call.
   */
  add(sessionId: string): void {
    if (isDevelopment) rememberSecret(sessionId);
    // The cap sits where it is used, which lets bundlers write the number there.
    const LIMIT = 10_000;
    if (loaded.size >= LIMIT) loaded.delete(loaded.values().next().value as string);
    loaded.add(sessionId);
  },
} as const;
