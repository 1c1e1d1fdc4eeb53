import * as z from 'zod/mini';
import { AI_QUERY_STATUSES, DOWNLOAD_FORMATS } from '../protocol/eventPayloads.js';
import { surfaceSchema } from './envelopeSchemas.js';

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

/** Every event type of the protocol, with the zod schema of its payload. */
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
