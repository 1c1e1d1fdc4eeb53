import { type ActionType, actionPayloadSchemas } from './actionSchemas.js';
import { actionEnvelopeSchema } from './envelope.js';
import { describeValue, formatIssues } from './formatIssues.js';
import type { ParseResult, SvcActionMessage } from './messages.js';
import { parseFailure as fail, unreadableMessage } from './parseFailure.js';

/**
 * Validates anything received by an embed as a protocol action: the embed side's twin of
 * `parseEventMessage`, with the same guarantees (never throws; `bad-envelope`, `unknown-type`,
 * `bad-payload`). An action carrying a `surface` key is refused.
 */
export function parseActionMessage(data: unknown): ParseResult<SvcActionMessage> {
  try {
    if (typeof data !== 'object' || data === null || Array.isArray(data)) {
      return fail('bad-envelope', `expected an envelope object, got ${describeValue(data)}`);
    }
    if (Object.hasOwn(data, 'surface')) return fail('bad-envelope', 'surface: actions never carry a surface');
    const envelope = actionEnvelopeSchema.safeParse(data);
    if (!envelope.success) return fail('bad-envelope', formatIssues(envelope.error.issues, data));
    const { type, payload: rawPayload } = envelope.data;
    if (!Object.hasOwn(actionPayloadSchemas, type)) {
      return fail('unknown-type', `unknown action type ${describeValue(type)}`, type);
    }
    const payload = actionPayloadSchemas[type as ActionType].safeParse(rawPayload);
    if (!payload.success) {
      return fail('bad-payload', `${type}: ${formatIssues(payload.error.issues, rawPayload, 'payload')}`, type);
    }
    const { surface: _omitted, ...rest } = envelope.data;
    return { ok: true, message: { ...rest, payload: payload.data } as SvcActionMessage };
  } catch (error) {
    return unreadableMessage(error);
  }
}
