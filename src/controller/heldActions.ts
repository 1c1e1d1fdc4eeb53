import type { ActionType } from '../protocol/actionPayloads.js';
import type { EmbedBridge } from '../runtime/createEmbedBridge.js';
import type { ActionPayloadArgs } from '../protocol/createActionMessage.js';
import { embedRegistry } from '../runtime/embedRegistry.js';
import { isDevelopment } from '../protocol/isDevelopment.js';

interface HeldAction {
  readonly type: ActionType;
  readonly args: readonly unknown[];
}

/** Actions sent through hooks before their embed mounted, by `embedId` (`''`: no embed named). */
const pending = new Map<string, HeldAction[]>();
let stopWatching: (() => void) | null = null;
let checkScheduled = false;

/** How many actions may wait for one embed that has not mounted; the oldest go first. */
export const MAX_PENDING_ACTIONS = 100;

const sendTo = (bridge: EmbedBridge, list: readonly HeldAction[]): void => {
  for (const { type, args } of list) (bridge.send as (type: ActionType, ...args: unknown[]) => void)(type, ...args);
};

/**
 * Hands held actions to the embeds that connected. Actions held without an `embedId` meant "the only embed":
 * they are released a microtask after a connection (once every embed of the same commit has connected), and
 * only if exactly one embed is connected then; with several, they are dropped and reported, because sending
 * them to a guess could hand one tenant's filter (a viewer's email, say) to another tenant's iframe.
 */
function release(): void {
  const embeds = embedRegistry.getSnapshot();
  for (const [embedId, bridge] of embeds) {
    const named = pending.get(embedId);
    if (!named) continue;
    pending.delete(embedId);
    sendTo(bridge, named);
  }
  if (pending.has('') && embedRegistry.shown(embeds).length > 0 && !checkScheduled) {
    checkScheduled = true;
    queueMicrotask(() => {
      checkScheduled = false;
      const unnamed = pending.get('');
      // Parked embeds are out of reach: unaddressed actions wait for the one shown embed.
      const now = embedRegistry.shown(embedRegistry.getSnapshot());
      if (unnamed && now.length > 0) {
        pending.delete('');
        const [only] = now;
        if (only !== undefined && now.length === 1) sendTo(only, unnamed);
        else {
          const detail = isDevelopment
            ? `${unnamed.length} action(s) sent through useSvcActions() without an embedId were dropped: several ` +
              `embeds connected (${now.map((bridge) => bridge.embedId).join(', ')}). Pass the embedId of the embed you mean.`
            : `${unnamed.length} unaddressed action(s) dropped: several embeds`;
          for (const bridge of now) bridge.report({ reason: 'unaddressed-action', detail });
        }
      }
      settle();
    });
  }
  settle();
}

/** Stops watching the registry once nothing is held. */
function settle(): void {
  if (pending.size === 0 && !checkScheduled && stopWatching) {
    stopWatching();
    stopWatching = null;
  }
}

/**
 * Keeps an action until the embed named `embedId` connects (`''`: until exactly one embed is connected). The
 * registry is watched only while something is held, so embeds themselves carry none of this.
 */
export function holdAction<T extends ActionType>(embedId: string, type: T, args: ActionPayloadArgs<T>): void {
  const list = pending.get(embedId) ?? [];
  list.push({ type, args });
  if (list.length > MAX_PENDING_ACTIONS) list.shift();
  pending.set(embedId, list);
  stopWatching ??= embedRegistry.subscribe(release);
}

/** How many actions are held, for leak checks in tests. */
export function heldActionCount(): number {
  let count = 0;
  for (const list of pending.values()) count += list.length;
  return count;
}
