import { describeValue } from './describeValue.js';
import { SURFACES } from './envelope.js';
import { eventPayloadChecks } from './eventPayloads.js';
import { isDevelopment } from './isDevelopment.js';
import type { ParseResult, SvcEventMessage } from './messages.js';
import { createMessageParser, refuseMessage } from './createMessageParser.js';

/** The event parser: an event's envelope also says which surface sent it. */
const parseEvent = /* @__PURE__ */ createMessageParser('event', eventPayloadChecks, SURFACES);

/**
 * Validates anything received from an embed as a protocol event. Never throws, whatever it is given:
 * strings, `null`, arrays, cyclic or hostile objects all give `{ ok: false, code, reason }`.
 *
 * - `bad-envelope`: not an `svc-embed` event envelope (wrong `source`, `direction`, no `surface`, ...).
 * - `unknown-type`: a valid envelope of an `svc:event:*` type this version does not know.
 * - `bad-payload`: a known type whose payload breaks its schema.
 *
 * Reading is tolerant, so an app's handlers keep firing as the platform evolves: `null` in an optional field
 * counts as absent (the key is left out), payload fields a type does not define are passed on, and an
 * enum value this version does not know (a new download `format`, a new ai-query `status`) is accepted and
 * listed in `unknownValues`. A wrong type in a field is still a `bad-payload`.
 *
 * @example
 * const result = parseEventMessage(event.data);
 * if (result.ok && result.message.type === 'svc:event:download') result.message.payload.format;
 */
export function parseEventMessage(data: unknown): ParseResult<SvcEventMessage> {
  const result = parseEvent(data) as ParseResult<SvcEventMessage>;
  if (result.ok) {
    // Fresh objects the checks built: reading them cannot throw.
    const { type, payload, surface } = result.message;
    if ('surface' in payload && payload.surface !== surface) {
      return refuseMessage(
        'bad-payload',
        isDevelopment
          ? `${type}: payload.surface ${describeValue(payload.surface)} disagrees with the envelope's surface "${surface}"`
          : `${type}: payload.surface`,
        type,
      );
    }
  }
  return result;
}
