import { STATE_ACTION_TYPES } from './actionPayloads.js';
import type { SvcActionMessage } from './messages.js';
import { parseFilterParameter } from './parseFilterParameter.js';

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
 * What makes two queued actions the same piece of state: the type for colour scheme, theme and locale, the
 * filter key for `set-filter`; `navigate` and `refresh` are never merged.
 */
function coalescingKey(message: SvcActionMessage): string | null {
  if (!STATE_ACTION_TYPES.has(message.type)) return null;
  if (message.type === 'svc:action:set-filter') {
    const parsed = parseFilterParameter(message.payload.filterUrlParameter);
    return parsed.ok ? `${message.type}:${parsed.key}` : null;
  }
  return message.type;
}

/**
 * Creates the pre-`ready` queue: only the latest value of each state-setting action is kept (a newer value
 * moves to the end, so the flush order follows the order of the latest changes), `navigate` and `refresh`
 * are kept in order, and at most `limit` actions wait (the oldest goes first).
 */
export function createActionQueue(limit: number): ActionQueue {
  const entries: { key: string | null; message: SvcActionMessage }[] = [];
  return {
    push(message) {
      const key = coalescingKey(message);
      if (key !== null) {
        const index = entries.findIndex((entry) => entry.key === key);
        if (index >= 0) entries.splice(index, 1);
      }
      entries.push({ key, message });
      return entries.length > limit ? entries.shift()?.message : undefined;
    },
    drain() {
      return entries.splice(0, entries.length).map((entry) => entry.message);
    },
    get size() {
      return entries.length;
    },
  };
}
