import type { EmbedTheme } from '../protocol/embedTheme.js';
import type { Surface } from '../protocol/envelope.js';
import type { JsonValue } from '../protocol/filterValue.js';

/** A widget of a published dashboard, as the embed page renders it. */
export interface EmulatorWidget {
  readonly id: string;
  readonly type: 'CHART' | 'TEXT' | 'FILTER' | 'AI' | 'TABS_CONTAINER' | 'TIME_GRAIN';
  readonly position: { readonly x: number; readonly y: number; readonly w: number; readonly h: number };
  readonly config: { readonly [key: string]: JsonValue } | null;
}

/** The sample data set the emulator answers from, in the page and in the data API alike. */
export interface EmulatorDataset {
  /** The semantic view's internal name, as filter keys use it (`orders.status`). */
  readonly view: string;
  readonly dimensions: readonly string[];
  readonly measures: readonly string[];
  readonly rows: readonly { readonly [column: string]: string | number }[];
}

/** The session settings the page enforces: the tri-state entitlements, `locale` and `timezone`. */
export interface GrantedSettings {
  readonly allowAi?: boolean;
  readonly showDashboardChat?: boolean;
  readonly showWorkbookChat?: boolean;
  readonly showAiWidgets?: boolean;
  readonly allowChatWorkspaceAuthoring?: boolean;
  readonly showWorkbookShare?: boolean;
  readonly showDashboardSettings?: boolean;
  readonly showMemberNames?: boolean;
  readonly showGroupByCube?: boolean;
  readonly locale?: string;
  readonly timezone?: string;
}

/**
 * What a signed page's token grants, as `GET /embed/token-grants` answers (no credential in it): who the
 * viewer is and what the session entitles them to.
 */
export interface EmbedTokenGrants {
  readonly deploymentId: number;
  readonly creatorMode: boolean;
  readonly viewer: { readonly name: string; readonly email: string | null };
  readonly embedTenant: string | null;
  readonly theme: EmbedTheme | null;
  /** The session's `settings`, `{}` when it had none (every switch inherits). */
  readonly settings: GrantedSettings;
  /** The deployment branch the session's queries run against. */
  readonly branchName: string;
  /** The viewer's name and picture, or `null`. */
  readonly userProfile: { readonly displayName: string | null; readonly picture: string | null } | null;
}

/**
 * What the emulator server tells its embed page when it serves it: the page script reads this JSON from
 * `<script type="application/json" id="svc-emulator-boot">` and renders the surface from it. It is the one
 * contract between the emulator's server and its in-iframe page.
 */
export interface EmulatorBootConfig {
  readonly surface: Surface;
  /** The route path the page was served at, e.g. `/embed/dashboard/sales-overview`. */
  readonly path: string;
  readonly mode: 'signed' | 'private';
  readonly embedTenant: string | null;
  readonly deploymentId: number | null;
  readonly publicId?: string;
  /** Who is signed in: the session's user in signed mode, a stand-in account in private mode. */
  readonly viewer: { readonly name: string; readonly email: string | null };
  readonly allowExport: boolean;
  /** The `locale` address parameter, if any. */
  readonly locale: string | null;
  /** The `timezone` address parameter, if any (as given: the page decides whether it knows the zone). */
  readonly timezone: string | null;
  /** Filters from `f_<view>.<dimension>` address parameters, parsed. */
  readonly filters: { readonly [key: string]: JsonValue };
  /** Other address parameters (`showDashboardTitle`, `showChatInput`, ...). */
  readonly params: { readonly [name: string]: string };
  /** The session's `embedTheme`, if it had one. */
  readonly theme: EmbedTheme | null;
  /** The published dashboard (dashboard surface). */
  readonly dashboard?: {
    readonly title: string | null;
    readonly description: string | null;
    readonly widgets: readonly EmulatorWidget[];
  };
  /** The creator-mode app's workspace (app surface). */
  readonly app?: {
    readonly workbooks: readonly { readonly id: number; readonly name: string; readonly folderId: number | null }[];
    readonly folders: readonly { readonly id: number; readonly name: string }[];
  };
  readonly dataset: EmulatorDataset;
  /**
   * How often the page asks the server whether its embed token still holds (signed mode), in milliseconds.
   * The page also asks before it acts for the viewer, and keeps timers for the token's `expiringAt` and
   * `expiresAt` in between. The token itself is never in the config: the page exchanges its session for it.
   */
  readonly tokenCheckIntervalMs?: number;
  /**
   * What the page's token grants (signed mode). Never served: the page sets it once it holds its token
   * (`GET /embed/token-grants`), with `viewer`, `embedTenant`, `theme` and `deploymentId` from it.
   */
  readonly grants?: EmbedTokenGrants;
  /**
   * Whether the page speaks the newer protocol: the expiry events and `svc:action:set-session`. Without it
   * the page behaves as the older platform's.
   */
  readonly inPlaceRenewal: boolean;
  /** Set when the page cannot be shown (invalid, used or expired session): the page shows it and emits a fatal error. */
  readonly error?: { readonly name: string; readonly message: string };
}
