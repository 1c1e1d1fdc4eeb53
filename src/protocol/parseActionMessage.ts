import { type ActionType, actionPayloadChecks } from './actionPayloads.js';
import { actionEnvelopeCheck } from './checkEnvelope.js';
import { describeValue } from './describeValue.js';
import { isRecord, runCheck } from './fieldChecks.js';
import type { ParseResult, SvcActionMessage } from './messages.js';
import { parseFailure as fail, unreadableMessage } from './parseFailure.js';

/**
 * Validates anything received by an embed as a protocol action: the embed side's twin of
 * `parseEventMessage`, with the same guarantees (never throws; `bad-envelope`, `unknown-type`,
 * `bad-payload`). An action carrying a `surface` key is refused.
 */
export function parseActionMessage(data: unknown): ParseResult<SvcActionMessage> {
  try {
    if (isRecord(data) && Object.hasOwn(data, 'surface')) {
      return fail('bad-envelope', 'surface: actions never carry a surface');
    }
    const envelope = runCheck(actionEnvelopeCheck, data);
    if (!envelope.ok) return fail('bad-envelope', envelope.reason);
    const { type } = envelope.value;
    if (!Object.hasOwn(actionPayloadChecks, type)) {
      return fail('unknown-type', `unknown action type ${describeValue(type)}`, type);
    }
    const payload = runCheck(actionPayloadChecks[type as ActionType], envelope.value.payload, 'payload');
    if (!payload.ok) return fail('bad-payload', `${type}: ${payload.reason}`, type);
    return { ok: true, message: { ...envelope.value, payload: payload.value } as SvcActionMessage };
  } catch (error) {
    return unreadableMessage(error);
  }
}
