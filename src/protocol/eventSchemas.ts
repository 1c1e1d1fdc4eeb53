import * as z from 'zod/mini';
import { surfaceSchema } from './envelope.js';

/** `svc:event:ready`: the embed has authenticated and mounted; the first event, once per session. */
export const readyPayloadSchema = z.object({
  embedTenant: z.nullable(z.string()),
  deploymentId: z.nullable(z.number()),
  mode: z.enum(['signed', 'private']),
  surface: surfaceSchema,
  publicId: z.optional(z.string()),
});

/** `svc:event:view`: a surface is viewed, on load and on each in-embed navigation. */
export const viewPayloadSchema = z.object({
  surface: surfaceSchema,
  path: z.string(),
  publicId: z.optional(z.string()),
  title: z.optional(z.string()),
});

/** `svc:event:navigate`: the viewer navigated inside the embed. */
export const navigatePayloadSchema = z.object({
  path: z.string(),
  previousPath: z.optional(z.string()),
});

/** `svc:event:dashboard-loaded`: every widget of a dashboard has rendered. */
export const dashboardLoadedPayloadSchema = z.object({
  publicId: z.optional(z.string()),
  widgetCount: z.optional(z.number()),
  loadDurationMs: z.optional(z.number()),
});

/** Export formats a download can have. */
export const DOWNLOAD_FORMATS = ['csv', 'xlsx', 'png', 'pdf'] as const;

/** `svc:event:download`: the viewer exported data or an image (never the rows themselves). */
export const downloadPayloadSchema = z.object({
  format: z.enum(DOWNLOAD_FORMATS),
  target: z.enum(['widget', 'dashboard']),
  widgetId: z.optional(z.string()),
  title: z.optional(z.string()),
  rowCount: z.optional(z.number()),
});

/** `svc:event:drilldown`: the viewer drilled into a measure. `value` may be any JSON value. */
export const drilldownPayloadSchema = z.object({
  member: z.string(),
  value: z.optional(z.unknown()),
  widgetId: z.optional(z.string()),
});

/** Lifecycle states of an AI query. */
export const AI_QUERY_STATUSES = ['submitted', 'completed', 'error'] as const;

/** `svc:event:ai-query`: an AI query moved through its lifecycle. */
export const aiQueryPayloadSchema = z.object({
  query: z.string(),
  status: z.enum(AI_QUERY_STATUSES),
  chatId: z.optional(z.string()),
  agentId: z.optional(z.string()),
});

/** `svc:event:error`: the embed surfaced an error; `fatal` means the whole surface went down. */
export const errorPayloadSchema = z.object({
  message: z.string(),
  name: z.optional(z.string()),
  context: z.optional(z.string()),
  fatal: z.optional(z.boolean()),
});

/** Every event type of the protocol, with the schema of its payload. */
export const eventPayloadSchemas = {
  'svc:event:ready': readyPayloadSchema,
  'svc:event:view': viewPayloadSchema,
  'svc:event:navigate': navigatePayloadSchema,
  'svc:event:dashboard-loaded': dashboardLoadedPayloadSchema,
  'svc:event:download': downloadPayloadSchema,
  'svc:event:drilldown': drilldownPayloadSchema,
  'svc:event:ai-query': aiQueryPayloadSchema,
  'svc:event:error': errorPayloadSchema,
} as const;

/** An event type name, such as `svc:event:ready`. */
export type EventType = keyof typeof eventPayloadSchemas;

/** The event type names, as a runtime value. */
export const EVENT_TYPES = Object.keys(eventPayloadSchemas) as EventType[];

/** Maps each event type to its payload type: `EventMap['svc:event:download']['format']`. */
export type EventMap = { [K in EventType]: z.infer<(typeof eventPayloadSchemas)[K]> };

/** Payload of `svc:event:ready`. */
export type ReadyPayload = EventMap['svc:event:ready'];
/** Payload of `svc:event:view`. */
export type ViewPayload = EventMap['svc:event:view'];
/** Payload of `svc:event:navigate`. */
export type NavigatePayload = EventMap['svc:event:navigate'];
/** Payload of `svc:event:dashboard-loaded`. */
export type DashboardLoadedPayload = EventMap['svc:event:dashboard-loaded'];
/** Payload of `svc:event:download`. */
export type DownloadPayload = EventMap['svc:event:download'];
/** Payload of `svc:event:drilldown`. */
export type DrilldownPayload = EventMap['svc:event:drilldown'];
/** Payload of `svc:event:ai-query`. */
export type AiQueryPayload = EventMap['svc:event:ai-query'];
/** Payload of `svc:event:error`. */
export type ErrorPayload = EventMap['svc:event:error'];
/** An AI query's lifecycle state. */
export type AiQueryStatus = (typeof AI_QUERY_STATUSES)[number];
/** An export format. */
export type DownloadFormat = (typeof DOWNLOAD_FORMATS)[number];
