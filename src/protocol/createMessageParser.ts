import { describeValue } from './describeValue.js';
import { SVC_SOURCE } from './envelope.js';
import { describeProblem, type FieldCheck, isRecord, listOf, runCheck } from './fieldChecks.js';
import { isDevelopment } from './isDevelopment.js';
import type { ParseFailureCode, ParseResult } from './messages.js';

/** A refused parse: the code, the readable reason, and the message type when one was read (clipped). */
export function refuseMessage(code: ParseFailureCode, reason: string, type?: string): ParseResult<never> {
  // A spread on this path costs nothing that matters: refusals are rare, and never a valid message's way.
  return { ok: false, code, reason, ...(type !== undefined && { type: type.slice(0, 80) }) };
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
 * Creates the parser of one direction's messages: envelope (its fields and, for events, the surface it names
 * among `surfaces`), then type, then payload (by `payloadChecks`). The parser never throws: whatever reading
 * the input throws (a hostile getter, a revoked proxy) becomes a failure. What only one direction needs (the
 * action's bare refresh, the event's surface agreement) is its parser's, so the other's bundle does not carry it.
 */
export function createMessageParser(
  direction: 'event' | 'action',
  payloadChecks: Readonly<Record<string, FieldCheck>>,
  surfaces?: readonly string[],
): (data: unknown) => ParseResult<never> {
  const prefix = `svc:${direction}:`;
  /**
   * The envelope's known fields in a fresh object, or what is wrong with it (the first problem found, in the
   * order source, direction, type, payload, timestamp, surface). Plain property reads with fixed names and
   * one object literal, not the generic field checks: this runs for every message an embed sends, and the
   * generic walk (keyed stores into a new object) measured twice as slow per message (about 1 µs against 0.45 µs).
   */
  const readEnvelope = (data: unknown): Envelope | string => {
    // Development names what a message must be; production's reason, `message`, names nothing more.
    if (!isRecord(data)) return isDevelopment ? describeProblem('', { expected: 'an envelope object', value: data }) : 'message';
    const { source, type, timestamp, surface, payload } = data;
    const wrong =
      source !== SVC_SOURCE
        ? 'source'
        : data.direction !== direction
          ? 'direction'
          : typeof type !== 'string' || !type.startsWith(prefix)
            ? 'type'
            : !isRecord(payload)
              ? 'payload'
              : !Number.isFinite(timestamp) || (timestamp as number) < 0
                ? 'timestamp'
                : surfaces && !surfaces.includes(surface as string)
                  ? 'surface'
                  : '';
    if (wrong) {
      // A production reason names only the field (see describeProblem); the expected forms are development text.
      return isDevelopment
        ? describeProblem(wrong, {
            expected: {
              source: `"${SVC_SOURCE}"`,
              direction: `"${direction}"`,
              type: `a string starting with "${prefix}"`,
              payload: 'object',
              timestamp: 'a timestamp (epoch milliseconds, not negative)',
              surface: listOf(surfaces ?? []),
            }[wrong],
            value: data[wrong],
          })
        : wrong;
    }
    // The checks above proved the types; TypeScript does not follow them through the conditional chain.
    return (surfaces ? { source, direction, type, payload, timestamp, surface } : { source, direction, type, payload, timestamp }) as Envelope;
  };
  return (data) => {
    try {
      const envelope = readEnvelope(data);
      if (typeof envelope === 'string') return refuseMessage('bad-envelope', envelope);
      const { type } = envelope;
      // A plain read finds only the table's own checks: the type starts with `svc:`, which no name an object
      // inherits does.
      const check = payloadChecks[type] as FieldCheck<Record<string, unknown>> | undefined;
      if (!check) {
        // Production names the field only, as every production reason does: the reason's code says the type is
        // unknown, and the refusal carries the type itself (see refuseMessage).
        return refuseMessage('unknown-type', isDevelopment ? `unknown ${direction} type ${describeValue(type)}` : 'type', type);
      }
      const payload = runCheck(check, envelope.payload, 'payload');
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
  };
}
