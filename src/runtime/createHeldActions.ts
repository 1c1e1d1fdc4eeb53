import type { ActionType } from '../protocol/actionPayloads.js';
import type { ActionPayloadArgs } from '../protocol/createActionMessage.js';
import { isDevelopment } from '../protocol/isDevelopment.js';
import type { EmbedBridge } from './EmbedBridge.js';
import type { EmbedRuntime } from './EmbedRuntime.js';
import { shownEmbeds } from './parkedEmbeds.js';

/** Actions sent through hooks before their embed mounted, kept until it connects. */
export interface HeldActions {
  /**
   * Keeps an action until the embed named `embedId` connects (`''`: until exactly one embed is shown). At most
   * {@link MAX_HELD_ACTIONS} wait per name; the oldest go first.
   */
  hold<T extends ActionType>(embedId: string, type: T, args: ActionPayloadArgs<T>): void;
  /** How many actions are held, for leak checks in tests. */
  count(): number;
}

/** How many actions may wait for one embed that has not mounted; the oldest go first. */
export const MAX_HELD_ACTIONS = 100;

interface HeldAction {
  readonly type: ActionType;
  readonly args: readonly unknown[];
}

const sendTo = (bridge: EmbedBridge, list: readonly HeldAction[]): void => {
  for (const { type, args } of list) (bridge.send as (type: ActionType, ...args: unknown[]) => void)(type, ...args);
};

/**
 * Creates the held actions of one runtime, released to the embeds of its `registry`. The registry is watched
 * only while something is held, so embeds themselves carry none of this.
 *
 * Actions held without an `embedId` mean "the only embed": they are released a microtask after a connection
 * (once every embed of the same commit has connected), and only if exactly one embed is shown then; with
 * several, they are dropped and reported, because sending them to a guess could hand one tenant's filter (a
 * viewer's email, say) to another tenant's iframe.
 */
export function createHeldActions(runtime: EmbedRuntime): HeldActions {
  const { registry } = runtime;
  /** By `embedId` (`''`: no embed named). */
  const pending = new Map<string, HeldAction[]>();
  let stopWatching: (() => void) | null = null;
  let checkScheduled = false;

  /** Stops watching the registry once nothing is held. */
  const settle = (): void => {
    if (pending.size === 0 && !checkScheduled && stopWatching) {
      stopWatching();
      stopWatching = null;
    }
  };

  /** Hands the unaddressed actions to the one shown embed, or reports them dropped when several are shown. */
  const releaseUnnamed = (): void => {
    checkScheduled = false;
    const unnamed = pending.get('');
    // Parked embeds are out of reach: unaddressed actions wait for the one shown embed.
    const now = shownEmbeds(runtime, registry.getSnapshot());
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
  };

  /** Hands held actions to the embeds that connected. */
  const release = (): void => {
    const embeds = registry.getSnapshot();
    for (const [embedId, bridge] of embeds) {
      const named = pending.get(embedId);
      if (!named) continue;
      pending.delete(embedId);
      sendTo(bridge, named);
    }
    if (pending.has('') && shownEmbeds(runtime, embeds).length > 0 && !checkScheduled) {
      checkScheduled = true;
      queueMicrotask(releaseUnnamed);
    }
    settle();
  };

  return {
    hold(embedId, type, args) {
      const list = pending.get(embedId) ?? [];
      list.push({ type, args });
      if (list.length > MAX_HELD_ACTIONS) list.shift();
      pending.set(embedId, list);
      stopWatching ??= registry.subscribe(release);
    },
    count() {
      let count = 0;
      for (const list of pending.values()) count += list.length;
      return count;
    },
  };
}

/**
 * The held actions of `runtime`, made on first use: an app that never sends an action before its embed
 * mounts (or never uses the action hooks) does not ship this code.
 */
export function heldActionsOf(runtime: EmbedRuntime): HeldActions {
  return runtime.getPart('heldActions', () => createHeldActions(runtime));
}
