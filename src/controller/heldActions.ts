import type { ActionType } from '../protocol/actionPayloads.js';
import type { ActionPayloadArgs } from '../protocol/createActionMessage.js';
import { heldActionsOf, MAX_HELD_ACTIONS } from '../runtime/createHeldActions.js';
import { getDefaultEmbedRuntime } from '../runtime/defaultEmbedRuntime.js';

/** How many actions may wait for one embed that has not mounted; the oldest go first. */
export const MAX_PENDING_ACTIONS = MAX_HELD_ACTIONS;

/** Holds an action in the default runtime until its embed connects (see `HeldActions.hold`). */
export function holdAction<T extends ActionType>(embedId: string, type: T, args: ActionPayloadArgs<T>): void {
  heldActionsOf(getDefaultEmbedRuntime()).hold(embedId, type, args);
}

/** How many actions the default runtime holds, for leak checks in tests. */
export function heldActionCount(): number {
  return heldActionsOf(getDefaultEmbedRuntime()).count();
}
