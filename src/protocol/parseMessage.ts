import { actionPayloadChecks } from './actionPayloads.js';
import { actionEnvelopeCheck, eventEnvelopeCheck } from './checkEnvelope.js';
import { describeValue } from './describeValue.js';
import { SURFACES, type Surface, SVC_SOURCE } from './envelope.js';
import { eventPayloadChecks } from './eventPayloads.js';
import { type FieldCheck, isRecord, runCheck } from './fieldChecks.js';
import type { ParseFailureCode, ParseResult } from './messages.js';

/** A refused parse: the code, the readable reason, and the message type when one was read (clipped). */
function fail(code: ParseFailureCode, reason: string, type?: string): ParseResult<never> {
  return type === undefined ? { ok: false, code, reason } : { ok: false, code, reason, type: type.slice(0, 80) };
}

/** A well-formed envelope's known fields, or undefined when any of them is wrong. */
function readEnvelope(data: unknown, isEvent: boolean): object | undefined {
  if (!isRecord(data)) return undefined;
  const { source, direction, type, payload, timestamp, surface } = data;
  const valid =
    source === SVC_SOURCE &&
    direction === (isEvent ? 'event' : 'action') &&
    typeof type === 'string' &&
    type.startsWith(isEvent ? 'svc:event:' : 'svc:action:') &&
    isRecord(payload) &&
    Number.isFinite(timestamp) &&
    (timestamp as number) >= 0;
  if (!valid) return undefined;
  if (!isEvent) return { source, direction, type, payload, timestamp };
  return SURFACES.includes(surface as Surface) ? { source, direction, type, payload, timestamp, surface } : undefined;
}

/**
 * The one parser behind `parseEventMessage` and `parseActionMessage`: envelope, then type, then payload.
 * Never throws: whatever reading the input throws (a hostile getter, a revoked proxy) becomes a failure.
 */
export function parseMessage(data: unknown, direction: 'event' | 'action'): ParseResult<never> {
  try {
    const isEvent = direction === 'event';
    if (!isEvent && isRecord(data) && Object.hasOwn(data, 'surface')) {
      return fail('bad-envelope', 'surface: actions never carry a surface');
    }
    type Envelope = { type: string; payload: object; surface?: string };
    // Plain property reads first: the cost of every well-formed message. The generic check runs only for
    // a message that fails them, to say why (and it alone decides, so both paths accept the same).
    const fast = readEnvelope(data, isEvent);
    const envelope = fast
      ? { ok: true as const, value: fast as Envelope }
      : runCheck<Envelope>(isEvent ? eventEnvelopeCheck : actionEnvelopeCheck, data);
    if (!envelope.ok) return fail('bad-envelope', envelope.reason);
    const { type, surface } = envelope.value;
    const checks: Record<string, FieldCheck> = isEvent ? eventPayloadChecks : actionPayloadChecks;
    if (!Object.hasOwn(checks, type)) return fail('unknown-type', `unknown ${direction} type ${describeValue(type)}`, type);
    const payload = runCheck(checks[type] as FieldCheck<{ surface?: unknown }>, envelope.value.payload, 'payload');
    if (!payload.ok) return fail('bad-payload', `${type}: ${payload.reason}`, type);
    // An open action payload (the theme) may hold any key, `surface` included: only events are compared.
    if (isEvent && 'surface' in payload.value && payload.value.surface !== surface) {
      return fail(
        'bad-payload',
        `${type}: payload.surface ${describeValue(payload.value.surface)} disagrees with the envelope's surface "${surface}"`,
        type,
      );
    }
    // The envelope is already a fresh object holding only the known fields: no second copy.
    envelope.value.payload = payload.value;
    return { ok: true, message: envelope.value as never };
  } catch {
    // Only a hostile object (a throwing getter, a revoked proxy) gets here: postMessage delivers plain
    // structured clones. Its error is not read, since reading it could throw again.
    return fail('bad-envelope', 'the message could not be read');
  }
}
