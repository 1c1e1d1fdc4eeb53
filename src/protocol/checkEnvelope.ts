import { SURFACES, type Surface, SVC_SOURCE } from './envelope.js';
import { type FieldCheck, isRecord, number, object, ofType, oneOf, refine, string } from './fieldChecks.js';

/** The fields every envelope has, in both directions. */
export interface EnvelopeFields {
  source: typeof SVC_SOURCE;
  type: string;
  payload: Record<string, unknown>;
  timestamp: number;
}

const payload = ofType<Record<string, unknown>>('object', isRecord);
const timestamp = refine(number, (value) => value >= 0, 'a timestamp (epoch milliseconds, not negative)');
const source = oneOf([SVC_SOURCE]);
const prefixed = (prefix: string): FieldCheck<string> =>
  refine(string, (type) => type.startsWith(prefix), `a string starting with "${prefix}"`);

/** Checks the envelope of an event (embed to host): `surface` is always present. */
export const eventEnvelopeCheck: FieldCheck<EnvelopeFields & { direction: 'event'; surface: Surface }> = object({
  source,
  direction: oneOf(['event']),
  type: prefixed('svc:event:'),
  payload,
  timestamp,
  surface: oneOf(SURFACES),
});

/** Checks the envelope of an action (host to embed). A `surface` key is refused by the parser before this. */
export const actionEnvelopeCheck: FieldCheck<EnvelopeFields & { direction: 'action' }> = object({
  source,
  direction: oneOf(['action']),
  type: prefixed('svc:action:'),
  payload,
  timestamp,
});
