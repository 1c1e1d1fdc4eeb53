import type { ParseResult, SvcEventMessage } from './messages.js';
import { parseMessage } from './parseMessage.js';

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
  return parseMessage(data, 'event');
}
