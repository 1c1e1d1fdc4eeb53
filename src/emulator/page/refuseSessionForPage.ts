import type { Surface } from '../../protocol/envelope.js';

/** What a page knows of a session before it trusts it: its deployment and whether it is a creator session. */
export interface SessionFacts {
  readonly deploymentId: number;
  readonly creatorMode?: boolean | null | undefined;
}

/** Why a page will not show a session (`SessionError`), with a message that never quotes a credential. */
export interface PageRefusal {
  readonly name: string;
  readonly message: string;
}

/**
 * The page's own rule for a session, in one place for the server (which checks a fresh session before it
 * is spent) and the page (which checks the token it kept across a reload): a page of one deployment shows
 * only that deployment's sessions, and the app shows only creator-mode sessions. `null` when it may.
 */
export function refuseSessionForPage(page: { readonly surface: Surface; readonly deploymentId: number | null }, session: SessionFacts): PageRefusal | null {
  if (page.deploymentId !== null && session.deploymentId !== page.deploymentId) {
    return { name: 'SessionError', message: `This session is for deployment ${session.deploymentId}.` };
  }
  if (page.surface === 'app' && session.creatorMode !== true) {
    return { name: 'SessionError', message: 'The app needs a session minted with creatorMode: true.' };
  }
  return null;
}
