import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createRenewal, HANDOVER_TIMEOUT_MS, type RenewalHost } from '../../../src/controller/createRenewal.js';

/** A host that records what renewal asks of it; `take` answers with fresh ids unless told otherwise. */
function host(take: RenewalHost['take'] = async () => `s${Math.random().toString(36).slice(2)}`) {
  const calls: string[] = [];
  const recorded: RenewalHost = {
    take: vi.fn(take),
    started: vi.fn((inPlace: boolean) => calls.push(inPlace ? 'started in place' : 'started by reload')),
    hand: vi.fn((session: string) => calls.push(`hand ${session}`)),
    reload: vi.fn((session: string | undefined) => calls.push(`reload ${session}`)),
    fail: vi.fn((error) => calls.push(`fail ${error.context}`)),
  };
  return { recorded, calls };
}

beforeEach(() => {
  vi.useFakeTimers({ now: 1_000_000 });
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('renewal triggers', () => {
  it('renews in place before the announced expiry, at a moment in the first half of the time left', async () => {
    const { recorded, calls } = host();
    vi.spyOn(Math, 'random').mockReturnValue(0.5);
    const renewal = createRenewal(recorded);
    renewal.expiring(Date.now() + 8_000);
    await vi.advanceTimersByTimeAsync(1_999);
    expect(calls).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(recorded.take).toHaveBeenCalledWith(1_008_000);
    expect(calls[0]).toBe('started in place');
    expect(calls[1]).toMatch(/^hand s/);
  });

  it('spreads many embeds told at once over the time left instead of the same millisecond', async () => {
    const moments: number[] = [];
    for (let i = 0; i < 20; i++) {
      const renewal = createRenewal({ ...host().recorded, started: () => moments.push(Date.now()) });
      renewal.expiring(Date.now() + 10_000);
    }
    await vi.advanceTimersByTimeAsync(5_000);
    expect(moments).toHaveLength(20);
    expect(new Set(moments).size).toBeGreaterThan(10);
    expect(Math.max(...moments) - Math.min(...moments)).toBeGreaterThan(1_000);
  });

  it('renews at once on session-expired, and a fatal failure or the tab coming back joins it', async () => {
    let answer: (id: string) => void = () => {};
    const { recorded, calls } = host(() => new Promise((resolve) => (answer = resolve)));
    const renewal = createRenewal(recorded);
    renewal.expiring(Date.now() + 60_000);
    renewal.expired();
    renewal.failed();
    renewal.wake();
    expect(recorded.take).toHaveBeenCalledTimes(1);
    answer('fresh');
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toEqual(['started in place', 'hand fresh']);
    expect(renewal.ready()).toBe(true);
    // The planned renewal was that one: nothing more when its moment comes.
    await vi.advanceTimersByTimeAsync(60_000);
    expect(recorded.take).toHaveBeenCalledTimes(1);
  });

  it('catches up when the tab comes back after the planned moment passed (timers were asleep)', async () => {
    const { recorded } = host();
    const renewal = createRenewal(recorded);
    renewal.expiring(Date.now() + 10_000);
    renewal.wake();
    expect(recorded.take).not.toHaveBeenCalled();
    // The machine slept: the clock moved, the timer did not fire.
    vi.setSystemTime(Date.now() + 20_000);
    renewal.wake();
    expect(recorded.take).toHaveBeenCalledTimes(1);
  });

  it('renews by reloading when the document never spoke of its token', async () => {
    const { recorded, calls } = host(async () => 'next');
    const renewal = createRenewal(recorded);
    renewal.failed();
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toEqual(['started by reload', 'reload next']);
    // A new document: what the old one said about its token no longer counts.
    renewal.expiring(Date.now() + 1_000);
    renewal.reset();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(recorded.take).toHaveBeenCalledTimes(1);
  });
});

describe('handovers', () => {
  it('loads the handed session when the embed refuses it, or does not answer within the timeout', async () => {
    const { recorded, calls } = host(async () => 'refused-one');
    const renewal = createRenewal(recorded);
    renewal.expired();
    await vi.advanceTimersByTimeAsync(0);
    expect(renewal.refused()).toBe(true);
    expect(calls).toEqual(['started in place', 'hand refused-one', 'reload refused-one']);
    expect(renewal.refused()).toBe(false);

    const silent = host(async () => 'unanswered');
    const other = createRenewal(silent.recorded);
    other.expired();
    await vi.advanceTimersByTimeAsync(HANDOVER_TIMEOUT_MS - 1);
    expect(silent.calls).toEqual(['started in place', 'hand unanswered']);
    await vi.advanceTimersByTimeAsync(1);
    expect(silent.calls).toEqual(['started in place', 'hand unanswered', 'reload unanswered']);
    // A late ready is not taken for an answer.
    expect(other.ready()).toBe(false);
  });

  it('hands an offered session over without counting it as a renewal, and not while one is in flight', async () => {
    const { recorded, calls } = host();
    const renewal = createRenewal(recorded);
    renewal.offer('from-the-app');
    expect(calls).toEqual(['hand from-the-app']);
    expect(renewal.ready()).toBe(true);
    renewal.expired();
    renewal.offer('another');
    await vi.advanceTimersByTimeAsync(0);
    expect(calls.filter((call) => call.startsWith('hand'))).toHaveLength(2);
    expect(calls).not.toContain('hand another');
  });
});

describe('the bound', () => {
  it('allows 3 renewals within a minute whatever the trigger, then fails, and allows more a minute later', async () => {
    const { recorded, calls } = host();
    const renewal = createRenewal(recorded);
    for (let i = 0; i < 3; i++) {
      renewal.failed();
      await vi.advanceTimersByTimeAsync(0);
      // Each renewal ends with its ready, and the next failure comes straight after.
      renewal.ready();
    }
    renewal.expired();
    expect(calls.at(-1)).toBe('fail renewal');
    expect(recorded.take).toHaveBeenCalledTimes(3);
    vi.setSystemTime(Date.now() + 60_001);
    renewal.failed();
    expect(recorded.take).toHaveBeenCalledTimes(4);
  });

  it('fails with the session source failure, and stop() calls off a renewal in flight', async () => {
    const failing = host(async () => {
      throw { name: 'SessionError', context: 'getSession', fatal: true, message: 'getSession failed: down' };
    });
    createRenewal(failing.recorded).expired();
    await vi.advanceTimersByTimeAsync(0);
    expect(failing.calls).toEqual(['started in place', 'fail getSession']);

    let answer: (id: string) => void = () => {};
    const stopped = host(() => new Promise((resolve) => (answer = resolve)));
    const renewal = createRenewal(stopped.recorded);
    renewal.expired();
    renewal.stop();
    answer('late');
    await vi.advanceTimersByTimeAsync(HANDOVER_TIMEOUT_MS);
    expect(stopped.calls).toEqual(['started in place']);
  });
});
