import * as z from 'zod/mini';
import { SURFACES, SVC_SOURCE } from '../protocol/envelope.js';
import { isRecord } from '../protocol/fieldChecks.js';

/** Validates a `Surface`. */
export const surfaceSchema = z.enum(SURFACES);

/**
 * A payload is a JSON object. The envelope only checks that; each type's payload schema checks the fields.
 * A custom check (rather than `z.record`) keeps the envelope pass from copying a large payload.
 */
const payloadObjectSchema = z.custom<Record<string, unknown>>(isRecord, { error: 'expected an object' });

/** Epoch milliseconds: a finite, non-negative number. */
const timestampSchema = z.number().check(z.nonnegative());

/** The envelope of an event (embed to host). `surface` is always present on events. */
export const eventEnvelopeSchema = z.object({
  source: z.literal(SVC_SOURCE),
  direction: z.literal('event'),
  type: z.string().check(z.startsWith('svc:event:')),
  payload: payloadObjectSchema,
  timestamp: timestampSchema,
  surface: surfaceSchema,
});

/**
 * An action envelope whose `svc:action:refresh` came without a payload, given the empty one: refresh
 * carries nothing, and an embed accepts it with no payload as well as with `{}`.
 */
const refreshWithoutPayload = z.transform((value: unknown) =>
  isRecord(value) && value.type === 'svc:action:refresh' && value.payload === undefined ? { ...value, payload: {} } : value,
);

/**
 * The envelope of an action (host to embed). Actions never carry `surface`: `parseActionMessage` also
 * refuses the key with an `undefined` value. A refresh without a payload reads as one with `{}`.
 */
export const actionEnvelopeSchema = z.pipe(
  refreshWithoutPayload,
  z.object({
    source: z.literal(SVC_SOURCE),
    direction: z.literal('action'),
    type: z.string().check(z.startsWith('svc:action:')),
    payload: payloadObjectSchema,
    timestamp: timestampSchema,
    surface: z.optional(z.never()),
  }),
);
