import { actionPayloadChecks } from './actionPayloads.js';
import { isRecord } from './fieldChecks.js';
import { isDevelopment } from './isDevelopment.js';
import type { ParseResult, SvcActionMessage } from './messages.js';
import { createMessageParser, refuseMessage } from './createMessageParser.js';

/** The action parser. */
const parseAction = /* @__PURE__ */ createMessageParser('action', actionPayloadChecks);

/**
 * Validates anything received by an embed as a protocol action: the embed side's twin of
 * `parseEventMessage`, with the same guarantees (never throws; `bad-envelope`, `unknown-type`,
 * `bad-payload`). An action carrying a `surface` key is refused.
 */
export function parseActionMessage(data: unknown): ParseResult<SvcActionMessage> {
  let message = data;
  try {
    if (isRecord(data)) {
      // Production names the field, as every production reason does.
      if (Object.hasOwn(data, 'surface')) return refuseMessage('bad-envelope', isDevelopment ? 'surface: actions never carry a surface' : 'surface');
      // `svc:action:refresh` carries nothing: an embed accepts it with no payload as well as with `{}`.
      if (data.type === 'svc:action:refresh' && data.payload === undefined) message = { ...data, payload: {} };
    }
  } catch {
    // The same words as `parseEventMessage` gives, long and short: one refusal, whichever side reads it.
    return refuseMessage('bad-envelope', isDevelopment ? 'the message could not be read' : 'unreadable message');
  }
  return parseAction(message);
}
