import type { ActionType } from '../protocol/actionPayloads.js';
import type { EmbedBridge } from '../protocol/createEmbedBridge.js';
import type { ActionPayloadArgs } from '../protocol/createActionMessage.js';

/** Actions sent through hooks before their embed mounted, by `embedId` (`''`: whichever embed mounts first). */
const pending = new Map<string, { type: ActionType; args: unknown[] }[]>();

/** How many actions may wait for an embed that has not mounted; the oldest go first. */
export const MAX_PENDING_ACTIONS = 100;

/** Keeps an action until the embed named `embedId` connects. */
export function holdAction<T extends ActionType>(embedId: string, type: T, args: ActionPayloadArgs<T>): void {
  const list = pending.get(embedId) ?? [];
  list.push({ type, args });
  if (list.length > MAX_PENDING_ACTIONS) list.shift();
  pending.set(embedId, list);
}

/** Hands the actions held for this embed (and for "any embed") to its bridge, in order. */
export function releaseHeldActions(bridge: EmbedBridge): void {
  for (const key of [bridge.embedId, '']) {
    const list = pending.get(key);
    if (!list) continue;
    pending.delete(key);
    for (const { type, args } of list) {
      (bridge.send as (type: ActionType, ...args: unknown[]) => void)(type, ...args);
    }
  }
}

/** How many actions are held, for leak checks in tests. */
export function heldActionCount(): number {
  let count = 0;
  for (const list of pending.values()) count += list.length;
  return count;
}
