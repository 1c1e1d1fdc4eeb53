import { SURFACES, type Surface } from './envelope.js';
import { type FieldCheck, number, nullable, object, oneOf, optional, string, boolean, unknown } from './fieldChecks.js';

/** Export formats a download can have. */
export const DOWNLOAD_FORMATS = ['csv', 'xlsx', 'png', 'pdf'] as const;
/** An export format. */
export type DownloadFormat = (typeof DOWNLOAD_FORMATS)[number];

/** Lifecycle states of an AI query. */
export const AI_QUERY_STATUSES = ['submitted', 'completed', 'error'] as const;
/** An AI query's lifecycle state. */
export type AiQueryStatus = (typeof AI_QUERY_STATUSES)[number];

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
  target: 'widget' | 'dashboard';
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
}

/** An event type name, such as `svc:event:ready`. */
export type EventType = keyof EventMap;

const optionalString = optional(string);
const optionalNumber = optional(number);
const surface = oneOf(SURFACES);

/** The check of each event's payload, by type: the protocol's event table as code. */
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
    format: oneOf(DOWNLOAD_FORMATS),
    target: oneOf(['widget', 'dashboard']),
    widgetId: optionalString,
    title: optionalString,
    rowCount: optionalNumber,
  }),
  'svc:event:drilldown': object<DrilldownPayload>({ member: string, value: unknown, widgetId: optionalString }),
  'svc:event:ai-query': object<AiQueryPayload>({
    query: string,
    status: oneOf(AI_QUERY_STATUSES),
    chatId: optionalString,
    agentId: optionalString,
  }),
  'svc:event:error': object<ErrorPayload>({
    message: string,
    name: optionalString,
    context: optionalString,
    fatal: optional(boolean),
  }),
};

/** The event type names, as a runtime value. */
export const EVENT_TYPES = Object.keys(eventPayloadChecks) as EventType[];
