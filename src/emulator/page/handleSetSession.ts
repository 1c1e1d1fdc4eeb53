import { describeValue } from '../../protocol/describeValue.js';
import type { TenantBridge } from '../../tenant/createTenantBridge.js';
import type { EmulatorBootConfig } from '../EmulatorBootConfig.js';
import type { SessionWatch, TokenGrant } from './createSessionWatch.js';
import type { EventSink } from './PageContext.js';

/** What `svc:action:set-session` acts on. */
export interface SetSessionTargets {
  readonly win: Window;
  readonly boot: EmulatorBootConfig;
  readonly events: EventSink;
  /** The signed page's token watch; `null` in private mode. */
  readonly session: SessionWatch | null;
  /** The new session was exchanged: the page carries on with this token. */
  readonly onRenewed: (grant: TokenGrant) => void;
}

const ACTION = 'svc:action:set-session';

const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/**
 * Asks the emulator for a token for `sessionId`, presenting the current token so the server can check the
 * new session belongs to the same deployment and viewer. The session travels in the body, never in an
 * address. Resolves to the grant, or to the reason for a refusal (which never quotes the session).
 */
async function exchangeSession(win: Window, current: string, sessionId: string): Promise<TokenGrant | { readonly refusal: string }> {
  let response: Response;
  try {
    response = await win.fetch('/embed/exchange-session', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-embed-token': current },
      body: JSON.stringify({ sessionId }),
      cache: 'no-store',
    });
  } catch {
    return { refusal: 'The emulator did not answer the session exchange; the embed keeps its current token.' };
  }
  const body = (await response.json().catch(() => null)) as Record<string, unknown> | null;
  if (response.ok && typeof body?.embedToken === 'string' && isNumber(body.expiresAt) && isNumber(body.expiringAt) && isNumber(body.now)) {
    return { token: body.embedToken, expiresAt: body.expiresAt, expiringAt: body.expiringAt, now: body.now };
  }
  const error = body?.error as { message?: unknown } | undefined;
  return { refusal: typeof error?.message === 'string' ? error.message : `The session exchange failed (HTTP ${response.status}).` };
}

/**
 * Handles `svc:action:set-session`, the newer platform's in-place renewal: the page exchanges the session
 * and carries on in the same document. Requests are taken one at a time, in order. A refusal is a non-fatal
 * `svc:event:error` named `SessionError`, and the page keeps its token. A page of the older protocol
 * (`inPlaceRenewal: false`) answers it as any action type it does not know, with the words its bridge uses
 * for one, and spends nothing.
 */
export function handleSetSession(bridge: TenantBridge, { win, boot, events, session, onRenewed }: SetSessionTargets): void {
  const refuse = (name: string, message: string): void => {
    events.emit('svc:event:error', { message, name, context: ACTION, fatal: false });
  };
  let queue: Promise<void> = Promise.resolve();
  bridge.on(ACTION, ({ sessionId }) => {
    if (!boot.inPlaceRenewal) {
      refuse('UnknownActionError', `unknown action type ${describeValue(ACTION)}`);
      return;
    }
    if (session === null) {
      refuse('SessionError', 'This embed is in private mode (the viewer signs in inside it): it takes no session.');
      return;
    }
    queue = queue
      .then(async () => {
        const result = await exchangeSession(win, session.token(), sessionId);
        if ('refusal' in result) refuse('SessionError', result.refusal);
        else onRenewed(result);
      })
      // A failure here is a bug in the page: reported, and the next set-session still runs.
      .catch((error: unknown) => win.reportError(error));
  });
}
