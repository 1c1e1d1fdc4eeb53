import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EmbedController, SessionRequest } from '../../../src/controller/index.js';
import { addHost as host, destroyControllers, makeController as make } from '../support/controllers.js';
import { deliver, eventEnvelope, readyPayload, TENANT } from '../support/frames.js';

/**
 * Renewals are bounded whatever the tenant says: an end announced further ahead than a browser timer holds
 * plans nothing yet (it used to overflow the timer and renew at once, in a loop), an end in the past renews
 * once, an end that is not a number is ignored, and at most 3 renewals of one embed happen in any minute,
 * planned ones included.
 */

beforeEach(() => {
  vi.useFakeTimers({ now: 1_000_000, shouldAdvanceTime: false });
  vi.spyOn(Math, 'random').mockReturnValue(0.5);
});

afterEach(() => {
  destroyControllers();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

let counter = 0;

/** A signed embed made ready, whose document (and the ones that replace it) the test speaks for. */
async function readyEmbed() {
  const onFailure = vi.fn();
  const getSession = vi.fn(async (_request: SessionRequest) => `rb-${++counter}-${Math.random().toString(36).slice(2)}`);
  const controller = make({ getSession, onFailure });
  controller.attach(host());
  await vi.advanceTimersByTimeAsync(0);
  const send = (type: string, payload: Record<string, unknown> = {}) =>
    deliver(eventEnvelope(type, payload), TENANT, (controller as EmbedController).iframe?.contentWindow ?? null);
  const ready = () => send('svc:event:ready', readyPayload());
  ready();
  return { controller, getSession, onFailure, send, ready, renewals: () => getSession.mock.calls.filter(([request]) => request.reason === 'renewal').length };
}

describe('what the tenant announces', () => {
  it('an end far beyond what a timer holds (8.64e15), repeated after every ready, renews nothing', async () => {
    const embed = await readyEmbed();
    for (let i = 0; i < 17; i++) {
      embed.send('svc:event:session-expiring', { expiresAt: 8.64e15 });
      await vi.advanceTimersByTimeAsync(250);
      embed.ready();
    }
    await vi.advanceTimersByTimeAsync(60_000);
    expect(embed.renewals()).toBe(0);
    expect(embed.controller.getSnapshot()).toMatchObject({ phase: 'ready', renewals: 0, error: null });
  });

  it('an end in the past renews now, once', async () => {
    const embed = await readyEmbed();
    embed.send('svc:event:session-expiring', { expiresAt: Date.now() - 60_000 });
    embed.send('svc:event:session-expiring', { expiresAt: Date.now() - 60_000 });
    await vi.advanceTimersByTimeAsync(0);
    expect(embed.renewals()).toBe(1);
    expect(embed.getSession.mock.calls.at(-1)?.[0]).toMatchObject({ reason: 'renewal', expiresAt: 1_000_000 - 60_000 });
    embed.ready();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(embed.renewals()).toBe(1);
  });

  it.each([Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY])('an end of %s is ignored', async (expiresAt) => {
    const embed = await readyEmbed();
    embed.send('svc:event:session-expiring', { expiresAt });
    await vi.advanceTimersByTimeAsync(120_000);
    expect(embed.renewals()).toBe(0);
    expect(embed.controller.getSnapshot()).toMatchObject({ phase: 'ready', renewals: 0 });
  });

  it('a tenant announcing the end 1 s ahead after every ready gets 3 renewals in a minute, then the coded error', async () => {
    const embed = await readyEmbed();
    for (let i = 0; i < 4; i++) {
      embed.send('svc:event:session-expiring', { expiresAt: Date.now() + 1_000 });
      await vi.advanceTimersByTimeAsync(1_000);
      // The document takes each handed session and is ready again (the fourth renewal never starts).
      if (i < 3) embed.ready();
    }
    expect(embed.renewals()).toBe(3);
    expect(embed.controller.getSnapshot()).toMatchObject({ phase: 'error', renewals: 3, error: { code: 'SVC306', context: 'renewal' } });
    expect(embed.onFailure).toHaveBeenCalledTimes(1);
    // Nothing more, however long the page stays open.
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(embed.renewals()).toBe(3);
  });
});
