import { describeValue } from './describeValue.js';
import { SURFACES, type Surface, SVC_SOURCE } from './envelope.js';
import { describeProblem, type FieldCheck, isRecord, listOf, runCheck } from './fieldChecks.js';
import { isDevelopment } from './isDevelopment.js';
import type { ParseFailureCode, ParseResult } from './messages.js';

/** A refused parse: the code, the readable reason, and the message type when one was read (clipped). */
export function refuseMessage(code: ParseFailureCode, reason: string, type?: string): ParseResult<never> {
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
  if (!isRecord(data)) return describeProblem('', isDevelopment ? 'an envelope object' : '', data);
  const { source, type, timestamp, surface, payload } = data;
  const isEvent = direction === 'event';
  // Literal prefixes, not one built from `direction`: a fresh string per message costs the message path more
  // than the bytes it saves.
  const prefix = isEvent ? 'svc:event:' : 'svc:action:';
  // The expected forms are development text (a production reason names only the field: see describeProblem).
  const problem: [string, string, unknown] | undefined =
    source !== SVC_SOURCE
      ? ['source', isDevelopment ? `"${SVC_SOURCE}"` : '', source]
      : data.direction !== direction
        ? ['direction', isDevelopment ? `"${direction}"` : '', data.direction]
        : typeof type !== 'string' || !type.startsWith(prefix)
          ? ['type', isDevelopment ? `a string starting with "${prefix}"` : '', type]
          : !isRecord(payload)
            ? ['payload', isDevelopment ? 'object' : '', payload]
            : !Number.isFinite(timestamp) || (timestamp as number) < 0
              ? ['timestamp', isDevelopment ? 'a timestamp (epoch milliseconds, not negative)' : '', timestamp]
              : isEvent && !SURFACES.includes(surface as Surface)
                ? ['surface', isDevelopment ? listOf(SURFACES) : '', surface]
                : undefined;
  if (problem) return describeProblem(...problem);
  // The checks above proved the types; TypeScript does not follow them through the conditional chain.
  const envelope = { source, direction, type, payload, timestamp, surface } as Envelope;
  if (!isEvent) delete envelope.surface;
  return envelope;
}

/**
 * The one parser behind `parseEventMessage` and `parseActionMessage`: envelope, then type, then payload (by
 * `payloadChecks`). Never throws: whatever reading the input throws (a hostile getter, a revoked proxy)
 * becomes a failure. What only one direction needs (the action's bare refresh, the event's surface
 * agreement) is its parser's, so the other's bundle does not carry it.
 */
export function parseMessage(
  data: unknown,
  direction: 'event' | 'action',
  payloadChecks: Readonly<Record<string, FieldCheck>>,
): ParseResult<never> {
  try {
    const envelope = readEnvelope(data, direction);
    if (typeof envelope === 'string') return refuseMessage('bad-envelope', envelope);
    const { type } = envelope;
    if (!Object.hasOwn(payloadChecks, type)) {
      return refuseMessage('unknown-type', `unknown ${direction} type ${describeValue(type)}`, type);
    }
    const payload = runCheck(payloadChecks[type] as FieldCheck<Record<string, unknown>>, envelope.payload, 'payload');
    if (!payload.ok) return refuseMessage('bad-payload', `${type}: ${payload.reason}`, type);
    // The envelope is already a fresh object holding only the known fields: no second copy.
    envelope.payload = payload.value;
    const { unknownValues } = payload;
    return unknownValues ? { ok: true, message: envelope as never, unknownValues } : { ok: true, message: envelope as never };
  } catch {
    // Only a hostile object (a throwing getter, a revoked proxy) gets here: postMessage delivers plain
    // structured clones. Its error is not read, since reading it could throw again.
    return refuseMessage('bad-envelope', isDevelopment ? 'the message could not be read' : 'unreadable message');
  }
}
