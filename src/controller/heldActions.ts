import type { ActionType } from '../protocol/actionPayloads.js';
import type { EmbedBridge } from '../protocol/createEmbedBridge.js';
import type { ActionPayloadArgs } from '../protocol/createActionMessage.js';
import { embedRegistry } from '../protocol/embedRegistry.js';
import { isDevelopment } from '../protocol/isDevelopment.js';

interface HeldAction {
  readonly type: ActionType;
  readonly args: readonly unknown[];
}

/** Actions sent through hooks before their embed mounted, by `embedId` (`''`: no embed named). */
const pending = new Map<string, HeldAction[]>();

/** How many actions may wait for one embed that has not mounted; the oldest go first. */
export const MAX_PENDING_ACTIONS = 100;

const sendTo = (bridge: EmbedBridge, list: readonly HeldAction[]): void => {
  for (const { type, args } of list) (bridge.send as (type: ActionType, ...args: unknown[]) => void)(type, ...args);
};

/** Keeps an action until the embed named `embedId` connects (`''`: until exactly one embed is connected). */
export function holdAction<T extends ActionType>(embedId: string, type: T, args: ActionPayloadArgs<T>): void {
  const list = pending.get(embedId) ?? [];
  list.push({ type, args });
  if (list.length > MAX_PENDING_ACTIONS) list.shift();
  pending.set(embedId, list);
}

/**
 * Hands the actions held for this embed to its bridge, in order. Actions held without an `embedId` meant "the
 * only embed": they are released a microtask later (after every embed of the same commit has connected), and
 * only if exactly one embed is connected then; with several, they are dropped and reported, because sending
 * them to a guess could hand one tenant's filter (a viewer's email, say) to another tenant's iframe.
 */
export function releaseHeldActions(bridge: EmbedBridge, report: (detail: string) => void): void {
  const named = pending.get(bridge.embedId);
  if (named) {
    pending.delete(bridge.embedId);
    sendTo(bridge, named);
  }
  if (!pending.has('')) return;
  queueMicrotask(() => {
    const unnamed = pending.get('');
    if (!unnamed) return;
    const embeds = embedRegistry.getSnapshot();
    if (embeds.size === 0) return;
    pending.delete('');
    const only = embeds.size === 1 ? embeds.values().next().value : undefined;
    if (only !== undefined) {
      sendTo(only, unnamed);
      return;
    }
    report(
      isDevelopment
        ? `${unnamed.length} action(s) sent through useSvcActions() without an embedId were dropped: several embeds ` +
            `connected (${[...embeds.keys()].join(', ')}). Pass the embedId of the embed you mean.`
        : `${unnamed.length} unaddressed action(s) dropped: several embeds`,
    );
  });
}

/** How many actions are held, for leak checks in tests. */
export function heldActionCount(): number {
  let count = 0;
  for (const list of pending.values()) count += list.length;
  return count;
}
