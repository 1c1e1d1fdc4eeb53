import type { EmbedRegistry } from './createEmbedRegistry.js';

/**
 * The names of the parts a runtime makes on first use (see {@link EmbedRuntime.getPart}):
 * - `ledger`: the session ids the runtime's embeds loaded (each is single-use; see `sessionLedgerOf`);
 * - `inspector`: what developer tools read, every message, drop and lifecycle step of the runtime's embeds
 *   (development builds only: production bundles never make it);
 * - `heldActions`: actions sent through hooks before their embed mounted;
 * - `parking`: the keep-alive parking lot, its bounds and the preloads waiting in it;
 * - `keepAlive`: the keep-alive value that parks in this runtime's lot;
 * - `parked`: the ids of the embeds keep-alive parked (see `setEmbedParked`).
 */
export type EmbedRuntimePart = 'ledger' | 'inspector' | 'heldActions' | 'parking' | 'keepAlive' | 'parked';

/**
 * The page state of a set of embeds: which are connected, which sessions they loaded, what waits for them, and
 * who inspects them. Apps without a runtime of their own share the page's default one (see
 * `getDefaultEmbedRuntime`); a runtime given to `<SvcProvider runtime>` (or an embed's `runtime` option) keeps
 * its embeds apart from every other runtime's: a test, a story, a micro-frontend.
 *
 * The one thing every runtime shares is the page's window `message` listener (a window has one message
 * stream), which hands each message to the embed whose iframe sent it. Secrets remembered for redaction are
 * page-wide too (see `pageSecrets`): a secret is hidden wherever it turns up.
 */
export interface EmbedRuntime {
  /** The connected embeds, by `embedId`. */
  readonly registry: EmbedRegistry;
  /** A new id for an embed that was given none, unique within this runtime: `<prefix>-<n>`. */
  nextId(prefix: string): string;
  /**
   * The runtime's instance of a part made on first use: `create` runs once per runtime and name, and later calls
   * return its result. Parts made this way are left out of the bundles that never ask for them.
   */
  getPart<T>(name: EmbedRuntimePart, create: () => T): T;
}
