import { eventEnvelopeSchema } from './envelope.js';
import { type EventType, eventPayloadSchemas } from './eventSchemas.js';
import { describeValue, formatIssues } from './formatIssues.js';
import type { ParseResult, SvcEventMessage } from './messages.js';
import { parseFailure as fail, unreadableMessage } from './parseFailure.js';

/**
 * Validates anything received from an embed as a protocol event. Never throws, whatever it is given:
 * strings, `null`, arrays, cyclic or hostile objects all give `{ ok: false, code, reason }`.
 *
 * - `bad-envelope`: not an `svc-embed` event envelope (wrong `source`, `direction`, no `surface`, ...).
 * - `unknown-type`: a valid envelope of an `svc:event:*` type this version does not know.
 * - `bad-payload`: a known type whose payload breaks its schema.
 *
 * @example
 * const result = parseEventMessage(event.data);
 * if (result.ok && result.message.type === 'svc:event:download') result.message.payload.format;
 */
export function parseEventMessage(data: unknown): ParseResult<SvcEventMessage> {
  try {
    if (typeof data !== 'object' || data === null || Array.isArray(data)) {
      return fail('bad-envelope', `expected an envelope object, got ${describeValue(data)}`);
    }
    const envelope = eventEnvelopeSchema.safeParse(data);
    if (!envelope.success) return fail('bad-envelope', formatIssues(envelope.error.issues, data));
    const { type, payload: rawPayload, surface } = envelope.data;
    if (!Object.hasOwn(eventPayloadSchemas, type)) {
      return fail('unknown-type', `unknown event type ${describeValue(type)}`, type);
    }
    const schema = eventPayloadSchemas[type as EventType];
    const payload = schema.safeParse(rawPayload);
    if (!payload.success) {
      return fail('bad-payload', `${type}: ${formatIssues(payload.error.issues, rawPayload, 'payload')}`, type);
    }
    const body = payload.data as Record<string, unknown>;
    if ('surface' in body && body.surface !== surface) {
      return fail(
        'bad-payload',
        `${type}: payload.surface ${describeValue(body.surface)} disagrees with the envelope's surface "${surface}"`,
        type,
      );
    }
    const message = { ...envelope.data, payload: payload.data } as SvcEventMessage;
    return { ok: true, message };
  } catch (error) {
    return unreadableMessage(error);
  }
}
