import { afterEach, describe, expect, it, vi } from 'vitest';
import { embedIdentity, IDLE_SNAPSHOT } from '../../../src/controller/index.js';
import { createEmbedRuntime } from '../../../src/protocol/index.js';
import { keepAliveIn, parkingOf } from '../../../src/keepAlive/index.js';
import { devText } from '../support/errorTexts.js';
import { addHost, destroyControllers, makeController } from '../support/controllers.js';
import { testRuntime } from '../support/runtime.js';
import { TENANT } from '../support/frames.js';

/**
 * `keepAlive.claim` is what any UI binding (the React components, or another framework's) asks of keep-alive
 * when it mounts an embed: the parked embed of that identity, or a new one, and the steps that take it from
 * the lot and park it again.
 */

afterEach(() => {
  parkingOf(testRuntime()).clear();
  destroyControllers();
});

const identity = { surface: 'dashboard', tenantOrigin: TENANT, publicId: 'sales', embedId: 'sales' } as const;
const key = embedIdentity(identity);

/** The test runtime's keep-alive and lot, and a kept-alive controller of `identity` in it. */
function setUp() {
  const keepAlive = keepAliveIn(testRuntime());
  const lot = parkingOf(testRuntime());
  const make = () => makeController({ ...identity, keepAlive });
  return { keepAlive, lot, make };
}

describe('keepAlive.claim', () => {
  it('with nothing parked: makes a new embed, takes it at once, and parks it when the mount leaves', () => {
    const { keepAlive, lot, make } = setUp();
    const create = vi.fn(make);
    const claim = keepAlive.claim({ key, create });
    expect(create).toHaveBeenCalledTimes(1);
    expect(claim.controller).toBe(create.mock.results[0]?.value);
    expect(claim.initial).toBe(claim.controller.getSnapshot());
    expect(claim.take()).toBe(true);
    claim.controller.attach(addHost());
    claim.park();
    expect(lot.peek(key)).toBe(claim.controller);
    expect(claim.controller.getSnapshot().parked).toBe(true);
    const iframe = claim.controller.iframe;
    expect(iframe).not.toBeNull();
    // The next mount of that identity gets the same embed, iframe and all, and shows it again.
    const next = keepAlive.claim({ key, create });
    expect(next.controller).toBe(claim.controller);
    expect(next.take()).toBe(true);
    next.controller.attach(addHost());
    expect(next.controller.getSnapshot().parked).toBe(false);
    expect(next.controller.iframe).toBe(iframe);
    expect(create).toHaveBeenCalledTimes(1);
  });

  it('with an embed parked: hands it over without making one, leaves it in the lot until the mount takes it, and hydration sees nothing started', () => {
    const { keepAlive, lot, make } = setUp();
    const parked = make();
    lot.park(key, parked);
    // Parked, it loads (a preload): its snapshot is past idle, which server rendering never saw.
    expect(parked.getSnapshot().phase).not.toBe('idle');
    const create = vi.fn(make);
    const claim = keepAlive.claim({ key, create });
    expect(create).not.toHaveBeenCalled();
    expect(claim.controller).toBe(parked);
    expect(claim.initial).toBe(IDLE_SNAPSHOT);
    // A render may be thrown away: nothing leaves the lot until the mount commits.
    expect(lot.size).toBe(1);
    expect(claim.take()).toBe(true);
    expect(lot.size).toBe(0);
  });

  it('two mounts of one parked embed: the first to take it keeps it; the second hears no, and development says why', () => {
    const { keepAlive, lot, make } = setUp();
    lot.park(key, make());
    const first = keepAlive.claim({ key, create: make, subject: '<SvcDashboard>' });
    const second = keepAlive.claim({ key, create: make, subject: '<SvcDashboard>' });
    expect(second.controller).toBe(first.controller);
    const printed = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(first.take()).toBe(true);
    expect(second.take()).toBe(false);
    expect(printed.mock.calls).toEqual([
      [
        devText(
          401,
          '<SvcDashboard> two mounted embeds share one identity (surface, tenant, publicId or deploymentId) without an embedId, so they cannot share the parked embed: give each its own embedId. Each gets an embed of its own meanwhile.',
        ),
      ],
    ]);
    printed.mockRestore();
  });

  it('claims only from its own runtime’s lot', () => {
    const { lot, make } = setUp();
    lot.park(key, make());
    const other = createEmbedRuntime();
    const create = vi.fn(make);
    const claim = keepAliveIn(other).claim({ key, create });
    expect(create).toHaveBeenCalledTimes(1);
    expect(claim.controller).not.toBe(lot.peek(key));
  });
});
