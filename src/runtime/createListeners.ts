import { reportUncaught } from './reportUncaught.js';

/** A set of listeners that all hear the same notifications. */
export interface Listeners<Args extends unknown[] = []> {
  /** Adds `listener` (once, however often it is added); returns the function that removes it. */
  add(listener: (...args: Args) => void): () => void;
  /**
   * Calls every listener with `args`. A listener added or removed meanwhile counts from the next call; one that
   * throws does not stop the others (its error is reported to the page, as an uncaught error would be).
   */
  emit(...args: Args): void;
  /** How many listeners there are. */
  readonly size: number;
}

/**
 * Creates a listener set: the one way page state (the embed registry, the inspector, the developer tools'
 * timeline) tells its subscribers about a change.
 *
 * @example
 * const changes = createListeners();
 * const stop = changes.add(() => console.log('changed'));
 * changes.emit();
 * stop();
 */
export function createListeners<Args extends unknown[] = []>(): Listeners<Args> {
  // Replaced, never mutated: `emit` walks the list it started with, without copying it each time.
  let list: readonly ((...args: Args) => void)[] = [];
  return {
    add(listener) {
      if (!list.includes(listener)) list = [...list, listener];
      return () => {
        list = list.filter((other) => other !== listener);
      };
    },
    emit(...args) {
      for (const listener of list) {
        try {
          listener(...args);
        } catch (error) {
          reportUncaught(error);
        }
      }
    },
    get size() {
      return list.length;
    },
  };
}
