/**
 * Why the tenant bridge ignored or refused something:
 * - `wrong-source-window`: the message was not posted by the parent window;
 * - `wrong-origin`: posted by the parent window, but its page is not on the host origin;
 * - `not-an-action`: from the host, but not an `svc-embed` action envelope (another script's message);
 * - `bad-envelope`, `bad-payload`, `unknown-type`: an `svc-embed` action refused by `parseActionMessage`
 *   (answered with a non-fatal `svc:event:error`);
 * - `handler-error`: an action handler threw (also answered with a non-fatal `svc:event:error`);
 * - `destroyed`: `emit` was called after `destroy()`.
 */
export type TenantDropReason =
  | 'wrong-source-window'
  | 'wrong-origin'
  | 'not-an-action'
  | 'bad-envelope'
  | 'bad-payload'
  | 'unknown-type'
  | 'handler-error'
  | 'destroyed';

/** What the tenant bridge's debug hook receives. */
export interface TenantDebugReport {
  readonly reason: TenantDropReason;
  /** A readable explanation: which field, what was expected. */
  readonly detail: string;
  /** `event.origin` of the message, for incoming messages. */
  readonly origin?: string;
  /** The message type, when one could be read. */
  readonly type?: string;
}

/** A function that receives {@link TenantDebugReport}s. */
export type TenantDebugHook = (report: TenantDebugReport) => void;
