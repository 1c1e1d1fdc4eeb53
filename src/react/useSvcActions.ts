import { useMemo } from 'react';
import type { ActionType } from '../protocol/actionPayloads.js';
import { type ActionPayloadArgs, createActionMessage } from '../protocol/createActionMessage.js';
import { createSvcActions } from './createSvcActions.js';
import { heldActionsOf } from '../runtime/createHeldActions.js';
import { useEmbedRuntime } from '../reactBase/useEmbedRuntime.js';
import { resolveEmbed } from './resolveEmbed.js';
import type { SvcActions } from './SvcEmbedHandle.js';

/**
 * Typed senders for every action, for one embed (`embedId`, or the only embed shown) of the surrounding provider's runtime (else the page's). The object is
 * stable across renders. Each call is validated at once (a bad payload throws a readable error), sent when
 * the embed is ready, queued until then, and held if the embed has not mounted yet.
 *
 * @example
 * const actions = useSvcActions('sales');
 * <button onClick={() => actions.setFilter('orders.region', { value: 'EU' })}>EU</button>
 * <button onClick={actions.refresh}>Refresh</button>
 */
export function useSvcActions(embedId?: string): SvcActions {
  const runtime = useEmbedRuntime();
  return useMemo(
    () =>
      createSvcActions(<T extends ActionType>(type: T, ...payload: ActionPayloadArgs<T>) => {
        const bridge = resolveEmbed(runtime, runtime.registry.getSnapshot(), embedId, 'useSvcActions');
        if (bridge) {
          bridge.send(type, ...payload);
          return;
        }
        // Validate now, so a bad call fails where it is made rather than when the embed mounts.
        createActionMessage(type, ...payload);
        heldActionsOf(runtime).hold(embedId ?? '', type, payload);
      }),
    [embedId, runtime],
  );
}
