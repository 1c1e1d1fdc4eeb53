import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SessionRequest } from '../../../src/controller/index.js';
import { keepAlive } from '../../../src/keepAlive/index.js';
import { addHost, destroyControllers, makeController, readyController, tenantOf } from '../support/controllers.js';

/**
 * A renewal while the browser is offline, as the viewer sees it: no try is spent while there is no network,
 * and the return of the network renews at once. An embed that failed for want of a session (offline, or a
 * backend down for a while) starts again by itself when the network or the tab comes back.
 */

let online = true;

afterEach(() => {
  destroyControllers();
  vi.useRealTimers();
  vi.restoreAllMocks();
  online = true;
});

let counter = 0;
const fresh = (): string => `offline-${Date.now()}-${++counter}`;

/** Sets the browser's `navigator.onLine` from the test's `online`, and says so as the browser does. */
function network(isOnline: boolean): void {
  online = isOnline;
  window.dispatchEvent(new Event(isOnline ? 'online' : 'offline'));
}

/**
 * A signed embed that loaded and sent ready; its getSession fails while the test's network is down. `calledAt`
 * and `requests`: the getSession calls after that ready.
 */
async function readyEmbed(options: Parameters<typeof makeController>[0] = {}) {
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
  const calledAt: number[] = [];
  const requests: SessionRequest[] = [];
  const getSession = vi.fn(async (request: SessionRequest) => {
    calledAt.push(Date.now());
    requests.push(request);
    if (!online) throw new TypeError('Failed to fetch');
    return fresh();
  });
  const { controller, tenant } = await readyController({ getSession, ...options });
  // From here on, only what the renewal asks.
  calledAt.length = 0;
  requests.length = 0;
  return { controller, tenant, calledAt, requests };
}

describe('a renewal while the browser is offline', () => {
  it('spends no try until the network is back, then renews at once, in place', async () => {
    vi.useFakeTimers({ now: 1_000_000 });
    vi.spyOn(Math, 'random').mockReturnValue(0);
    const onFailure = vi.fn();
    const { controller, tenant, calledAt } = await readyEmbed({ onFailure });
    network(false);
    const start = Date.now();
    tenant.send('svc:event:session-expiring', { expiresAt: start + 600_000 });
    await vi.advanceTimersByTimeAsync(300_000);
    // One try found the network down; the backoff (1, 2, 4 ... 30 s) would have made 14 more by now.
    expect(calledAt).toEqual([start]);
    expect(controller.getSnapshot()).toMatchObject({ phase: 'renewing', renewals: 1, visible: true });
    const first = controller.iframe;
    network(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(calledAt).toEqual([start, start + 300_000]);
    // Handed over to the same document, which says ready: renewed without a reload, nothing reported.
    expect(tenant.actions().at(-1)).toMatchObject({ type: 'svc:action:set-session' });
    tenant.ready();
    expect(controller.iframe).toBe(first);
    expect(controller.getSnapshot()).toMatchObject({ phase: 'ready', renewals: 1, loads: 1 });
    expect(onFailure).not.toHaveBeenCalled();
  });

  it('fails at the token’s end if the network is still down, then starts again by itself when it is back', async () => {
    vi.useFakeTimers({ now: 1_000_000 });
    vi.spyOn(Math, 'random').mockReturnValue(0);
    const onFailure = vi.fn();
    const { controller, tenant, calledAt, requests } = await readyEmbed({ onFailure });
    network(false);
    const start = Date.now();
    tenant.send('svc:event:session-expiring', { expiresAt: start + 60_000 });
    await vi.advanceTimersByTimeAsync(59_999);
    expect(controller.getSnapshot().phase).toBe('renewing');
    await vi.advanceTimersByTimeAsync(1);
    // A last try at the end itself, then the failure, shown and reported once.
    expect(calledAt).toEqual([start, start + 60_000]);
    expect(controller.getSnapshot()).toMatchObject({ phase: 'error', error: { code: 'SVC301', context: 'getSession' } });
    expect(onFailure).toHaveBeenCalledTimes(1);
    // Nothing is tried by itself while nothing changes.
    await vi.advanceTimersByTimeAsync(600_000);
    expect(calledAt).toHaveLength(2);
    network(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(requests.at(-1)).toMatchObject({ reason: 'retry' });
    expect(controller.getSnapshot()).toMatchObject({ phase: 'loading', loads: 2, error: null });
    tenantOf(controller).ready();
    expect(controller.getSnapshot()).toMatchObject({ phase: 'ready', loads: 2 });
    expect(onFailure).toHaveBeenCalledTimes(1);
  });

  it('waits in steps a browser timer can hold when the announced end is beyond one', async () => {
    vi.useFakeTimers({ now: 1_000_000 });
    vi.spyOn(Math, 'random').mockReturnValue(0);
    const { controller, tenant, calledAt } = await readyEmbed();
    network(false);
    // A renewal from a session failure, with an end announced far beyond 2^31 - 1 ms.
    tenant.send('svc:event:session-expiring', { expiresAt: 8.64e15 });
    tenant.send('svc:event:error', { name: 'SessionExpiredError', message: 'token expired', fatal: true });
    await vi.advanceTimersByTimeAsync(10 * 24 * 3_600_000);
    // Not a try every tick: the wait did not overflow into an immediate one.
    expect(calledAt).toHaveLength(1);
    expect(controller.getSnapshot().phase).toBe('renewing');
    await vi.advanceTimersByTimeAsync(15 * 24 * 3_600_000);
    // After one full step (about 24.8 days) the network is tried once more, then waited for again.
    expect(calledAt).toHaveLength(2);
  });
});

describe('an embed that failed', () => {
  it('while offline at its first load starts again when the network is back', async () => {
    vi.useFakeTimers({ now: 1_000_000 });
    vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
    online = false;
    const getSession = vi.fn(async () => {
      if (!online) throw new TypeError('Failed to fetch');
      return fresh();
    });
    const controller = makeController({ getSession });
    controller.attach(addHost());
    await vi.advanceTimersByTimeAsync(0);
    expect(controller.getSnapshot()).toMatchObject({ phase: 'error', error: { code: 'SVC301' } });
    network(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(getSession).toHaveBeenCalledTimes(2);
    expect(controller.getSnapshot()).toMatchObject({ phase: 'loading', loads: 1 });
  });

  it('for want of a session tries once more each time the tab comes back, as its retry would', async () => {
    vi.useFakeTimers({ now: 1_000_000 });
    let down = true;
    const getSession = vi.fn(async () => {
      if (down) throw new Error('backend down');
      return fresh();
    });
    const controller = makeController({ getSession });
    controller.attach(addHost());
    await vi.advanceTimersByTimeAsync(60_000);
    // No expiry known: the failure is shown at once, and nothing is tried by itself meanwhile.
    expect(controller.getSnapshot()).toMatchObject({ phase: 'error', error: { code: 'SVC301' } });
    expect(getSession).toHaveBeenCalledTimes(1);
    document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
    await vi.advanceTimersByTimeAsync(0);
    expect(getSession).toHaveBeenCalledTimes(2);
    expect(controller.getSnapshot().phase).toBe('error');
    down = false;
    document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
    await vi.advanceTimersByTimeAsync(0);
    expect(getSession).toHaveBeenCalledTimes(3);
    expect(controller.getSnapshot()).toMatchObject({ phase: 'loading', error: null });
  });

  it('for want of a session while parked (kept alive, shown nowhere) asks for nothing until shown and retried', async () => {
    vi.useFakeTimers({ now: 1_000_000 });
    const getSession = vi.fn(async () => {
      throw new Error('backend down');
    });
    // Preloaded: it loads while parked, shown nowhere.
    const controller = makeController({ getSession, keepAlive });
    controller.park();
    await vi.advanceTimersByTimeAsync(0);
    expect(controller.getSnapshot()).toMatchObject({ phase: 'error', parked: true });
    document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
    network(true);
    await vi.advanceTimersByTimeAsync(60_000);
    // Nobody sees it: no session is minted for it.
    expect(getSession).toHaveBeenCalledTimes(1);
    controller.attach(addHost());
    document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
    await vi.advanceTimersByTimeAsync(0);
    expect(getSession).toHaveBeenCalledTimes(2);
  });

  it('for another reason waits for the app’s retry: the tab or the network coming back would not change it', async () => {
    vi.useFakeTimers({ now: 1_000_000 });
    const getSession = vi.fn(async () => fresh());
    const controller = makeController({ getSession, readyTimeoutMs: 5_000 });
    controller.attach(addHost());
    // The tenant never says ready (a wrong port, a frame the platform's policy blocks).
    await vi.advanceTimersByTimeAsync(5_000);
    expect(controller.getSnapshot()).toMatchObject({ phase: 'error', error: { code: 'SVC309' } });
    network(true);
    document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
    await vi.advanceTimersByTimeAsync(60_000);
    // No new session is minted for an address that would fail the same way.
    expect(getSession).toHaveBeenCalledTimes(1);
    expect(controller.getSnapshot().phase).toBe('error');
  });
});
