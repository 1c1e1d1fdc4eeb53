import { afterEach, describe, expect, it, vi } from 'vitest';
import type { EmbedController, SessionRequest } from '../../../src/controller/index.js';
import { SESSIONS_IN_FLIGHT, WAKE_SPREAD_MS } from '../../../src/controller/lifecycleLimits.js';
import { addHost, destroyControllers, flush, makeController } from '../support/controllers.js';
import { deliver, eventEnvelope, readyPayload, TENANT } from '../support/frames.js';

/**
 * Many embeds that must renew at once (a wake after sleep, tokens that expired together): the page asks the
 * app's backend a few at a time, each embed still gets its own session, and planned renewals that fell due
 * while the machine slept spread over a short window.
 */

afterEach(() => {
  destroyControllers();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

let counter = 0;
const send = (controller: EmbedController, type: string, payload: Record<string, unknown> = {}) =>
  deliver(eventEnvelope(type, payload), TENANT, controller.iframe?.contentWindow as Window);

function readyEmbeds(count: number) {
  const calls: Array<{ request: SessionRequest; resolve: (id: string) => void }> = [];
  const getSession = vi.fn((request: SessionRequest) => new Promise<string>((resolve) => calls.push({ request, resolve })));
  const controllers = Array.from({ length: count }, () => {
    const controller = makeController({ session: `wake-${++counter}-${Math.random()}`, getSession });
    controller.attach(addHost());
    vi.spyOn(controller.iframe?.contentWindow as Window, 'postMessage').mockImplementation(() => {});
    send(controller, 'svc:event:ready', readyPayload());
    return controller;
  });
  return { controllers, calls, getSession };
}

describe('embeds renewing together', () => {
  it(`ask getSession at most ${SESSIONS_IN_FLIGHT} at a time, and each gets its own session`, async () => {
    const { controllers, calls } = readyEmbeds(10);
    for (const controller of controllers) send(controller, 'svc:event:session-expired');
    await flush();
    expect(calls).toHaveLength(SESSIONS_IN_FLIGHT);
    const given = new Set<string>();
    while (calls.length > 0) {
      const call = calls.shift() as (typeof calls)[number];
      const id = `renewed-${++counter}`;
      given.add(id);
      call.resolve(id);
      await flush();
      expect(calls.length).toBeLessThanOrEqual(SESSIONS_IN_FLIGHT);
    }
    expect(given.size).toBe(10);
    // Every embed was handed a session of its own.
    const handedTo = (controller: EmbedController): string | undefined => {
      const win = controller.iframe?.contentWindow;
      if (!win) return undefined;
      const { calls: posted } = vi.mocked(win.postMessage).mock;
      const message = posted.map(([sent]) => sent as { type: string; payload: { sessionId: string } }).find((sent) => sent.type === 'svc:action:set-session');
      return message?.payload.sessionId;
    };
    const handed = controllers.map(handedTo);
    expect(new Set(handed).size).toBe(10);
    expect(handed.every((id) => id !== undefined && given.has(id))).toBe(true);
  });

  it('spread planned renewals that fell due during a sleep over the wake window instead of one tick', async () => {
    vi.useFakeTimers({ now: 1_000_000 });
    const { controllers, getSession } = readyEmbeds(6);
    for (const controller of controllers) send(controller, 'svc:event:session-expiring', { expiresAt: Date.now() + 600_000 });
    getSession.mockClear();
    // The machine sleeps past every planned moment; the tab is shown again.
    vi.setSystemTime(Date.now() + 700_000);
    const moments = [0.1, 0.3, 0.5, 0.7, 0.9, 0.95];
    const random = vi.spyOn(Math, 'random');
    for (const moment of moments) random.mockReturnValueOnce(moment);
    document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
    expect(getSession).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(WAKE_SPREAD_MS * 0.5);
    expect(getSession).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(WAKE_SPREAD_MS * 0.5);
    expect(getSession).toHaveBeenCalledTimes(SESSIONS_IN_FLIGHT);
  });
});
