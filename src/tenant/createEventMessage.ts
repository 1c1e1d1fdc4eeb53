import type { Surface } from '../protocol/envelope.js';
import { SURFACES, SVC_SOURCE } from '../protocol/envelope.js';
import { describeValue } from '../protocol/describeValue.js';
import { type EventMap, type EventType, eventPayloadChecks } from '../protocol/eventPayloads.js';
import { runCheck } from '../protocol/fieldChecks.js';
import type { SvcEventMessage } from '../protocol/messages.js';
import { svcError } from '../protocol/svcError.js';

/**
 * Builds a valid event envelope, as an embed posts it to its host: `source: 'svc-embed'`,
 * `direction: 'event'`, the `surface`, a `timestamp`, and the payload checked with the same checks the host
 * uses (`parseEventMessage`). A payload that carries `surface` (ready, view) must name the same surface.
 *
 * @throws TypeError naming the event and the bad field when the surface, type or payload is invalid, so a
 * mistake shows up where it is made rather than as a message the host silently drops.
 * @example
 * createEventMessage('dashboard', 'svc:event:drilldown', { member: 'orders.revenue', value: 'North' });
 */
export function createEventMessage<T extends EventType>(
  surface: Surface,
  type: T,
  payload: EventMap[T],
): SvcEventMessage<T> {
  if (!(SURFACES as readonly unknown[]).includes(surface)) {
    throw svcError(710, `Unknown surface ${describeValue(surface)}; expected one of ${SURFACES.join(', ')}.`);
  }
  if (typeof type !== 'string' || !Object.hasOwn(eventPayloadChecks, type)) {
    throw svcError(
      711,
      `Unknown event type ${describeValue(type)}; expected one of ${Object.keys(eventPayloadChecks).join(', ')}.`,
    );
  }
  const parsed = runCheck(eventPayloadChecks[type], payload, 'payload');
  if (!parsed.ok) throw svcError(712, `Invalid ${type} payload: ${parsed.reason}.`);
  // Reading lets an enum value it does not know through (a newer platform); an embed sends only known ones.
  const unknown = parsed.unknownValues?.[0];
  if (unknown) throw svcError(712, `Invalid ${type} payload: ${unknown.field}: ${describeValue(unknown.value)} is not a value of this protocol version.`);
  const body = parsed.value as Record<string, unknown>;
  if ('surface' in body && body.surface !== surface) {
    throw svcError(
      712,
      `Invalid ${type} payload: payload.surface ${describeValue(body.surface)} disagrees with the embed's surface "${surface}".`,
    );
  }
  return {
    source: SVC_SOURCE,
    direction: 'event',
    type,
    payload: parsed.value,
    timestamp: Date.now(),
    surface,
  } as SvcEventMessage<T>;
}
