import { isDevelopment } from '../protocol/isDevelopment.js';
import type { SvcErrorNumber } from '../protocol/SvcErrorCode.js';
import { errorText } from '../protocol/svcError.js';
import type { EmbedUpdatableOptions } from './EmbedUpdatableOptions.js';
import type { EmbedIdentity, EmbedLoadOptions } from './EmbedOptions.js';
import type { GetSession, SessionRequestReason } from './SessionRequest.js';
import { ledgerOf } from './sessionLedger.js';
import type { SessionGate } from './sessionGate.js';
import type { SvcErrorPayload } from './SvcErrorPayload.js';

/** What a session is asked for: why, until when the current token is trusted, and the abort signal. */
export interface SessionTake {
  readonly reason: SessionRequestReason;
  /** With `reason: 'renewal'`: when the current token ends (epoch ms), if the embed said so. */
  readonly expiresAt?: number | undefined;
  /** Aborted when the request is superseded, timed out or the embed is torn down. */
  readonly signal: AbortSignal;
}

/** Where an embed's sessions come from: the `session` option while unused, else `getSession`. */
export interface SessionSource {
  /**
   * The session for the next load or in-place handover (the caller records it as used): at once in private
   * mode (undefined) and for an unused session option, else a promise of `getSession`'s answer, asked through
   * the page's session gate. Throws at once for a used session option without `getSession`. Fails with the
   * failure in the shape of a fatal `svc:event:error` payload, coded.
   */
  take(request: SessionTake): string | undefined | Promise<string>;
}

/** The codes of failures another try cannot mend: the session itself is unusable or used. */
export const isFinalSessionFailure = (error: unknown): boolean => /^SVC30[345]$/.test(String((error as SvcErrorPayload | null)?.code));

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

/**
 * Creates the session source of one embed. `signed` says whether the embed runs in signed mode;
 * `readOptions` returns the embed's latest updatable options (session and getSession are read at the moment a
 * session is needed); `gate`
 * bounds the page's `getSession` calls in flight.
 */
export function createSessionSource({
  identity,
  signed,
  readOptions,
  gate,
}: {
  readonly identity: Pick<EmbedIdentity, 'surface' | 'embedId' | 'publicId' | 'deploymentId'> & Pick<EmbedLoadOptions, 'runtime'>;
  readonly signed: () => boolean;
  readonly readOptions: () => EmbedUpdatableOptions;
  readonly gate: SessionGate;
}): SessionSource {
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

  const ask = async (getSession: GetSession, { reason, expiresAt, signal }: SessionTake): Promise<string> => {
    let answer: unknown;
    try {
      answer = await gate.run(
        () =>
          getSession({
            surface: identity.surface,
            embedId: identity.embedId,
            publicId: identity.publicId,
            deploymentId: identity.deploymentId,
            reason,
            expiresAt,
            signal,
          }),
        signal,
      );
    } catch (error) {
      if (signal.aborted) throw sessionError(302, 'getSession', 'aborted');
      throw sessionError(301, 'getSession', `getSession failed: ${error instanceof Error ? error.message : String(error)}`);
    }
    if (ledgerOf(identity).has(answer as string)) throw used();
    return use(answer, 304, 'getSession');
  };

  return {
    take(request) {
      if (!signed()) return undefined;
      const { session, getSession } = readOptions();
      // A session option this page never loaded goes first: the app minted it for this embed.
      if (session !== undefined && !ledgerOf(identity).has(session)) return use(session, 303, 'session');
      if (!getSession) throw used();
      return ask(getSession, request);
    },
  };
}
