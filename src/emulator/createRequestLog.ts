/** A request the emulator answered, as kept for tests and debugging (never its credentials). */
export interface EmulatorRequestRecord {
  /** The request's place in the emulator's run: 1 for the first one logged, then one more for each. */
  readonly seq: number;
  readonly method: string;
  /** The path only: a query string can carry a session id. */
  readonly path: string;
  readonly status: number;
  /** When it was answered, epoch milliseconds on the emulator's clock. */
  readonly at: number;
}

/** How many requests the log keeps: the oldest are dropped beyond it, so a long run stays small. */
export const REQUEST_LOG_LIMIT = 1000;

/** The emulator's request log: the last {@link REQUEST_LOG_LIMIT} API and embed requests, in order. */
export interface RequestLog {
  /** The kept records, oldest first; the same array for the whole run. */
  readonly entries: readonly EmulatorRequestRecord[];
  /** The sequence number of the latest request logged; 0 before any. */
  readonly latest: number;
  record(request: Omit<EmulatorRequestRecord, 'seq'>): void;
  /** The kept records logged after sequence number `seq`. */
  after(seq: number): EmulatorRequestRecord[];
}

/**
 * Makes an empty request log. Records carry a sequence number rather than only a time: two requests can
 * share a millisecond, but never a sequence number, so `after(latest)` never misses or repeats one.
 */
export function createRequestLog(): RequestLog {
  const entries: EmulatorRequestRecord[] = [];
  let latest = 0;
  return {
    entries,
    get latest() {
      return latest;
    },
    record(request) {
      latest += 1;
      entries.push({ seq: latest, ...request });
      if (entries.length > REQUEST_LOG_LIMIT) entries.splice(0, entries.length - REQUEST_LOG_LIMIT);
    },
    after(seq) {
      // Sequence numbers are consecutive, so the first one wanted sits at a known offset.
      const first = entries[0]?.seq ?? latest + 1;
      return entries.slice(Math.max(0, seq + 1 - first));
    },
  };
}
