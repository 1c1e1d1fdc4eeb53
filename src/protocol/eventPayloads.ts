import { SURFACES, type Surface } from './envelope.js';
import { boolean, type FieldCheck, nullable, number, object, oneOf, optional, string, unknown } from './fieldChecks.js';

// Reading is tolerant, so that an app's callbacks keep firing as the platform evolves: `null` in an optional
// field counts as absent, unknown payload fields are passed on, and the enums the platform may extend
// (download format and target, ai-query status) accept values this version does not know, typed as the
// known values plus `string & {}` (editors still offer the known ones). A wrong type is still refused.

/** Export formats a download is known to have. */
export const DOWNLOAD_FORMATS = ['csv', 'xlsx', 'png', 'pdf'] as const;
/** An export format this version knows. */
export type KnownDownloadFormat = (typeof DOWNLOAD_FORMATS)[number];
/** An export format: one this version knows, or a newer one the platform added. */
export type DownloadFormat = KnownDownloadFormat | (string & {});

/** What a download is known to export. */
export const DOWNLOAD_TARGETS = ['widget', 'dashboard'] as const;
/** What a download exported: a known target, or a newer one. */
export type DownloadTarget = (typeof DOWNLOAD_TARGETS)[number] | (string & {});

/** Lifecycle states an AI query is known to have. */
export const AI_QUERY_STATUSES = ['submitted', 'completed', 'error'] as const;
/** An AI query lifecycle state this version knows. */
export type KnownAiQueryStatus = (typeof AI_QUERY_STATUSES)[number];
/** An AI query's lifecycle state: one this version knows, or a newer one. */
export type AiQueryStatus = KnownAiQueryStatus | (string & {});

/** Payload of `svc:event:ready`: the embed has authenticated and mounted; the first event, once per load. */
export interface ReadyPayload {
  /** The tenant's name, or `null` when the platform does not say. */
  embedTenant: string | null;
  /** The deployment shown, or `null`. */
  deploymentId: number | null;
  /** `signed` for session-based embeds, `private` for viewers signed in to the platform. */
  mode: 'signed' | 'private';
  surface: Surface;
  publicId?: string | undefined;
}

/** Payload of `svc:event:view`: a surface is viewed, on load and on each in-embed navigation. */
export interface ViewPayload {
  surface: Surface;
  path: string;
  publicId?: string | undefined;
  title?: string | undefined;
}

/** Payload of `svc:event:navigate`: the viewer navigated inside the embed. */
export interface NavigatePayload {
  path: string;
  previousPath?: string | undefined;
}

/** Payload of `svc:event:dashboard-loaded`: every widget of a dashboard has rendered. */
export interface DashboardLoadedPayload {
  publicId?: string | undefined;
  widgetCount?: number | undefined;
  loadDurationMs?: number | undefined;
}

/** Payload of `svc:event:download`: the viewer exported data or an image (never the rows themselves). */
export interface DownloadPayload {
  format: DownloadFormat;
  target: DownloadTarget;
  widgetId?: string | undefined;
  title?: string | undefined;
  rowCount?: number | undefined;
}

/** Payload of `svc:event:drilldown`: the viewer drilled into a measure. `value` may be any JSON value. */
export interface DrilldownPayload {
  member: string;
  value?: unknown;
  widgetId?: string | undefined;
}

/** Payload of `svc:event:ai-query`: an AI query moved through its lifecycle. */
export interface AiQueryPayload {
  query: string;
  status: AiQueryStatus;
  chatId?: string | undefined;
  agentId?: string | undefined;
}

/** Payload of `svc:event:error`: the embed surfaced an error; `fatal` means the whole surface went down. */
export interface ErrorPayload {
  message: string;
  name?: string | undefined;
  context?: string | undefined;
  fatal?: boolean | undefined;
}

/**
 * Payload of `svc:event:session-expiring`: the embed will stop trusting its session's token at `expiresAt`
 * (epoch milliseconds). Sent once per token, some minutes ahead: the host renews in place before then.
 */
export interface SessionExpiringPayload {
  expiresAt: number;
}

/**
 * Payload of `svc:event:session-expired`: the embed no longer trusts its token and shows its "session expired"
 * state, but keeps its document and in-embed state and still accepts `svc:action:set-session`. No fields are
 * defined; any the platform adds are passed on.
 */
export type SessionExpiredPayload = Record<never, never>;

/** Maps each event type to its payload type: `EventMap['svc:event:download']['format']`. */
export interface EventMap {
  'svc:event:ready': ReadyPayload;
  'svc:event:view': ViewPayload;
  'svc:event:navigate': NavigatePayload;
  'svc:event:dashboard-loaded': DashboardLoadedPayload;
  'svc:event:download': DownloadPayload;
  'svc:event:drilldown': DrilldownPayload;
  'svc:event:ai-query': AiQueryPayload;
  'svc:event:error': ErrorPayload;
  'svc:event:session-expiring': SessionExpiringPayload;
  'svc:event:session-expired': SessionExpiredPayload;
}

/** An event type name, such as `svc:event:ready`. */
export type EventType = keyof EventMap;

const optionalString = optional(string, true);
const optionalNumber = optional(number, true);
const surface = oneOf(SURFACES);

/**
 * The check of each event's payload, by type: the protocol's event table as code. Payload objects keep
 * fields they do not define (passed on to handlers).
 */
export const eventPayloadChecks: { readonly [K in EventType]: FieldCheck<EventMap[K]> } = {
  'svc:event:ready': object<ReadyPayload>({
    embedTenant: nullable(string),
    deploymentId: nullable(number),
    mode: oneOf(['signed', 'private']),
    surface,
    publicId: optionalString,
  }),
  'svc:event:view': object<ViewPayload>({ surface, path: string, publicId: optionalString, title: optionalString }),
  'svc:event:navigate': object<NavigatePayload>({ path: string, previousPath: optionalString }),
  'svc:event:dashboard-loaded': object<DashboardLoadedPayload>({
    publicId: optionalString,
    widgetCount: optionalNumber,
    loadDurationMs: optionalNumber,
  }),
  'svc:event:download': object<DownloadPayload>({
    format: oneOf(DOWNLOAD_FORMATS, true),
    target: oneOf(DOWNLOAD_TARGETS, true),
    widgetId: optionalString,
    title: optionalString,
    rowCount: optionalNumber,
  }),
  'svc:event:drilldown': object<DrilldownPayload>({ member: string, value: unknown, widgetId: optionalString }),
  'svc:event:ai-query': object<AiQueryPayload>({
    query: string,
    status: oneOf(AI_QUERY_STATUSES, true),
    chatId: optionalString,
    agentId: optionalString,
  }),
  'svc:event:error': object<ErrorPayload>({
    message: string,
    name: optionalString,
    context: optionalString,
    fatal: optional(boolean, true),
  }),
  'svc:event:session-expiring': object<SessionExpiringPayload>({ expiresAt: number }),
  'svc:event:session-expired': object<SessionExpiredPayload>({}),
};

/** The event type names, as a runtime value. */
// Marked pure so that a bundle which never reads it drops the call (bundlers keep `Object.keys(x)` otherwise).
export const EVENT_TYPES = /* @__PURE__ */ Object.keys(eventPayloadChecks) as EventType[];
