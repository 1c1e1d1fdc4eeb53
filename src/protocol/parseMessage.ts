import { actionPayloadChecks } from './actionPayloads.js';
import { describeValue } from './describeValue.js';
import { SURFACES, type Surface, SVC_SOURCE } from './envelope.js';
import { eventPayloadChecks } from './eventPayloads.js';
import { describeProblem, type FieldCheck, isRecord, runCheck } from './fieldChecks.js';
import { isDevelopment } from './isDevelopment.js';
import type { ParseFailureCode, ParseResult } from './messages.js';

const REFRESH = 'svc:action:refresh';

/** A refused parse: the code, the readable reason, and the message type when one was read (clipped). */
function fail(code: ParseFailureCode, reason: string, type?: string): ParseResult<never> {
  return type === undefined ? { ok: false, code, reason } : { ok: false, code, reason, type: type.slice(0, 80) };
}

/** The known fields of an envelope. */
interface Envelope {
  source: string;
  direction: string;
  type: string;
  payload: Record<string, unknown>;
  timestamp: number;
  surface?: string;
}

/**
 * An envelope's known fields, or what is wrong with it (the first problem found). Plain property reads
 * with fixed names: this runs for every message the page receives from an embed.
 */
function readEnvelope(data: unknown, direction: 'event' | 'action'): Envelope | string {
  if (!isRecord(data)) return describeProblem('', 'an envelope object', data);
  const { source, type, timestamp, surface } = data;
  const isEvent = direction === 'event';
  // `svc:action:refresh` carries nothing: an embed accepts it with no payload as well as with `{}`.
  const payload = !isEvent && data.payload === undefined && type === REFRESH ? {} : data.payload;
  const prefix = isEvent ? 'svc:event:' : 'svc:action:';
  const problem: [string, string, unknown] | undefined =
    source !== SVC_SOURCE
      ? ['source', `"${SVC_SOURCE}"`, source]
      : data.direction !== direction
        ? ['direction', `"${direction}"`, data.direction]
        : typeof type !== 'string' || !type.startsWith(prefix)
          ? ['type', `a string starting with "${prefix}"`, type]
          : !isRecord(payload)
            ? ['payload', 'object', payload]
            : !Number.isFinite(timestamp) || (timestamp as number) < 0
              ? ['timestamp', isDevelopment ? 'a timestamp (epoch milliseconds, not negative)' : 'a timestamp', timestamp]
              : isEvent && !SURFACES.includes(surface as Surface)
                ? ['surface', SURFACES.map((name) => `"${name}"`).join(' or '), surface]
                : undefined;
  if (problem) return describeProblem(...problem);
  // The checks above proved the types; TypeScript does not follow them through the conditional chain.
  return (isEvent ? { source, direction, type, payload, timestamp, surface } : { source, direction, type, payload, timestamp }) as Envelope;
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
    const envelope = readEnvelope(data, direction);
    if (typeof envelope === 'string') return fail('bad-envelope', envelope);
    const { type, surface } = envelope;
    const checks: Record<string, FieldCheck> = isEvent ? eventPayloadChecks : actionPayloadChecks;
    if (!Object.hasOwn(checks, type)) return fail('unknown-type', `unknown ${direction} type ${describeValue(type)}`, type);
    const payload = runCheck(checks[type] as FieldCheck<{ surface?: unknown }>, envelope.payload, 'payload');
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
    envelope.payload = payload.value;
    return payload.unknownValues === undefined
      ? { ok: true, message: envelope as never }
      : { ok: true, message: envelope as never, unknownValues: payload.unknownValues };
  } catch {
    // Only a hostile object (a throwing getter, a revoked proxy) gets here: postMessage delivers plain
    // structured clones. Its error is not read, since reading it could throw again.
    return fail('bad-envelope', 'the message could not be read');
  }
}
