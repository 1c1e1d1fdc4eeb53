import { describeValue } from './describeValue.js';
import { SVC_SOURCE } from './envelope.js';
import { describeProblem, type FieldCheck, isRecord, object, ofType, oneOf, type Problem, runCheck } from './fieldChecks.js';
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
}

/**
 * Creates the parser of one direction's messages: envelope (its fields, then `extraFields`, the event's
 * surface), then type, then payload (by `payloadChecks`). The parser never throws: whatever reading the input
 * throws (a hostile getter, a revoked proxy) becomes a failure. What only one direction needs (the action's
 * bare refresh, the event's surface agreement) is its parser's, so the other's bundle does not carry it.
 */
export function createMessageParser(
  direction: 'event' | 'action',
  payloadChecks: Readonly<Record<string, FieldCheck>>,
  extraFields?: Readonly<Record<string, FieldCheck>>,
): (data: unknown) => ParseResult<never> {
  const prefix = `svc:${direction}:`;
  // Closed: the envelope is a fresh object holding only the known fields, in the order a refusal names the
  // first wrong one. The expected forms are development text (a production reason names only the field).
  const envelopeCheck = object<Envelope>(
    {
      source: oneOf([SVC_SOURCE]),
      direction: oneOf([direction]),
      type: ofType(isDevelopment ? `a string starting with "${prefix}"` : '', (type) => typeof type === 'string' && type.startsWith(prefix)),
      payload: ofType(isDevelopment ? 'object' : '', isRecord),
      timestamp: ofType(
        isDevelopment ? 'a timestamp (epoch milliseconds, not negative)' : '',
        (timestamp) => Number.isFinite(timestamp) && (timestamp as number) >= 0,
      ),
      ...extraFields,
    },
    true,
  );
  return (data) => {
    try {
      // Development names what a message must be; production's reason, `message`, comes from the envelope check.
      if (isDevelopment && !isRecord(data)) return refuseMessage('bad-envelope', describeProblem('', 'an envelope object', data));
      const problems: Problem[] = [];
      const envelope = envelopeCheck(data, problems);
      // The first problem only: a wrong envelope is usually another kind of message, not one with typos.
      const [first] = problems;
      if (first) return refuseMessage('bad-envelope', describeProblem(first.path.join('.'), first.expected, first.value));
      const { type } = envelope;
      if (!Object.hasOwn(payloadChecks, type)) {
        // Production names the type only: the reason's code says it is unknown.
        return refuseMessage('unknown-type', isDevelopment ? `unknown ${direction} type ${describeValue(type)}` : describeValue(type), type);
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
  };
}
