import { isDevelopment } from '../protocol/isDevelopment.js';
import type { SvcErrorNumber } from '../protocol/SvcErrorCode.js';
import { errorText } from '../protocol/svcError.js';
import type { EmbedUpdatableOptions } from './EmbedUpdatableOptions.js';
import type { EmbedIdentity, EmbedLoadOptions } from './EmbedOptions.js';
import type { GetSession, SessionRequestReason } from './SessionRequest.js';
import { ledgerOf } from './sessionLedger.js';
import type { SvcErrorPayload } from './SvcErrorPayload.js';

/** Where an embed's sessions come from: the `session` option while unused, else `getSession`. */
export interface SessionSource {
  /** Whether the embed runs in signed mode: its loads need a session. */
  signed(): boolean;
  /**
   * The session for the next load or in-place handover (the caller records it as used): at once in private mode (undefined)
   * and for an unused session option, else a promise of `getSession`'s answer. A call while one is being
   * fetched joins it: one request in flight, whatever asked. Throws at once for a used session option without
   * `getSession`. A rejected `getSession` is
   * tried again while the current token is still trusted, 1 s after the first failure and twice as long after
   * each next one (at most 30 s), as long as the next try comes before `expiresAt` (epoch ms); one that takes
   * longer than `sessionTimeoutMs` is not (SVC308). A try that fails while the browser is offline is followed by
   * the next when the network is back (or at `expiresAt`, then the last). Rejects with the failure in the shape
   * of a fatal `svc:event:error` payload.
   */
  take(reason: SessionRequestReason, expiresAt?: number): string | undefined | Promise<string>;
  /**
   * Aborts a `getSession` in flight (the embed is torn down, or a newer session took its place) and forgets it:
   * the next `take` never joins it.
   */
  abort(): void;
}

/**
 * Whether `session` is a session id an embed can load: an opaque id of visible ASCII characters, short enough
 * for an address (browsers refuse very long ones and show a blank frame). The platform's ids are far shorter.
 */
export const isUsableSession = (session: unknown): session is string => typeof session === 'string' && /^[!-~]{1,4096}$/.test(session);

/** A failure of the host's own making, in the shape of an embed's fatal error, with its code. */
export const sessionError = (code: SvcErrorNumber, context: string, message: string): SvcErrorPayload => ({
  name: 'SessionError',
  context,
  fatal: true,
  message: errorText(code, message),
  code: `SVC${code}`,
});

/** What a session source works with. */
export interface SessionSourceParts {
  /** The embed the sessions are for (what `getSession` is told), its page runtime and `sessionTimeoutMs`. */
  readonly sessionsFor: Pick<EmbedIdentity, 'surface' | 'embedId' | 'publicId' | 'deploymentId'> &
    Pick<EmbedLoadOptions, 'runtime' | 'sessionTimeoutMs'>;
  /** Whether the embed runs in signed mode (a private embed may be given a session source later). */
  readonly signed: () => boolean;
  /** The latest updatable options: `session` and `getSession` are read when a session is needed. */
  readonly readOptions: () => EmbedUpdatableOptions;
}

/** Creates the session source of one embed. */
export function createSessionSource({ sessionsFor: identity, signed, readOptions }: SessionSourceParts): SessionSource {
  let abort: AbortController | undefined;
  let pending: Promise<string> | undefined;

  /** How long each `getSession` call may take (a browser timer holds at most 2^31 - 1 ms). */
  const timeoutMs = Math.min(identity.sessionTimeoutMs ?? 30_000, 2_147_483_647);

  const request = async (getSession: GetSession, reason: SessionRequestReason, expiresAt: number | undefined): Promise<unknown> => {
    // The wait before the next try: 1 s, doubled after each failure, at most 30 s.
    for (let delay = 1000; ; delay = Math.min(delay * 2, 30_000)) {
      /** Whether the browser said it was offline when the last try failed. */
      let offline = false;
      const attempt = new AbortController();
      abort = attempt;
      const { signal } = attempt;
      // A call that neither resolves nor rejects in time fails the request (SVC308), its signal aborted.
      const timer = setTimeout(
        () => attempt.abort(sessionError(308, 'getSession', isDevelopment ? `getSession did not answer within ${timeoutMs} ms` : 'getSession')),
        timeoutMs,
      );
      try {
        return await new Promise((resolve, reject) => {
          // Timed out, or called off by the embed: the answer is not awaited any longer (dropped if it comes).
          signal.addEventListener('abort', () => reject(signal.reason));
          // A getSession written without async may return its id as it is, or throw at once: both are answers.
          Promise.resolve(
            getSession({
              surface: identity.surface,
              embedId: identity.embedId,
              publicId: identity.publicId,
              deploymentId: identity.deploymentId,
              reason,
              expiresAt,
              signal,
            }),
          ).then(resolve, reject);
        });
      } catch (error) {
        // Timed out (SVC308) or called off (SVC302): the request ends here.
        if (signal.aborted) throw signal.reason;
        // Offline, every try would fail for that alone: the next comes when the network is back (at the latest at
        // the token's end), and no try is spent meanwhile. (Without a navigator, a server, it is never offline.)
        offline = globalThis.navigator?.onLine === false;
        // Worth another try while the embed still trusts its token: a blip of the app's backend must not end
        // the viewer's session, so tries go on until the next would come at the token's end or after it.
        // Otherwise (a first load, an expired token) the failure is shown at once.
        if (expiresAt === undefined || Date.now() + (offline ? 0 : delay) >= expiresAt) {
          throw sessionError(301, 'getSession', `getSession failed: ${error instanceof Error ? error.message : String(error)}`);
        }
      } finally {
        clearTimeout(timer);
      }
      await new Promise((resume) => {
        // A browser timer holds at most 2^31 - 1 ms: a token's end further ahead is waited for in steps.
        setTimeout(resume, offline ? Math.min((expiresAt as number) - Date.now(), 2_147_483_647) : delay);
        if (offline) addEventListener('online', resume, { once: true });
      });
      // Torn down (or superseded) while waiting to try again: nobody needs this session any more.
      if (signal.aborted) throw signal.reason;
    }
  };

  /** `session` once it is known to be usable; else the failure of where it came from, with that place's code. */
  const use = (session: unknown, code: 303 | 304, from: string): string => {
    if (!isUsableSession(session)) {
      throw sessionError(
        code,
        from,
        isDevelopment ? (code === 303 ? 'the session option is not a usable session id' : 'getSession did not return a session id') : from,
      );
    }
    return session;
  };

  const used = (): SvcErrorPayload =>
    sessionError(
      305,
      'session',
      isDevelopment
        ? 'This embed session was already loaded on this page, and sessions are single-use. Pass getSession ' +
            '(on the component or on <SvcProvider>) so each load gets a new session.'
        : 'session',
    );

  return {
    signed,
    take(reason, expiresAt) {
      if (!signed()) return undefined;
      const { session, getSession } = readOptions();
      // A session option this page never loaded goes first: the app minted it for this embed.
      if (session !== undefined && !ledgerOf(identity).has(session)) return use(session, 303, 'session');
      if (!getSession) throw used();
      pending ??= request(getSession, reason, expiresAt)
        .then((answer) => {
          if (ledgerOf(identity).has(answer as string)) throw used();
          return use(answer, 304, 'getSession');
        })
        .finally(() => {
          pending = undefined;
        });
      return pending;
    },
    abort() {
      abort?.abort(sessionError(302, 'getSession', 'aborted'));
      pending = undefined;
    },
  };
}
