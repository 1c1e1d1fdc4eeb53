import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createRenewal, HANDOVER_TIMEOUT_MS } from '../../../src/controller/createRenewal.js';

/**
 * The edges of the renewal policy an app's session backend lives with: exactly when the bound lets a renewal
 * through again, when an announced expiry counts as planned, what `getSession` is told, and that a finished or
 * called-off renewal leaves nothing behind that could fire later.
 */

type Take = (expiresAt: number | undefined) => Promise<string | undefined>;

/**
 * A renewal over a host that records, in order, what the policy asked of it, and the message of each failure.
 */
function renewalWith(take: Take = async () => `s${Math.random().toString(36).slice(2)}`) {
  const calls: string[] = [];
  const failures: string[] = [];
  const takeSpy = vi.fn(take);
  const renewal = createRenewal({
    take: takeSpy,
    started: (inPlace) => calls.push(inPlace ? 'started in place' : 'started by reload'),
    handOver: (session) => calls.push(`hand ${session}`),
    loadWith: (session, unanswered) => calls.push(`reload ${session}${unanswered ? ' (unanswered)' : ''}`),
    failWith: (error) => {
      calls.push(`fail ${error.context}`);
      failures.push(error.message);
    },
  });
  return { renewal, calls, failures, take: takeSpy };
}

/** A `take` whose answers the test gives by hand. */
function manualTake() {
  const answers: Array<{ resolve: (id: string | undefined) => void; reject: (error: unknown) => void }> = [];
  const take: Take = () => new Promise((resolve, reject) => answers.push({ resolve, reject }));
  return { take, answers };
}

beforeEach(() => {
  vi.useFakeTimers({ now: 1_000_000 });
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('the bound', () => {
  it('lets a renewal through again exactly one minute after the oldest of three', async () => {
    const { renewal, calls, take } = renewalWith();
    for (let i = 0; i < 3; i++) {
      renewal.renew();
      await vi.advanceTimersByTimeAsync(0);
      renewal.answer();
    }
    vi.setSystemTime(1_000_000 + 59_999);
    renewal.renew();
    expect(calls.at(-1)).toBe('fail renewal');
    const failing = renewalWith();
    for (let i = 0; i < 3; i++) {
      failing.renewal.renew();
      await vi.advanceTimersByTimeAsync(0);
    }
    vi.setSystemTime(Date.now() + 60_000);
    failing.renewal.renew();
    expect(failing.take).toHaveBeenCalledTimes(4);
    expect(failing.calls).not.toContain('fail renewal');
    expect(take).toHaveBeenCalledTimes(3);
  });

  it('counts planned renewals too: a tenant announcing the end a second ahead after every ready stops at the fourth', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0);
    const { renewal, calls, take } = renewalWith();
    for (let i = 0; i < 3; i++) {
      renewal.expiring(Date.now() + 1_000);
      await vi.advanceTimersByTimeAsync(0);
      expect(renewal.answer()).toBe(true);
    }
    expect(calls).not.toContain('fail renewal');
    renewal.expiring(Date.now() + 1_000);
    await vi.advanceTimersByTimeAsync(0);
    expect(calls.at(-1)).toBe('fail renewal');
    expect(take).toHaveBeenCalledTimes(3);
  });

  it('takes no place in the bound for an accepted session the app offered', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0);
    const { renewal, calls } = renewalWith();
    renewal.renew();
    await vi.advanceTimersByTimeAsync(0);
    renewal.answer();
    renewal.expiring(Date.now() + 5_000);
    await vi.advanceTimersByTimeAsync(0);
    renewal.answer();
    // The app's own sessions, accepted: not renewals.
    for (let i = 0; i < 3; i++) {
      expect(renewal.offer(`from-the-app-${i}`)).toBe(true);
      expect(renewal.answer()).toBe(true);
    }
    renewal.renew();
    await vi.advanceTimersByTimeAsync(0);
    renewal.answer();
    expect(calls).not.toContain('fail renewal');
    renewal.renew();
    expect(calls.at(-1)).toBe('fail renewal');
  });
});

describe('renewals that count', () => {
  it('counts a renewal the document asked for (session-expired) even when it succeeds in place', async () => {
    const { renewal, calls, take } = renewalWith();
    for (let i = 0; i < 3; i++) {
      renewal.renew(true);
      await vi.advanceTimersByTimeAsync(0);
      expect(renewal.answer()).toBe(true);
    }
    renewal.renew(true);
    expect(take).toHaveBeenCalledTimes(3);
    expect(calls.at(-1)).toBe('fail renewal');
  });

  it('says, when the bound stops renewal, how often it renewed and what to check', async () => {
    const { renewal, failures } = renewalWith(async () => 'next');
    for (let i = 0; i < 4; i++) {
      renewal.renew();
      await vi.advanceTimersByTimeAsync(0);
    }
    expect(failures).toEqual([expect.stringMatching(/^SVC306 The session was renewed 3 times within a minute and failed again; renewal stopped\. Check what getSession returns, then retry\./)]);
  });

  it('starts over after a failed session request: the next trigger renews again, by reload', async () => {
    let attempt = 0;
    const { renewal, calls } = renewalWith(async () => {
      attempt += 1;
      if (attempt === 1) throw { name: 'SessionError', context: 'getSession', fatal: true, message: 'down' };
      return 'next';
    });
    renewal.renew(true);
    await vi.advanceTimersByTimeAsync(0);
    renewal.renew();
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toEqual(['started in place', 'fail getSession', 'started by reload', 'reload next']);
  });
});

describe('what getSession is told', () => {
  it('passes the announced expiry, and none once that renewal is over', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0);
    const { renewal, take } = renewalWith();
    renewal.expiring(Date.now() + 30_000);
    await vi.advanceTimersByTimeAsync(0);
    expect(take).toHaveBeenLastCalledWith(1_030_000);
    renewal.answer();
    // A later failure of an unannounced token: there is no expiry to trust any more.
    renewal.renew();
    expect(take).toHaveBeenLastCalledWith(undefined);
  });
});

describe('timers', () => {
  it("drops the planned renewal when the app's own session is handed over: nothing fires after a failure", async () => {
    vi.spyOn(Math, 'random').mockReturnValue(1);
    const { renewal, calls, take } = renewalWith();
    renewal.expiring(Date.now() + 20_000);
    expect(renewal.offer('from-the-app')).toBe(true);
    // The embed fails before the handover is answered: everything stops.
    renewal.reset(true);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(take).not.toHaveBeenCalled();
    expect(calls).toEqual(['hand from-the-app']);
  });

  it('plans only the latest announced expiry', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(1);
    const { renewal, take } = renewalWith();
    renewal.expiring(Date.now() + 4_000);
    renewal.expiring(Date.now() + 20_000);
    await vi.advanceTimersByTimeAsync(9_999);
    expect(take).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(take).toHaveBeenCalledTimes(1);
  });

  it('renews at once for an expiry announced in the past, once however often it is announced', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0.5);
    const { renewal, take } = renewalWith();
    for (let i = 0; i < 5; i++) renewal.expiring(Date.now() - 5_000);
    await vi.advanceTimersByTimeAsync(0);
    expect(take).toHaveBeenCalledTimes(1);
    expect(take).toHaveBeenCalledWith(1_000_000 - 5_000);
  });

  it('plans nothing yet for an end further ahead than a browser timer holds, and plans again when that time has passed', async () => {
    // The latest moment of the spread: half the time left.
    vi.spyOn(Math, 'random').mockReturnValue(1);
    const { renewal, take } = renewalWith();
    // 8.64e15 is the largest date: the wait overflows a 32-bit timer, which would fire at once.
    renewal.expiring(8.64e15);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(take).not.toHaveBeenCalled();
    // Once the longest timer has run, planning starts over: still far ahead, still nothing.
    await vi.advanceTimersByTimeAsync(2_147_483_647);
    expect(take).not.toHaveBeenCalled();
    // An end that comes within reach is planned to the millisecond: here 30 days ahead, renewed after 15.
    const end = Date.now() + 30 * 86_400_000;
    renewal.expiring(end);
    await vi.advanceTimersByTimeAsync(15 * 86_400_000 - 1);
    expect(take).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(take).toHaveBeenCalledTimes(1);
    expect(take).toHaveBeenCalledWith(end);
  });

  it('a tenant repeating an end far ahead gets no renewal at all', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0.5);
    const { renewal, take } = renewalWith();
    for (let i = 0; i < 17; i++) {
      renewal.expiring(8.64e15);
      await vi.advanceTimersByTimeAsync(250);
    }
    expect(take).not.toHaveBeenCalled();
  });

  it('renews on waking from the planned moment on, within the spread, and never with nothing planned', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0.5);
    const { renewal, take } = renewalWith();
    renewal.wake();
    expect(take).not.toHaveBeenCalled();
    renewal.expiring(Date.now() + 10_000);
    vi.setSystemTime(Date.now() + 2_499);
    renewal.wake();
    expect(take).not.toHaveBeenCalled();
    vi.setSystemTime(Date.now() + 1);
    renewal.wake();
    // Half of the 2 s spread (random 0.5); a second wake meanwhile does not push it back or double it.
    await vi.advanceTimersByTimeAsync(500);
    renewal.wake();
    await vi.advanceTimersByTimeAsync(499);
    expect(take).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(take).toHaveBeenCalledTimes(1);
  });

  it('leaves nothing planned once a renewal succeeded: waking later renews nothing, the deadline is off', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0.5);
    const { renewal, calls, take } = renewalWith(async () => 'next');
    renewal.expiring(Date.now() + 10_000);
    await vi.advanceTimersByTimeAsync(2_500);
    expect(calls).toEqual(['started in place', 'hand next']);
    expect(renewal.answer()).toBe(true);
    vi.setSystemTime(Date.now() + 30_000);
    renewal.wake();
    await vi.advanceTimersByTimeAsync(HANDOVER_TIMEOUT_MS * 2);
    expect(take).toHaveBeenCalledTimes(1);
    expect(calls).toEqual(['started in place', 'hand next']);
  });

  it('an expiry announced while a renewal is in flight plans nothing more', async () => {
    const { take, answers } = manualTake();
    const { renewal, calls, take: spy } = renewalWith(take);
    renewal.renew(true);
    renewal.expiring(Date.now() + 10_000);
    answers[0]?.resolve('next');
    await vi.advanceTimersByTimeAsync(0);
    expect(renewal.answer()).toBe(true);
    await vi.advanceTimersByTimeAsync(20_000);
    expect(spy).toHaveBeenCalledTimes(1);
    expect(calls).toEqual(['started in place', 'hand next']);
  });
});

describe('a document that reloads itself during a renewal', () => {
  it('keeps the handover deadline: the embed is loaded again if the new document never answers', async () => {
    const { renewal, calls } = renewalWith(async () => 'handed');
    renewal.renew(true);
    await vi.advanceTimersByTimeAsync(0);
    renewal.reset();
    await vi.advanceTimersByTimeAsync(HANDOVER_TIMEOUT_MS);
    expect(calls).toEqual(['started in place', 'hand handed', 'reload handed (unanswered)']);
  });

  it('forgets that the old document spoke of its token: the next renewal reloads', async () => {
    const { renewal, calls } = renewalWith(async () => 'next');
    renewal.expiring(Date.now() + 600_000);
    renewal.reset();
    renewal.renew();
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toEqual(['started by reload', 'reload next']);
  });
});

describe('a renewal called off', () => {
  it('reports no failure of a session request that fails after everything stopped', async () => {
    const { take, answers } = manualTake();
    const { renewal, calls } = renewalWith(take);
    renewal.renew(true);
    renewal.reset(true);
    answers[0]?.reject({ name: 'SessionError', context: 'getSession', fatal: true, message: 'down' });
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toEqual(['started in place']);
  });

  it('a pending offer is joined by a renewal, not doubled', () => {
    const { renewal, calls, take } = renewalWith();
    renewal.offer('from-the-app');
    renewal.renew(true);
    expect(take).not.toHaveBeenCalled();
    expect(calls).toEqual(['hand from-the-app']);
  });

  it('loads without a session when the source gives none (private mode), even in place', async () => {
    const { renewal, calls } = renewalWith(async () => undefined);
    renewal.renew(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toEqual(['started in place', 'reload undefined']);
  });
});
