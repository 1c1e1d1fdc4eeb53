import { eventEnvelopeCheck } from './checkEnvelope.js';
import { describeValue } from './describeValue.js';
import { type EventType, eventPayloadChecks } from './eventPayloads.js';
import { type FieldCheck, runCheck } from './fieldChecks.js';
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
 * Fields a type does not define are dropped, so what reaches handlers is exactly the typed payload.
 *
 * @example
 * const result = parseEventMessage(event.data);
 * if (result.ok && result.message.type === 'svc:event:download') result.message.payload.format;
 */
export function parseEventMessage(data: unknown): ParseResult<SvcEventMessage> {
  try {
    const envelope = runCheck(eventEnvelopeCheck, data);
    if (!envelope.ok) return fail('bad-envelope', envelope.reason);
    const { type, surface } = envelope.value;
    if (!Object.hasOwn(eventPayloadChecks, type)) {
      return fail('unknown-type', `unknown event type ${describeValue(type)}`, type);
    }
    const check: FieldCheck = eventPayloadChecks[type as EventType];
    const payload = runCheck(check, envelope.value.payload, 'payload');
    if (!payload.ok) return fail('bad-payload', `${type}: ${payload.reason}`, type);
    const body = payload.value as { surface?: unknown };
    if ('surface' in body && body.surface !== surface) {
      return fail(
        'bad-payload',
        `${type}: payload.surface ${describeValue(body.surface)} disagrees with the envelope's surface "${surface}"`,
        type,
      );
    }
    return { ok: true, message: { ...envelope.value, payload: payload.value } as SvcEventMessage };
  } catch (error) {
    return unreadableMessage(error);
  }
}
