import { STATE_ACTION_TYPES } from '../protocol/actionPayloads.js';
import type { SvcActionMessage } from '../protocol/messages.js';

/** The queue of actions waiting for an embed's `ready`. */
export interface ActionQueue {
  /** Adds an action; returns the action the bound pushed out, if any. */
  push(message: SvcActionMessage): SvcActionMessage | undefined;
  /** Removes and returns every queued action, in order. */
  drain(): SvcActionMessage[];
  /** How many actions are waiting. */
  readonly size: number;
}

/**
 * Creates the pre-`ready` queue: only the latest value of each state-setting action is kept (a newer value
 * moves to the end, so the flush order follows the order of the latest changes), `navigate` and `refresh`
 * are kept in order, and at most `limit` actions wait (the oldest goes first).
 */
export function createActionQueue(limit: number): ActionQueue {
  // Insertion order is queue order; deleting and re-adding a key moves it to the end.
  const entries = new Map<unknown, SvcActionMessage>();
  return {
    push(message) {
      // What makes two queued actions the same piece of state: the type for colour scheme, theme, locale and
      // time zone, the parameter's name (`f_<key>`, never with a colon, so never mistaken for a type) for
      // `set-filter`. `navigate` and `refresh` get a key of their own: never merged.
      const key = !STATE_ACTION_TYPES.has(message.type)
        ? {}
        : message.type === 'svc:action:set-filter'
          ? message.payload.filterUrlParameter.split('=', 1)[0]
          : message.type;
      entries.delete(key);
      entries.set(key, message);
      if (entries.size <= limit) return undefined;
      // The first entry is the oldest (and there is one: the queue is over its bound).
      const [[oldest, dropped]] = entries as unknown as [[unknown, SvcActionMessage]];
      entries.delete(oldest);
      return dropped;
    },
    drain() {
      const messages = [...entries.values()];
      entries.clear();
      return messages;
    },
    get size() {
      return entries.size;
    },
  };
}
