import type { ParseResult, SvcActionMessage } from './messages.js';
import { parseMessage } from './parseMessage.js';

/**
 * Validates anything received by an embed as a protocol action: the embed side's twin of
 * `parseEventMessage`, with the same guarantees (never throws; `bad-envelope`, `unknown-type`,
 * `bad-payload`). An action carrying a `surface` key is refused.
 */
export function parseActionMessage(data: unknown): ParseResult<SvcActionMessage> {
  return parseMessage(data, 'action');
}
