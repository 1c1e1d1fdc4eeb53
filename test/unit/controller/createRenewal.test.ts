import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ErrorPayload } from '../../../src/protocol/eventPayloads.js';
import { createRenewal, HANDOVER_TIMEOUT_MS } from '../../../src/controller/createRenewal.js';

type Take = (expiresAt: number | undefined) => Promise<string | undefined>;

/** What renewal asks of its embed, by name, for the tests. */
interface RenewalHost {
  take: Take;
  started(inPlace: boolean): void;
  hand(session: string): void;
  reload(session: string | undefined, unanswered?: boolean): void;
  fail(error: ErrorPayload): void;
}

/** Creates a renewal over a recorded host. */
const renewalOf = (host: RenewalHost) =>
  createRenewal({ take: host.take, started: host.started, handOver: host.hand, loadWith: host.reload, failWith: host.fail });

/** A host that records what renewal asks of it; `take` answers with fresh ids unless told otherwise. */
function host(take: Take = async () => `s${Math.random().toString(36).slice(2)}`) {
  const calls: string[] = [];
  const recorded: RenewalHost = {
    take: vi.fn(take),
    started: vi.fn((inPlace: boolean) => calls.push(inPlace ? 'started in place' : 'started by reload')),
    hand: vi.fn((session: string) => calls.push(`hand ${session}`)),
    reload: vi.fn((session: string | undefined, unanswered?: boolean) => calls.push(`reload ${session}${unanswered ? ' (unanswered)' : ''}`)),
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
    const renewal = renewalOf(recorded);
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
      const renewal = renewalOf({ ...host().recorded, started: () => moments.push(Date.now()) });
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
    const renewal = renewalOf(recorded);
    renewal.expiring(Date.now() + 60_000);
    renewal.renew(true);
    renewal.renew();
    renewal.wake();
    expect(recorded.take).toHaveBeenCalledTimes(1);
    answer('fresh');
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toEqual(['started in place', 'hand fresh']);
    expect(renewal.answer()).toBe(true);
    // The planned renewal was that one: nothing more when its moment comes.
    await vi.advanceTimersByTimeAsync(60_000);
    expect(recorded.take).toHaveBeenCalledTimes(1);
  });

  it('catches up when the tab comes back after the planned moment passed (timers were asleep)', async () => {
    const { recorded } = host();
    const renewal = renewalOf(recorded);
    renewal.expiring(Date.now() + 10_000);
    renewal.wake();
    expect(recorded.take).not.toHaveBeenCalled();
    // The machine slept: the clock moved, the timer did not fire.
    vi.setSystemTime(Date.now() + 20_000);
    renewal.wake();
    // Within the next 2 s, at a moment of its own (embeds waking together are spread).
    await vi.advanceTimersByTimeAsync(2_000);
    expect(recorded.take).toHaveBeenCalledTimes(1);
  });

  it('counts a catch-up after the tab slept past the expiry against the bound: it renewed nothing ahead of time', async () => {
    const { recorded, calls } = host();
    const renewal = renewalOf(recorded);
    const sleepPastExpiry = async (): Promise<void> => {
      renewal.expiring(Date.now() + 2_000);
      // The clock moves past the expiry while the timer sleeps; the tab coming back catches up.
      vi.setSystemTime(Date.now() + 3_000);
      renewal.wake();
      await vi.advanceTimersByTimeAsync(2_000);
    };
    for (let i = 0; i < 3; i++) {
      await sleepPastExpiry();
      // Handed over and taken in place, yet each still counts.
      expect(renewal.answer()).toBe(true);
    }
    expect(recorded.take).toHaveBeenCalledTimes(3);
    await sleepPastExpiry();
    expect(recorded.take).toHaveBeenCalledTimes(3);
    expect(calls.at(-1)).toBe('fail renewal');
  });

  it('renews by reloading when the document never spoke of its token', async () => {
    const { recorded, calls } = host(async () => 'next');
    const renewal = renewalOf(recorded);
    renewal.renew();
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
  it('loads the handed session when the embed refuses it; reloads, saying so, when it does not answer within the timeout', async () => {
    const { recorded, calls } = host(async () => 'refused-one');
    const renewal = renewalOf(recorded);
    renewal.renew(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(renewal.answer(true)).toBe(true);
    expect(calls).toEqual(['started in place', 'hand refused-one', 'reload refused-one']);
    expect(renewal.answer(true)).toBe(false);

    const silent = host(async () => 'silent-one');
    const other = renewalOf(silent.recorded);
    other.renew(true);
    await vi.advanceTimersByTimeAsync(HANDOVER_TIMEOUT_MS - 1);
    expect(silent.calls).toEqual(['started in place', 'hand silent-one']);
    await vi.advanceTimersByTimeAsync(1);
    expect(silent.calls).toEqual(['started in place', 'hand silent-one', 'reload silent-one (unanswered)']);
    // A late ready is not taken for an answer.
    expect(other.answer()).toBe(false);
  });

  it('hands an offered session over without counting it as a renewal, and not while one is in flight', async () => {
    const { recorded, calls } = host();
    const renewal = renewalOf(recorded);
    expect(renewal.offer('from-the-app')).toBe(true);
    expect(calls).toEqual(['hand from-the-app']);
    expect(renewal.answer()).toBe(true);
    renewal.renew(true);
    // Not taken: the caller loads it instead.
    expect(renewal.offer('another')).toBe(false);
    await vi.advanceTimersByTimeAsync(0);
    expect(calls.filter((call) => call.startsWith('hand'))).toHaveLength(2);
    expect(calls).not.toContain('hand another');
  });
});

describe('the bound', () => {
  it('allows 3 renewals within a minute whatever the trigger, then fails, and allows more a minute later', async () => {
    const { recorded, calls } = host();
    const renewal = renewalOf(recorded);
    for (let i = 0; i < 3; i++) {
      renewal.renew();
      await vi.advanceTimersByTimeAsync(0);
      // Each renewal ends with its ready, and the next failure comes straight after.
      renewal.answer();
    }
    renewal.renew(true);
    expect(calls.at(-1)).toBe('fail renewal');
    expect(recorded.take).toHaveBeenCalledTimes(3);
    vi.setSystemTime(Date.now() + 60_001);
    renewal.renew();
    expect(recorded.take).toHaveBeenCalledTimes(4);
  });

  it('counts planned renewals that succeeded in place: short token lives stop at the fourth within a minute', async () => {
    const { recorded, calls } = host();
    const renewal = renewalOf(recorded);
    // Token lives of 5 s, each announced 2 s ahead and renewed in place.
    for (let life = 0; life < 3; life++) {
      renewal.expiring(Date.now() + 2_000);
      await vi.advanceTimersByTimeAsync(1_000);
      expect(renewal.answer()).toBe(true);
      await vi.advanceTimersByTimeAsync(4_000);
    }
    expect(calls).not.toContain('fail renewal');
    renewal.expiring(Date.now() + 2_000);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(calls.at(-1)).toBe('fail renewal');
    expect(recorded.take).toHaveBeenCalledTimes(3);
    // A minute after the oldest, a planned renewal goes through again.
    vi.setSystemTime(Date.now() + 60_000);
    renewal.expiring(Date.now() + 2_000);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(recorded.take).toHaveBeenCalledTimes(4);
  });

  it('fails with the session source failure, and stop() calls off a renewal in flight', async () => {
    const failing = host(async () => {
      throw { name: 'SessionError', context: 'getSession', fatal: true, message: 'getSession failed: down' };
    });
    renewalOf(failing.recorded).renew(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(failing.calls).toEqual(['started in place', 'fail getSession']);

    let answer: (id: string) => void = () => {};
    const stopped = host(() => new Promise((resolve) => (answer = resolve)));
    const renewal = renewalOf(stopped.recorded);
    renewal.renew(true);
    renewal.reset(true);
    answer('late');
    await vi.advanceTimersByTimeAsync(HANDOVER_TIMEOUT_MS);
    expect(stopped.calls).toEqual(['started in place']);
  });
});

describe('a renewal called off', () => {
  it('drops the late answer of its take, even when another renewal is in flight by then', async () => {
    const answers: Array<(id: string) => void> = [];
    const { recorded, calls } = host();
    const renewal = renewalOf({ ...recorded, take: () => new Promise<string>((resolve) => answers.push(resolve)) });
    renewal.renew(true);
    // A new load calls everything off; the next document announces its end at once.
    renewal.reset(true);
    renewal.renew(true);
    answers[0]?.('for-the-old-load');
    await vi.advanceTimersByTimeAsync(0);
    expect(calls.filter((call) => call.startsWith('hand'))).toEqual([]);
    answers[1]?.('for-this-load');
    await vi.advanceTimersByTimeAsync(0);
    expect(calls.filter((call) => call.startsWith('hand'))).toEqual(['hand for-this-load']);
  });
});
