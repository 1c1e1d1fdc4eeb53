import * as z from 'zod/mini';
import { AI_QUERY_STATUSES, DOWNLOAD_FORMATS, DOWNLOAD_TARGETS } from '../protocol/eventPayloads.js';
import { isRecord } from '../protocol/fieldChecks.js';
import { surfaceSchema } from './envelopeSchemas.js';

// These mirror the protocol's tolerant reading (see eventPayloads.ts): `null` in an optional field counts as
// absent, unknown fields are kept, the enums the platform may extend accept any string.

/** The schemas made by {@link optionalOrNull}: the fields whose `null` counts as absent. */
const nullMeansAbsent = new WeakSet<object>();

/** An optional field whose `null` counts as absent (see {@link tolerantObject}). */
function optionalOrNull<T extends z.core.SomeType>(schema: T): z.ZodMiniOptional<T> {
  const optional = z.optional(schema);
  nullMeansAbsent.add(optional);
  return optional;
}

/**
 * An object schema that keeps unknown fields and reads `null` or `undefined` in each {@link optionalOrNull}
 * field as absent: the key is removed before the object is checked. A pipe from a transform, which
 * `z.toJSONSchema` renders as the object itself.
 */
function tolerantObject<const Shape extends z.core.$ZodLooseShape>(shape: Shape) {
  const optionalKeys = Object.keys(shape).filter((key) => nullMeansAbsent.has(shape[key] as object));
  const dropAbsent = z.transform((value: unknown) => {
    if (!isRecord(value) || !optionalKeys.some((key) => key in value && (value[key] === null || value[key] === undefined))) return value;
    const copy = { ...value };
    for (const key of optionalKeys) if (copy[key] === null || copy[key] === undefined) delete copy[key];
    return copy;
  });
  return z.pipe(dropAbsent, z.looseObject(shape));
}

/** The listed strings, or any other string (typed so that editors still offer the listed ones). */
function openEnum<const T extends readonly [string, ...string[]]>(values: T) {
  return z.union([z.enum(values), z.string() as unknown as z.ZodMiniType<string & {}>]);
}

/** `svc:event:ready`: the embed has authenticated and mounted; the first event, once per session. */
export const readyPayloadSchema = tolerantObject({
  embedTenant: z.nullable(z.string()),
  deploymentId: z.nullable(z.number()),
  mode: z.enum(['signed', 'private']),
  surface: surfaceSchema,
  publicId: optionalOrNull(z.string()),
});

/** `svc:event:view`: a surface is viewed, on load and on each in-embed navigation. */
export const viewPayloadSchema = tolerantObject({
  surface: surfaceSchema,
  path: z.string(),
  publicId: optionalOrNull(z.string()),
  title: optionalOrNull(z.string()),
});

/** `svc:event:navigate`: the viewer navigated inside the embed. */
export const navigatePayloadSchema = tolerantObject({
  path: z.string(),
  previousPath: optionalOrNull(z.string()),
});

/** `svc:event:dashboard-loaded`: every widget of a dashboard has rendered. */
export const dashboardLoadedPayloadSchema = tolerantObject({
  publicId: optionalOrNull(z.string()),
  widgetCount: optionalOrNull(z.number()),
  loadDurationMs: optionalOrNull(z.number()),
});

/** `svc:event:download`: the viewer exported data or an image (never the rows themselves). */
export const downloadPayloadSchema = tolerantObject({
  format: openEnum(DOWNLOAD_FORMATS),
  target: openEnum(DOWNLOAD_TARGETS),
  widgetId: optionalOrNull(z.string()),
  title: optionalOrNull(z.string()),
  rowCount: optionalOrNull(z.number()),
});

/** `svc:event:drilldown`: the viewer drilled into a measure. `value` may be any JSON value. */
export const drilldownPayloadSchema = tolerantObject({
  member: z.string(),
  value: z.optional(z.unknown()),
  widgetId: optionalOrNull(z.string()),
});

/** `svc:event:ai-query`: an AI query moved through its lifecycle. */
export const aiQueryPayloadSchema = tolerantObject({
  query: z.string(),
  status: openEnum(AI_QUERY_STATUSES),
  chatId: optionalOrNull(z.string()),
  agentId: optionalOrNull(z.string()),
});

/** `svc:event:error`: the embed surfaced an error; `fatal` means the whole surface went down. */
export const errorPayloadSchema = tolerantObject({
  message: z.string(),
  name: optionalOrNull(z.string()),
  context: optionalOrNull(z.string()),
  fatal: optionalOrNull(z.boolean()),
});

/** `svc:event:session-expiring`: the embed stops trusting its token at `expiresAt` (epoch ms). */
export const sessionExpiringPayloadSchema = tolerantObject({ expiresAt: z.number() });

/** `svc:event:session-expired`: the embed no longer trusts its token; no fields defined, unknown ones kept. */
export const sessionExpiredPayloadSchema = tolerantObject({});

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
  'svc:event:session-expiring': sessionExpiringPayloadSchema,
  'svc:event:session-expired': sessionExpiredPayloadSchema,
} as const;
