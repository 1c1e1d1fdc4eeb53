import type { CSSProperties, ReactNode } from 'react';
import type { ColorScheme } from '../protocol/actionPayloads.js';
import type { EmbedReveal } from '../controller/createEmbedController.js';
import type { EmbedKeepAlive } from '../controller/EmbedKeepAlive.js';
import type { GetSession } from '../controller/SessionRequest.js';
import type { ChatAddressParams, DashboardAddressParams } from '../protocol/buildEmbedUrl.js';
import type { EmbedDebugHook } from '../protocol/EmbedDebugReport.js';
import type { EmbedTheme } from '../protocol/embedTheme.js';
import type { EventMap, EventType } from '../protocol/eventPayloads.js';
import type { Filters } from '../protocol/filterValue.js';
import type { SvcEventMessage } from '../protocol/messages.js';
import type { SvcErrorFallback } from './EmbedStatusLayer.js';

/** A callback for one event type: the payload, and the whole envelope. */
export type SvcEventCallback<T extends EventType> = (payload: EventMap[T], message: SvcEventMessage<T>) => void;

/** Props every embed component takes. */
export interface SvcEmbedCommonProps {
  /**
   * The tenant's origin, e.g. `https://acme.example.com` (`http:` only on loopback hosts). Identity.
   * @default the surrounding `<SvcProvider>`'s `tenantOrigin` (one of the two is required)
   */
  readonly tenantOrigin?: string | undefined;
  /**
   * An embed session id minted by your backend: signed mode. Used for the first load only if this page has
   * not loaded it yet (sessions are single-use); later loads need `getSession`. Identity.
   */
  readonly session?: string | undefined;
  /**
   * Acquires a new session for every load that needs one (first load, remount, renewal, retry): signed mode.
   * Its request carries an `AbortSignal` that fires on unmount. With neither `session` nor `getSession`, the
   * embed runs in private mode (the viewer signs in inside it).
   * @default the surrounding `<SvcProvider>`'s `getSession`
   */
  readonly getSession?: GetSession | undefined;
  /**
   * When the iframe is shown: `'ready'` waits until the embed is ready and has its initial colour scheme,
   * theme and locale (an embed that loaded but sends no `ready`, like the sign-in page of private mode, is
   * shown after `revealTimeoutMs`); `'immediate'` shows it at once.
   * @default 'ready'
   */
  readonly reveal?: EmbedReveal | undefined;
  /**
   * Keep the embed alive when it unmounts: its iframe, session, store and in-embed state (path, filters picked
   * inside it, scroll) are parked, and the next mount with the same identity (surface, tenant, `publicId` or
   * `deploymentId`, `embedId`) shows it again at once, without a reload or a new session. Parking is bounded
   * (see `embedParking.configure`). Pass `keepAlive` from `svc-embed-react/keep-alive` (its own entry, so apps
   * that do not use it do not ship it). Read when the embed is created.
   * @default the surrounding `<SvcProvider>`'s `keepAlive`, else none
   */
  readonly keepAlive?: EmbedKeepAlive | undefined;
  /** With `reveal="ready"`: how long after the iframe's load an embed without `ready` is shown. @default 1500 */
  readonly revealTimeoutMs?: number | undefined;
  /**
   * A name hooks elsewhere in the app use to address this embed.
   * @default an id generated with React's `useId` (stable across server rendering and hydration)
   */
  readonly embedId?: string | undefined;
  /** Colour scheme, sent as `svc:action:set-color-scheme`. `auto` follows the viewer's OS preference. */
  readonly colorScheme?: ColorScheme | undefined;
  /** UI language (a BCP 47 tag). The first value goes into the address; changes go as `svc:action:set-locale`. */
  readonly locale?: string | undefined;
  /** Brand theme, sent as `svc:action:set-theme`. */
  readonly theme?: EmbedTheme | undefined;
  /** In-embed route path, sent as `svc:action:navigate` when it changes (never echoed back). */
  readonly path?: string | undefined;
  /** Extra address parameters (the escape hatch); never able to replace the session. */
  readonly params?: Readonly<Record<string, string | number | boolean | undefined>> | undefined;
  /** The iframe's accessible title. @default a description of the surface */
  readonly title?: string | undefined;
  /** Class of the wrapper element around the iframe. */
  readonly className?: string | undefined;
  /** Style of the wrapper element around the iframe. */
  readonly style?: CSSProperties | undefined;
  /** Shown in the embed's place while the iframe is hidden (see `reveal`). */
  readonly loading?: ReactNode | undefined;
  /**
   * Shown over the embed after it failed: a fatal `svc:event:error` that renewal could not fix, or a rejected
   * `getSession`. A function receives the error and `retry`, which starts a new load (with a new session).
   */
  readonly errorFallback?: SvcErrorFallback | undefined;
  readonly onReady?: SvcEventCallback<'svc:event:ready'> | undefined;
  readonly onView?: SvcEventCallback<'svc:event:view'> | undefined;
  readonly onNavigate?: SvcEventCallback<'svc:event:navigate'> | undefined;
  readonly onDashboardLoaded?: SvcEventCallback<'svc:event:dashboard-loaded'> | undefined;
  readonly onDownload?: SvcEventCallback<'svc:event:download'> | undefined;
  readonly onDrilldown?: SvcEventCallback<'svc:event:drilldown'> | undefined;
  readonly onAiQuery?: SvcEventCallback<'svc:event:ai-query'> | undefined;
  readonly onError?: SvcEventCallback<'svc:event:error'> | undefined;
  /**
   * The embed will stop trusting its session's token at `expiresAt`. With `getSession`, renewal in place has
   * already been scheduled: this is for the app's own bookkeeping.
   */
  readonly onSessionExpiring?: SvcEventCallback<'svc:event:session-expiring'> | undefined;
  /** The embed no longer trusts its token (it keeps its state); with `getSession` a renewal is under way. */
  readonly onSessionExpired?: SvcEventCallback<'svc:event:session-expired'> | undefined;
  /** Every event. */
  readonly onEvent?: ((message: SvcEventMessage) => void) | undefined;
  /** Everything the embed drops (wrong origin, wrong window, invalid message, ...), with the reason. */
  readonly onDebug?: EmbedDebugHook | undefined;
}

/** Props of `<SvcDashboard>`. */
export interface SvcDashboardProps extends SvcEmbedCommonProps {
  /** The published dashboard's public id. Identity. */
  readonly publicId: string;
  /**
   * Filters by `<semantic_view>.<dimension>`: `{ 'orders.status': { value: 'completed' } }`. The first
   * value goes into the address; each later change sends one `svc:action:set-filter` per changed key, and a
   * removed key sends `null`.
   */
  readonly filters?: Filters | undefined;
  /** Show the download controls. @default false */
  readonly allowExport?: boolean | undefined;
  /** Known dashboard address parameters, plus any other. */
  readonly params?: (DashboardAddressParams & Readonly<Record<string, string | number | boolean | undefined>>) | undefined;
}

/** Props of `<SvcApp>` (creator mode: signed-only, so `session` is required). */
export interface SvcAppProps extends SvcEmbedCommonProps {
  /** The deployment to open. Identity. */
  readonly deploymentId: number | string;
  /** The app surface is signed-only: give `session` or `getSession` (here or on `<SvcProvider>`). */
  readonly session?: string | undefined;
}

/** Props of `<SvcChat>`. */
export interface SvcChatProps extends SvcEmbedCommonProps {
  /** Known chat address parameters, plus any other. */
  readonly params?: (ChatAddressParams & Readonly<Record<string, string | number | boolean | undefined>>) | undefined;
}
