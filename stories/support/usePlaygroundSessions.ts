import { useCallback, useState } from 'react';
import type { GetSession, SessionRequestReason } from '../../src/index.js';
import type { PlaygroundTenant } from './emulatorUrl.js';

/** One session the playground's backend delivered: for which embed, and why it was asked for. */
export interface PlaygroundSessionRequest {
  readonly embedId: string;
  readonly reason: SessionRequestReason;
}

/** A `getSession` for stories, and what it delivered so far. */
export interface PlaygroundSessions {
  /** Mints a session through the playground's backend, as an app's `getSession` calls its own backend. */
  readonly getSession: GetSession;
  /** Every session delivered, oldest first. */
  readonly requests: readonly PlaygroundSessionRequest[];
  /** How many sessions were delivered, for `reason` and `embedId` when given. */
  readonly count: (filter?: { readonly reason?: SessionRequestReason; readonly embedId?: string }) => number;
}

/**
 * A stable `getSession` backed by the playground's backend (`POST /playground-api/session`), which records
 * each session it delivered, so a story can show what a remount, a renewal or a tab costs in sessions.
 * `tenant` names the emulator the sessions are for (the main one by default).
 */
export function usePlaygroundSessions(tenant: PlaygroundTenant = 'default'): PlaygroundSessions {
  const [requests, setRequests] = useState<readonly PlaygroundSessionRequest[]>([]);
  // Stable on purpose: a new function would be a new embed identity, so a new load.
  const getSession = useCallback<GetSession>(async ({ embedId, reason, signal }) => {
    const response = await fetch(`/playground-api/session?tenant=${tenant}`, { method: 'POST', signal });
    const body = (await response.json()) as { sessionId?: string; error?: string };
    if (!response.ok || body.sessionId === undefined) throw new Error(body.error ?? `the playground backend answered ${response.status}`);
    setRequests((list) => [...list, { embedId, reason }]);
    return body.sessionId;
  }, [tenant]);
  const count: PlaygroundSessions['count'] = (filter = {}) =>
    requests.filter((r) => (filter.reason === undefined || r.reason === filter.reason) && (filter.embedId === undefined || r.embedId === filter.embedId)).length;
  return { getSession, requests, count };
}
