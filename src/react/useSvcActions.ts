import { useMemo } from 'react';
import type { ActionType } from '../protocol/actionPayloads.js';
import { type ActionPayloadArgs, createActionMessage } from '../protocol/createActionMessage.js';
import { embedRegistry } from '../runtime/embedRegistry.js';
import { createSvcActions } from './createSvcActions.js';
import { holdAction } from '../controller/heldActions.js';
import { resolveEmbed } from './resolveEmbed.js';
import type { SvcActions } from './SvcEmbedHandle.js';

/**
 * Typed senders for every action, for one embed (`embedId`, or the only embed on the page). The object is
 * stable across renders. Each call is validated at once (a bad payload throws a readable error), sent when
 * the embed is ready, queued until then, and held if the embed has not mounted yet.
 *
 * @example
 * const actions = useSvcActions('sales');
 * <button onClick={() => actions.setFilter('orders.region', { value: 'EU' })}>EU</button>
 * <button onClick={actions.refresh}>Refresh</button>
 */
export function useSvcActions(embedId?: string): SvcActions {
  return useMemo(
    () =>
      createSvcActions(<T extends ActionType>(type: T, ...payload: ActionPayloadArgs<T>) => {
        const bridge = resolveEmbed(embedRegistry.getSnapshot(), embedId, 'useSvcActions');
        if (bridge) {
          bridge.send(type, ...payload);
          return;
        }
        // Validate now, so a bad call fails where it is made rather than when the embed mounts.
        createActionMessage(type, ...payload);
        holdAction(embedId ?? '', type, payload);
      }),
    [embedId],
  );
}
