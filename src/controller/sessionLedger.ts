import { type SessionLedger, sessionLedgerOf } from '../runtime/createSessionLedger.js';
import { getDefaultEmbedRuntime, runtimeOf } from '../runtime/defaultEmbedRuntime.js';
import type { EmbedRuntime } from '../runtime/EmbedRuntime.js';

/** The session ledger of the runtime an embed's options name, else of the page's default runtime. */
export function ledgerOf(options: { readonly runtime?: EmbedRuntime | undefined }): SessionLedger {
  return sessionLedgerOf(runtimeOf(options));
}

/** The session ledger of the page's default runtime (see `SessionLedger`). */
export const sessionLedger: SessionLedger = {
  has: (sessionId) => sessionLedgerOf(getDefaultEmbedRuntime()).has(sessionId),
  add: (sessionId) => sessionLedgerOf(getDefaultEmbedRuntime()).add(sessionId),
};
