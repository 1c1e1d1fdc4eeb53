import { type ActionMap, type ActionType, actionPayloadChecks } from './actionPayloads.js';
import { describeValue } from './describeValue.js';
import { SVC_SOURCE } from './envelope.js';
import { type FieldCheck, runCheck } from './fieldChecks.js';
import { isDevelopment } from './isDevelopment.js';
import type { SvcActionMessage } from './messages.js';
import { svcError } from './svcError.js';

/** Payload arguments of {@link createActionMessage}: optional for actions that carry none. */
export type ActionPayloadArgs<T extends ActionType> = T extends 'svc:action:refresh'
  ? [payload?: ActionMap[T]]
  : [payload: ActionMap[T]];

/**
 * Builds a valid action envelope (`source`, `direction: 'action'`, `timestamp`, no `surface`).
 *
 * @throws TypeError naming the action and the bad field when the type is unknown (`SVC140`) or the payload is
 * invalid (`SVC141`).
 * @example
 * createActionMessage('svc:action:set-color-scheme', { scheme: 'dark' });
 * createActionMessage('svc:action:refresh');
 */
export function createActionMessage<T extends ActionType>(type: T, ...args: ActionPayloadArgs<T>): SvcActionMessage<T>;
// Only an omitted payload means "none" (refresh): the default applies to `undefined` alone, so null is still
// checked, and refused.
export function createActionMessage(type: ActionType, payload: unknown = {}): SvcActionMessage {
  if (typeof type !== 'string' || !Object.hasOwn(actionPayloadChecks, type)) {
    throw svcError(
      140,
      isDevelopment
        ? `Unknown action type ${describeValue(type)}; expected one of ${Object.keys(actionPayloadChecks).join(', ')}.`
        : 'type',
    );
  }
  const checked = runCheck(actionPayloadChecks[type] as FieldCheck, payload, 'payload');
  if (!checked.ok) throw svcError(141, isDevelopment ? `Invalid ${type} payload: ${checked.reason}.` : `${type} ${checked.reason}`);
  return {
    source: SVC_SOURCE,
    direction: 'action',
    type,
    payload: checked.value,
    timestamp: Date.now(),
  } as SvcActionMessage;
}
