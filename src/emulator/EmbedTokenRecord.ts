import type { GenerateSessionInput, UserProfile } from '../api/embedSession.js';
import type { EmbedSessionSettings } from '../api/embedSessionSettings.js';

/**
 * What a session grants its embed beyond the viewer: read by the embed page from the session and from every
 * token exchanged from it, under these same names.
 */
export interface EmbedSessionGrants {
  /** The session's `settings` (entitlements, `locale`, `timezone`), `{}` when it had none: every switch inherits. */
  readonly settings: EmbedSessionSettings;
  /** The deployment branch every query of the session runs against. @default 'main' */
  readonly branchName: string;
  /** The viewer's name and picture to show, or `null` when the session gave none. */
  readonly userProfile: UserProfile | null;
}

/** A session minted by generate-session, before or after the iframe used it. */
export interface EmbedSessionRecord extends EmbedSessionGrants {
  readonly input: GenerateSessionInput & { readonly deploymentId: number };
  readonly expiresAt: number;
  used: boolean;
  /**
   * Revoked (`POST /v1/embed/session/revoke`): the id can no longer be exchanged, and every token exchanged
   * from it is refused as an expired one is.
   */
  revoked: boolean;
}

/**
 * What an iframe gets for a session: a token that lives about a day, so the page survives reloads. It
 * carries the session's grants (`settings`, `branchName`, `userProfile`).
 */
export interface EmbedTokenRecord extends EmbedSessionGrants {
  readonly session: EmbedSessionRecord;
  /** When the token was minted (the session exchanged), epoch milliseconds. */
  readonly mintedAt: number;
  /**
   * When the embed stops trusting the token: `mintedAt + ttl - trustMargin`. Moved to "now" by
   * {@link EmulatorState.expireEmbedTokens}.
   */
  expiresAt: number;
  /**
   * When the page announces the end (`svc:event:session-expiring`): `expiresAt - lead`. Moved to "now" by
   * {@link EmulatorState.warnEmbedTokens}.
   */
  expiringAt: number;
}

/** How long an embed token lives and when its page announces its end, in milliseconds. */
export interface EmbedTokenLifetime {
  /** The token's whole life from the exchange. */
  readonly ttlMs: number;
  /** How long before the end of its life the embed stops trusting it, so no request in flight outlives it. */
  readonly trustMarginMs: number;
  /** How long before the embed stops trusting it the page sends `svc:event:session-expiring`. */
  readonly expiringLeadMs: number;
}

/** Why a page refuses a session or token: the error it shows and reports (`SessionError`, `NotFoundError`...). */
export interface SessionRefusal {
  readonly name: string;
  readonly message: string;
}

/** The platform's embed token lifetime: minted for 24 hours, trusted for 23, announced 10 minutes ahead. */
export const DEFAULT_EMBED_TOKEN_LIFETIME: EmbedTokenLifetime = {
  ttlMs: 24 * 60 * 60 * 1000,
  trustMarginMs: 60 * 60 * 1000,
  expiringLeadMs: 10 * 60 * 1000,
};
