import type { EmbedDebugReport } from '../protocol/EmbedDebugReport.js';
import type { SvcActionMessage, SvcEventMessage } from '../protocol/messages.js';

/**
 * One thing that happened to an embed, as a message inspector sees it:
 * - `event`: a valid event arrived and was dispatched;
 * - `action-sent`: an action was posted to the iframe;
 * - `action-queued`: an action waits for `ready`;
 * - `action-flushed`: a queued action was posted when `ready` arrived;
 * - `dropped`: something was dropped (a foreign or invalid message, an overflowing queue), with the reason;
 * - `lifecycle`: the embed's lifecycle moved on (session requested, address loaded, revealed, renewed, ...).
 */
export type EmbedInspectorEntry =
  | { readonly kind: 'event'; readonly embedId: string; readonly at: number; readonly message: SvcEventMessage }
  | {
      readonly kind: 'action-sent' | 'action-queued' | 'action-flushed';
      readonly embedId: string;
      readonly at: number;
      readonly message: SvcActionMessage;
    }
  | { readonly kind: 'dropped'; readonly embedId: string; readonly at: number; readonly report: EmbedDebugReport }
  | {
      readonly kind: 'lifecycle';
      readonly embedId: string;
      readonly at: number;
      /** What happened, e.g. `session-requested`, `loading`, `revealed`, `renewing`, `parked`, `destroyed`. */
      readonly phase: string;
      readonly detail?: string | undefined;
    };

/**
 * A function that receives every {@link EmbedInspectorEntry} of every embed on the page. An entry holds the
 * message as received (a foreign one can be megabytes): a listener that records entries should keep a bounded
 * copy, as `<SvcDevtools>` does, not the entry itself.
 */
export type EmbedInspectorListener = (entry: EmbedInspectorEntry) => void;

/**
 * The tap that developer tools (such as `<SvcDevtools>`) read: every entry of every embed of one runtime. While
 * nobody listens, `active` is false and the bridge skips building entries, so an app without an inspector pays
 * one property read.
 *
 * Development builds only: in a production build (`process.env.NODE_ENV` is `'production'`) bridges and
 * controllers emit nothing, and a bundler drops the code that builds entries, as `<SvcDevtools>` renders
 * nothing there. For production telemetry, use `onEvent` and `onDebug`.
 */
export interface EmbedInspector {
  /** Whether anyone listens: the bridge builds entries only then. */
  readonly active: boolean;
  /** Calls `listener` with every entry from now on; returns the function that stops it. */
  subscribe(listener: EmbedInspectorListener): () => void;
  /** Hands an entry to every listener; a throwing listener does not stop the others. */
  emit(entry: EmbedInspectorEntry): void;
}
