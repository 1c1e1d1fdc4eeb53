/**
 * Why the bridge dropped something:
 * - `wrong-origin`: the message's `event.origin` is not the embed's tenant origin;
 * - `wrong-source-window`: right origin, but not posted by this embed's iframe window;
 * - `bad-envelope`, `bad-payload`, `unknown-type`: see `parseEventMessage`;
 * - `queue-overflow`: an action queued before `ready` was discarded because the queue was full;
 * - `not-connected`: an action was sent after the embed was disconnected;
 * - `unaddressed-action`: actions sent without an `embedId` before any embed mounted were dropped because
 *   several embeds mounted (sending them to a guess could reach the wrong tenant);
 * - `unknown-value`: an event carried an enum value this version does not know; it was still delivered
 *   (reported once per embed and value, in development).
 */
export type EmbedDropReason =
  | 'wrong-origin'
  | 'wrong-source-window'
  | 'bad-envelope'
  | 'bad-payload'
  | 'unknown-type'
  | 'queue-overflow'
  | 'not-connected'
  | 'unaddressed-action'
  | 'unknown-value';

/** What a debug hook receives for everything an embed drops. */
export interface EmbedDebugReport {
  readonly reason: EmbedDropReason;
  /** A readable explanation: which field, what was expected. */
  readonly detail: string;
  /** The embed that reports it. */
  readonly embedId: string;
  /** `event.origin` of a dropped incoming message. */
  readonly origin?: string;
  /** The message type, when one could be read. */
  readonly type?: string;
  /** The dropped message's data (incoming) or the dropped action (outgoing), for inspection. */
  readonly data?: unknown;
}

/** A function that receives {@link EmbedDebugReport}s. */
export type EmbedDebugHook = (report: EmbedDebugReport) => void;
