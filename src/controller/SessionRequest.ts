import type { Surface } from '../protocol/envelope.js';

/**
 * Why a session is requested: `initial` for an embed's first load, `renewal` when the embed's session is about
 * to end or ended (announced by the embed, caught when the tab returns, or a session failure), `retry` when
 * the app retries after an error.
 */
export type SessionRequestReason = 'initial' | 'renewal' | 'retry';

/** What `getSession` is told about the load that needs a session. */
export interface SessionRequest {
  /** Which surface the session is for. */
  readonly surface: Surface;
  /** The embed's id on the page. */
  readonly embedId: string;
  /** The dashboard's public id (dashboard surface). */
  readonly publicId?: string | undefined;
  /** The deployment (app surface). */
  readonly deploymentId?: number | string | undefined;
  /** Why a session is needed now. */
  readonly reason: SessionRequestReason;
  /**
   * With `reason: 'renewal'`: when the embed stops trusting its current token (epoch ms), if it said so. Until
   * then the viewer is not interrupted, and a rejected `getSession` is tried again with backoff (while the
   * browser is offline, when the network is back).
   */
  readonly expiresAt?: number | undefined;
  /**
   * Aborted when the answer is no longer wanted: the embed is torn down (or destroyed) before the session
   * arrives, a newer session took its place (a new `session` option), or the call took longer than
   * `sessionTimeoutMs` (SVC308); pass it to `fetch`. An answer that comes anyway is dropped, never loaded. Not
   * aborted because another renewal trigger arrived: those join this request.
   */
  readonly signal: AbortSignal;
}

/**
 * Acquires a new embed session id, usually from the app's own backend, which mints it with
 * `svc-embed-react/server`'s `generateSession`. Called for every iframe load that needs a session; each id
 * it returns is loaded exactly once.
 *
 * @example
 * const getSession: GetSession = async ({ publicId, signal }) => {
 *   const response = await fetch(`/api/embed-session?dashboard=${publicId}`, { method: 'POST', signal });
 *   return (await response.json()).sessionId;
 * };
 */
export type GetSession = (request: SessionRequest) => Promise<string>;
