/**
 * The numbers of the embed lifecycle, in one place so that a reader finds every limit together (the build
 * writes each one where it is used). Each wait the lifecycle starts ends at one of them; see the Sessions and
 * renewal docs page for what the app sees when it does.
 */

/** How long a session handed over in place (`svc:action:set-session`) may go unanswered before a new load. */
export const HANDOVER_TIMEOUT_MS = 10_000;

/** At most this many renewals of one embed within {@link RENEWAL_WINDOW_MS}, whatever triggered them. */
export const RENEWALS_PER_WINDOW = 3;

/** The window of the renewal bound: one minute. */
export const RENEWAL_WINDOW_MS = 60_000;

/** How long `getSession` may take before the request is aborted and fails (the `sessionTimeoutMs` default). */
export const SESSION_TIMEOUT_MS = 30_000;

/** How long a new document may take to send its first `ready` (the `readyTimeoutMs` default). */
export const READY_TIMEOUT_MS = 30_000;

/** The wait before the first retry of a `getSession` that failed during a renewal; it doubles each time. */
export const RETRY_FIRST_DELAY_MS = 1_000;

/** The longest wait between two retries of a failing `getSession` during a renewal. */
export const RETRY_MAX_DELAY_MS = 30_000;

/** How many `getSession` calls of one page may be in flight at once; the others wait for a free place. */
export const SESSIONS_IN_FLIGHT = 4;

/**
 * Renewals that fall due together (a wake after sleep, a tab shown again) start at a random moment within
 * this window rather than in one tick.
 */
export const WAKE_SPREAD_MS = 2_000;

/**
 * The longest delay a browser timer holds (2^31 - 1 ms, about 24.8 days): a longer one fires at once. A
 * renewal planned further ahead is planned again when this much time has passed.
 */
export const MAX_TIMER_MS = 2_147_483_647;
