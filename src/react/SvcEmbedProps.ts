import type { CSSProperties, ReactNode } from 'react';
import type { EmbedOptions, OptionalOptions } from '../controller/EmbedOptions.js';
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
 * what is left undefined) without what each component decides itself, plus what React renders.
 */
export interface SvcEmbedCommonProps
  extends OptionalOptions<
    EmbedOptions,
    Exclude<
      keyof EmbedOptions,
      'surface' | 'publicId' | 'deploymentId' | 'filters' | 'allowExport' | 'params' | 'onFailure' | keyof PlacementSwitches
    >
  > {
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
}

/**
 * Props of `<SvcDashboard>`: the common props, the dashboard's filters and `allowExport`, and its placement
 * switches (`showDashboardHeader`, `showDashboardBackButton`, ...: each writes `false` into the address
 * only when `false`). A switch of another surface is a type error.
 */
export interface SvcDashboardProps extends SvcEmbedCommonProps, OptionalOptions<EmbedOptions, 'filters' | 'allowExport'>, DashboardAddressParams {
  /** The published dashboard's public id. Identity. */
  readonly publicId: string;
  /** Any other address parameter (the escape hatch); never the session, filters, locale, time zone or export. */
  readonly params?: EmbedAddressParams | undefined;
}

/**
 * Props of `<SvcApp>` (creator mode: signed-only, so `session` is required), with the app's placement switch
 * `showWorkbookBackButton`.
 */
export interface SvcAppProps extends SvcEmbedCommonProps, AppAddressParams {
  /** The deployment to open. Identity. */
  readonly deploymentId: number | string;
  /** The app surface is signed-only: give `session` or `getSession` (here or on `<SvcProvider>`). */
  readonly session?: string | undefined;
}

/** Props of `<SvcChat>`, with the chat's placement switches (`showNewChat`, `showChatInput`, `showChatHistory`). */
export interface SvcChatProps extends SvcEmbedCommonProps, ChatAddressParams {
  /** Any other address parameter (the escape hatch); never the session, locale or time zone. */
  readonly params?: EmbedAddressParams | undefined;
}
