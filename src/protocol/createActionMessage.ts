import { type ActionMap, type ActionType, actionPayloadSchemas } from './actionSchemas.js';
import { SVC_SOURCE } from './envelope.js';
import { describeValue, formatIssues } from './formatIssues.js';
import type { SvcActionMessage } from './messages.js';

/** Payload arguments of {@link createActionMessage}: optional for actions that carry none. */
export type ActionPayloadArgs<T extends ActionType> = T extends 'svc:action:refresh'
  ? [payload?: ActionMap[T]]
  : [payload: ActionMap[T]];

/**
 * Builds a valid action envelope (`source`, `direction: 'action'`, `timestamp`, no `surface`).
 *
 * @throws TypeError naming the action and the bad field when the type is unknown or the payload is invalid.
 * @example
 * createActionMessage('svc:action:set-color-scheme', { scheme: 'dark' });
 * createActionMessage('svc:action:refresh');
 */
export function createActionMessage<T extends ActionType>(type: T, ...args: ActionPayloadArgs<T>): SvcActionMessage<T> {
  if (typeof type !== 'string' || !Object.hasOwn(actionPayloadSchemas, type)) {
    throw new TypeError(
      `Unknown action type ${describeValue(type)}; expected one of ${Object.keys(actionPayloadSchemas).join(', ')}.`,
    );
  }
  const raw: unknown = args[0] ?? {};
  const parsed = actionPayloadSchemas[type].safeParse(raw);
  if (!parsed.success) {
    throw new TypeError(`Invalid ${type} payload: ${formatIssues(parsed.error.issues, raw, 'payload')}.`);
  }
  return {
    source: SVC_SOURCE,
    direction: 'action',
    type,
    payload: parsed.data,
    timestamp: Date.now(),
  } as SvcActionMessage<T>;
}
