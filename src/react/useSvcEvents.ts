import { useEffect } from 'react';
import type { EmbedBridge } from '../runtime/createEmbedBridge.js';
import { useEmbedRuntime } from '../reactBase/useEmbedRuntime.js';
import type { EventMap, EventType } from '../protocol/eventPayloads.js';
import type { SvcEventMessage } from '../protocol/messages.js';
import { useLatest } from '../reactBase/useLatest.js';

/** A hook-level event handler: the payload, the envelope and which embed sent it. */
export type SvcEventHandler<T extends EventType> = (
  payload: EventMap[T],
  message: SvcEventMessage<T>,
  embedId: string,
) => void;

/** Handlers by event type, for {@link useSvcEvents}. */
export type SvcEventHandlers = { readonly [K in EventType]?: SvcEventHandler<K> };

/** Options of {@link useSvcEvents}. */
export interface UseSvcEventsOptions {
  /** Listen to this embed only. @default every embed on the page */
  readonly embedId?: string | undefined;
}

/**
 * What follows the first argument of {@link useSvcEvents}: a handler typed for the named event (and options),
 * or only options after an object of handlers. One signature rather than two overloads, so an unknown event
 * name is one error naming the accepted names, not a report per overload.
 */
export type UseSvcEventsRest<First> = First extends EventType
  ? [handler: SvcEventHandler<First>, options?: UseSvcEventsOptions]
  : [options?: UseSvcEventsOptions];

/**
 * Subscribes to embed events from anywhere in the app: one embed's (`embedId`) or every embed's. Handlers
 * may be inline functions: they are read through a ref, so re-renders never re-subscribe. Works before the
 * embed mounts and follows it when it remounts.
 *
 * @example
 * useSvcEvents('svc:event:download', (payload) => analytics.track('export', payload), { embedId: 'sales' });
 * useSvcEvents({
 *   'svc:event:ready': (payload, _message, embedId) => console.log(embedId, payload.mode),
 *   'svc:event:error': (payload) => toast(payload.message),
 * });
 */
export function useSvcEvents<const First extends EventType | SvcEventHandlers>(
  first: First,
  ...rest: UseSvcEventsRest<First>
): void;
export function useSvcEvents(
  first: SvcEventHandlers | EventType,
  second?: SvcEventHandler<EventType> | UseSvcEventsOptions,
  third?: UseSvcEventsOptions,
): void {
  const handlers: SvcEventHandlers =
    typeof first === 'string' ? { [first]: second as SvcEventHandler<EventType> } : first;
  const options = (typeof first === 'string' ? third : (second as UseSvcEventsOptions | undefined)) ?? {};
  const latest = useLatest(handlers);
  const { embedId } = options;
  const { registry } = useEmbedRuntime();

  useEffect(() => {
    const attached = new Map<EmbedBridge, () => void>();
    const sync = (): void => {
      const embeds = registry.getSnapshot();
      const wanted = new Set<EmbedBridge>();
      if (embedId === undefined) for (const bridge of embeds.values()) wanted.add(bridge);
      else {
        const bridge = embeds.get(embedId);
        if (bridge) wanted.add(bridge);
      }
      for (const [bridge, off] of attached) {
        if (!wanted.has(bridge)) {
          off();
          attached.delete(bridge);
        }
      }
      for (const bridge of wanted) {
        if (attached.has(bridge)) continue;
        attached.set(
          bridge,
          bridge.onAny((message) => {
            const handler = latest.current[message.type] as SvcEventHandler<EventType> | undefined;
            handler?.(message.payload, message, bridge.embedId);
          }),
        );
      }
    };
    sync();
    const unsubscribe = registry.subscribe(sync);
    return () => {
      unsubscribe();
      for (const off of attached.values()) off();
      attached.clear();
    };
  }, [embedId, latest, registry]);
}
