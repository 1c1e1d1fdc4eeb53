import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SessionRequest } from '../../../src/controller/index.js';
import { inspectorOf } from '../../../src/protocol/index.js';
import { destroyControllers, flush, type makeController, readyController } from '../support/controllers.js';
import { testRuntime } from '../support/runtime.js';

/**
 * Renewal as the viewer and the app see it through the embed's events: an in-place renewal keeps the embed
 * usable, the tab coming back catches up an overdue renewal, and events that are not about the session (an
 * embed already showing its error, a recoverable error of another kind) renew and resend nothing.
 */

afterEach(() => {
  destroyControllers();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

let counter = 0;
/** Ids from a counter only: some tests fix Math.random. */
const fresh = (): string => `renew-evt-${Date.now()}-${++counter}`;

/** A signed embed that loaded and sent ready, with the requests its getSession received. */
async function readyEmbed(options: Parameters<typeof makeController>[0] = {}) {
  const requests: SessionRequest[] = [];
  const getSession = vi.fn(async (request: SessionRequest) => {
    requests.push(request);
    return fresh();
  });
  const { controller, tenant } = await readyController({ getSession, ...options });
  return { controller, tenant, getSession, requests };
}

describe('a renewal in place', () => {
  it('keeps the iframe shown and usable, and the embed reported ready, while the new session is on its way', async () => {
    let answer: (id: string) => void = () => {};
    const { controller, tenant, getSession } = await readyEmbed({ reveal: 'immediate' });
    getSession.mockImplementation(() => new Promise<string>((resolve) => (answer = resolve)));
    tenant.send('svc:event:session-expired');
    expect(controller.getSnapshot()).toMatchObject({ phase: 'renewing', visible: true });
    expect(controller.iframe?.style.opacity).toBe('');
    expect(controller.iframe?.hasAttribute('aria-hidden')).toBe(false);
    expect(controller.bridge.store.getState().status).toBe('ready');
    answer(fresh());
    await flush();
    expect(tenant.types()).toContain('svc:action:set-session');
  });

  it('is traced for the developer tools as a renewal in place', async () => {
    const details: (string | undefined)[] = [];
    const { controller, tenant } = await readyEmbed();
    const stop = inspectorOf(testRuntime()).subscribe((entry) => {
      if (entry.kind === 'lifecycle' && entry.embedId === controller.bridge.embedId && entry.phase === 'renewing') details.push(entry.detail);
    });
    tenant.send('svc:event:session-expired');
    stop();
    expect(details).toEqual(['in place']);
  });
});

describe('a renewal whose getSession keeps failing', () => {
  it('tries until the announced end, at most 30 s apart, then shows the failure once', async () => {
    vi.useFakeTimers({ now: 1_000_000 });
    // The renewal starts at once: the moment is drawn from the time left.
    vi.spyOn(Math, 'random').mockReturnValue(0);
    const onFailure = vi.fn();
    const { controller, tenant, getSession } = await readyEmbed({ onFailure });
    const start = Date.now();
    const calledAt: number[] = [];
    getSession.mockImplementation(async () => {
      calledAt.push(Date.now() - start);
      throw new Error('backend down');
    });
    tenant.send('svc:event:session-expiring', { expiresAt: start + 600_000 });
    await vi.advanceTimersByTimeAsync(570_999);
    expect(controller.getSnapshot()).toMatchObject({ phase: 'renewing', renewals: 1 });
    expect(onFailure).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    // Calls at 0, 1, 3, 7, 15 and 31 s, then every 30 s up to 571 s; the next would come after the end.
    expect(calledAt).toEqual([0, 1, 3, 7, 15, 31, ...Array.from({ length: 18 }, (_, i) => 61 + 30 * i)].map((second) => second * 1_000));
    expect(controller.getSnapshot()).toMatchObject({ phase: 'error', error: { code: 'SVC301', context: 'getSession' } });
    expect(onFailure).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(600_000);
    expect(calledAt).toHaveLength(24);
  });
});

describe('the tab coming back', () => {
  it('renews within 2 s when the planned renewal is overdue (the machine slept, timers did not run)', async () => {
    vi.useFakeTimers({ now: 1_000_000 });
    vi.spyOn(Math, 'random').mockReturnValue(0.5);
    const { controller, tenant, requests } = await readyEmbed();
    const expiresAt = Date.now() + 600_000;
    tenant.send('svc:event:session-expiring', { expiresAt });
    // Planned 150 s ahead; the clock jumps past it without the timer firing.
    vi.setSystemTime(Date.now() + 200_000);
    window.dispatchEvent(new Event('online'));
    // Every tab event of the wake (shown, restored, online) comes together: one renewal, at its own moment.
    window.dispatchEvent(new Event('pageshow'));
    expect(controller.getSnapshot()).toMatchObject({ phase: 'ready', renewals: 0 });
    await vi.advanceTimersByTimeAsync(999);
    expect(controller.getSnapshot()).toMatchObject({ phase: 'ready', renewals: 0 });
    await vi.advanceTimersByTimeAsync(1);
    expect(controller.getSnapshot()).toMatchObject({ phase: 'renewing', renewals: 1 });
    expect(requests.at(-1)).toMatchObject({ reason: 'renewal', expiresAt });
  });

  it('spreads the renewals of embeds waking together over 2 s instead of one tick', async () => {
    vi.useFakeTimers({ now: 1_000_000 });
    const embeds = await Promise.all(Array.from({ length: 20 }, () => readyEmbed()));
    for (const { tenant } of embeds) tenant.send('svc:event:session-expiring', { expiresAt: Date.now() + 60_000 });
    vi.setSystemTime(Date.now() + 120_000);
    document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
    const renewing = () => embeds.filter(({ controller }) => controller.getSnapshot().renewals === 1).length;
    expect(renewing()).toBe(0);
    const counts: number[] = [];
    for (let elapsed = 0; elapsed < 2_000; elapsed += 250) {
      await vi.advanceTimersByTimeAsync(250);
      counts.push(renewing());
    }
    // All renewed, once each, and not all in the same quarter second.
    expect(counts.at(-1)).toBe(20);
    expect(counts.filter((count, index) => count > (counts[index - 1] ?? 0)).length).toBeGreaterThan(3);
    expect(embeds.every(({ requests }) => requests.filter((request) => request.reason === 'renewal').length === 1)).toBe(true);
  });

  it('spreads renewals whose timers all fire late at once (a page frozen past their moment) over 2 s', async () => {
    vi.useFakeTimers({ now: 1_000_000 });
    const random = vi.spyOn(Math, 'random').mockReturnValue(0.5);
    const embeds = await Promise.all(Array.from({ length: 20 }, () => readyEmbed()));
    // Every embed plans its renewal at the same moment, 2.5 s ahead.
    for (const { tenant } of embeds) tenant.send('svc:event:session-expiring', { expiresAt: Date.now() + 10_000 });
    random.mockRestore();
    // The page is frozen for a minute: the clock moves on, no timer runs; then all 20 timers fire in one go.
    vi.setSystemTime(Date.now() + 60_000);
    await vi.advanceTimersByTimeAsync(2_500);
    const renewing = () => embeds.filter(({ controller }) => controller.getSnapshot().renewals === 1).length;
    const counts = [renewing()];
    for (let elapsed = 0; elapsed < 2_000; elapsed += 250) {
      await vi.advanceTimersByTimeAsync(250);
      counts.push(renewing());
    }
    expect(counts[0]).toBeLessThan(10);
    expect(counts.at(-1)).toBe(20);
    expect(counts.filter((count, index) => count > (counts[index - 1] ?? 0)).length).toBeGreaterThan(3);
  });

  it('renews nothing before the planned moment', async () => {
    vi.useFakeTimers({ now: 1_000_000 });
    vi.spyOn(Math, 'random').mockReturnValue(0.5);
    const { controller, tenant, getSession } = await readyEmbed();
    tenant.send('svc:event:session-expiring', { expiresAt: Date.now() + 600_000 });
    vi.setSystemTime(Date.now() + 100_000);
    window.dispatchEvent(new Event('online'));
    expect(controller.getSnapshot()).toMatchObject({ phase: 'ready', renewals: 0 });
    expect(getSession).toHaveBeenCalledTimes(1);
  });
});

describe('events that are not about the session', () => {
  it('an embed showing its own error renews nothing when its token then expires', async () => {
    const { controller, tenant, getSession } = await readyEmbed();
    tenant.send('svc:event:error', { message: 'Chart query failed', name: 'QueryError', fatal: true });
    expect(controller.getSnapshot().phase).toBe('error');
    tenant.send('svc:event:session-expiring', { expiresAt: Date.now() + 10 });
    tenant.send('svc:event:session-expired');
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(controller.getSnapshot()).toMatchObject({ phase: 'error', renewals: 0 });
    expect(getSession).toHaveBeenCalledTimes(1);
  });

  it('a recoverable error of another kind resends nothing at the next update', async () => {
    const { controller, tenant } = await readyEmbed({ colorScheme: 'dark' });
    controller.update({ getSession: vi.fn(), colorScheme: 'dark' });
    const before = tenant.types().length;
    tenant.send('svc:event:error', { message: 'Filter value not found', name: 'FilterError', fatal: false });
    controller.update({ getSession: vi.fn(), colorScheme: 'dark' });
    expect(tenant.types().slice(before)).toEqual([]);
  });
});
