import type { CSSProperties, ReactNode } from 'react';
import type { EmbedOptions, OptionalOptions } from '../controller/EmbedOptions.js';
import type { SvcErrorPayload } from '../controller/SvcErrorPayload.js';
import type {
  AppAddressParams,
  ChatAddressParams,
  DashboardAddressParams,
  EmbedAddressParams,
  PlacementSwitches,
} from '../protocol/buildEmbedUrl.js';
import type { ErrorPayload, EventMap, EventType } from '../protocol/eventPayloads.js';
import type { SvcEventMessage } from '../protocol/messages.js';

/** What `errorFallback` may be: an element, or a function of the error and a way to start again. */
export type SvcErrorFallback = ReactNode | ((error: ErrorPayload, retry: () => void) => ReactNode);

/** A callback for one event type: the payload, and the whole envelope. */
export type SvcEventCallback<T extends EventType> = (payload: EventMap[T], message: SvcEventMessage<T>) => void;

/**
 * Props every embed component takes: the embed's options (see `EmbedOptions`; the provider's settings fill
 * what is left undefined) without what each component decides itself, plus what React renders, and the
 * callbacks of the events every surface sends. Each callback receives the event's payload and the whole
 * message; it is read at the moment the event arrives, so a new function on every render is fine.
 */
export interface SvcEmbedCommonProps
  extends OptionalOptions<
    EmbedOptions,
    Exclude<
      keyof EmbedOptions,
      'surface' | 'publicId' | 'deploymentId' | 'filters' | 'allowExport' | 'params' | 'onFailure' | 'subject' | 'path' | keyof PlacementSwitches
    >
  > {
  /** Class of the wrapper element around the iframe. */
  readonly className?: string | undefined;
  /** Style of the wrapper element around the iframe (give it a height: the iframe fills it). */
  readonly style?: CSSProperties | undefined;
  /** Shown in the embed's place while the iframe is hidden (see `reveal`). */
  readonly loading?: ReactNode | undefined;
  /**
   * Shown over the embed after it failed: a fatal `svc:event:error` that renewal could not fix, or a rejected
   * `getSession`. A function receives the error and `retry`, which starts a new load (with a new session).
   * The error's `message` is written for developers (in development it links to the docs): show your users
   * your own words.
   */
  readonly errorFallback?: SvcErrorFallback | undefined;
  /**
   * The embed has signed in and mounted (`svc:event:ready`, once per load): `mode` says signed or private,
   * `deploymentId` and `embedTenant` say whose it is. Actions sent before it were queued and go out now.
   */
  readonly onReady?: SvcEventCallback<'svc:event:ready'> | undefined;
  /** A screen of the embed is shown (`svc:event:view`): on load and after each in-embed navigation, with its `path` and `title`. */
  readonly onView?: SvcEventCallback<'svc:event:view'> | undefined;
  /** The viewer moved inside the embed (`svc:event:navigate`): the new `path` and the `previousPath`. */
  readonly onNavigate?: SvcEventCallback<'svc:event:navigate'> | undefined;
  /** The viewer ran an AI query (`svc:event:ai-query`), reported as it is `submitted` and as it `completed` or hit an `error`. */
  readonly onAiQuery?: SvcEventCallback<'svc:event:ai-query'> | undefined;
  /**
   * Something failed that the app should hear of: the library's own failure (a rejected `getSession`, a reused
   * session, a bad prop, a wait that ran out), or an error the embed reported that the library did not handle
   * (under `SVC310`, with the embed's `name` and message kept). Every one carries a `code`; `fatal` says the
   * whole embed is down. What the library handles is not reported: an expiry or a failed session it renews, an
   * action the embed refused while its token was expired (sent again after the renewal).
   */
  readonly onError?: ((error: SvcErrorPayload, message: SvcEventMessage<'svc:event:error'>) => void) | undefined;
  /**
   * The embed will stop trusting its session's token at `expiresAt`. With `getSession`, renewal in place has
   * already been scheduled: this is for the app's own bookkeeping.
   */
  readonly onSessionExpiring?: SvcEventCallback<'svc:event:session-expiring'> | undefined;
  /** The embed no longer trusts its token (it keeps its state); with `getSession` a renewal is under way. */
  readonly onSessionExpired?: SvcEventCallback<'svc:event:session-expired'> | undefined;
  /** Every event of this embed, after its own callback: one place to log or forward them all. */
  readonly onEvent?: ((message: SvcEventMessage) => void) | undefined;
}

/** The callbacks of the events only a published dashboard sends. */
export interface SvcDashboardEventProps {
  /** Every widget of the dashboard has rendered (`svc:event:dashboard-loaded`, after `ready`): `widgetCount`, `loadDurationMs`. */
  readonly onDashboardLoaded?: SvcEventCallback<'svc:event:dashboard-loaded'> | undefined;
  /** The viewer exported data or an image (`svc:event:download`): its `format` and `target`, never the rows. Needs `allowExport` for data exports. */
  readonly onDownload?: SvcEventCallback<'svc:event:download'> | undefined;
  /** The viewer drilled into a measure (`svc:event:drilldown`): the `member`, and the `value` and `widgetId` when known. */
  readonly onDrilldown?: SvcEventCallback<'svc:event:drilldown'> | undefined;
}

/**
 * Props of `<SvcDashboard>`: the common props, the dashboard's own events, filters, `allowExport` and controlled
 * `path`, and its placement switches (`showDashboardHeader`, `showDashboardBackButton`, ...: each writes `false`
 * into the address only when `false`). A switch of another surface is a type error.
 */
export interface SvcDashboardProps
  extends SvcEmbedCommonProps,
    SvcDashboardEventProps,
    OptionalOptions<EmbedOptions, 'filters' | 'allowExport' | 'path'>,
    DashboardAddressParams {
  /** The published dashboard's public id. Identity. */
  readonly publicId: string;
  /** Any other address parameter (the escape hatch); never the session, filters, locale, time zone or export. */
  readonly params?: EmbedAddressParams | undefined;
}

/**
 * Props of `<SvcApp>` (creator mode: signed-only, so `session` is required), with a controlled `path` and the
 * app's placement switch `showWorkbookBackButton`. The app sends no dashboard events.
 */
export interface SvcAppProps extends SvcEmbedCommonProps, OptionalOptions<EmbedOptions, 'path'>, AppAddressParams {
  /** The deployment to open. Identity. */
  readonly deploymentId: number | string;
  /** The app surface is signed-only: give `session` or `getSession` (here or on `<SvcProvider>`). */
  readonly session?: string | undefined;
}

/**
 * Props of `<SvcChat>`, with the chat's placement switches (`showNewChat`, `showChatInput`, `showChatHistory`).
 * The chat has one screen and sends no dashboard events: no controlled `path` or `filters` and no dashboard
 * callbacks (passing one is a type error).
 */
export interface SvcChatProps extends SvcEmbedCommonProps, ChatAddressParams {
  /** Any other address parameter (the escape hatch); never the session, locale or time zone. */
  readonly params?: EmbedAddressParams | undefined;
}
