import { afterEach, describe, expect, it, vi } from 'vitest';
import { createSessionSource, isUsableSession } from '../../../src/controller/createSessionSource.js';
import type { EmbedUpdatableOptions } from '../../../src/controller/index.js';
import { nextSession, testRuntime } from '../support/runtime.js';

/**
 * The limits of the session source an app's backend meets: which ids are loadable, how a failing getSession
 * is retried (when it stops, how long it waits at most) and how its failure is worded.
 */

const identity = { surface: 'dashboard', embedId: 'limits', publicId: 'sales' } as const;
/** A session source in the test's own runtime, whose ledger starts empty. */
const source = (live: EmbedUpdatableOptions) => createSessionSource({ sessionsFor: { ...identity, runtime: testRuntime() }, signed: () => true, readOptions: () => live });

afterEach(() => {
  vi.useRealTimers();
});

describe('a loadable session id', () => {
  it('is one to 4096 visible ASCII characters, from "!" to "~"', () => {
    expect(isUsableSession('x')).toBe(true);
    expect(isUsableSession('!')).toBe(true);
    expect(isUsableSession('~')).toBe(true);
    expect(isUsableSession(`a${'~'.repeat(4094)}!`)).toBe(true);
    expect(isUsableSession('')).toBe(false);
    expect(isUsableSession(' ')).toBe(false);
    expect(isUsableSession('\u007f')).toBe(false);
    expect(isUsableSession('abc\n')).toBe(false);
    expect(isUsableSession('\tabc')).toBe(false);
    expect(isUsableSession('sess-é')).toBe(false);
  });
});

describe('a failing getSession', () => {
  it('is retried while the token is trusted, and not when the next try would come as it ends', async () => {
    vi.useFakeTimers({ now: 0 });
    const getSession = vi.fn(async () => {
      throw new Error('down');
    });
    // The first wait (1 s) would end exactly when the token does: no second try.
    const outcome = (source({ getSession }).take('renewal', 1_000) as Promise<string>).catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(5_000);
    await expect(outcome).resolves.toMatchObject({ code: 'SVC301' });
    expect(getSession).toHaveBeenCalledTimes(1);
  });

  it('waits twice as long after each failure, never more than 30 seconds', async () => {
    vi.useFakeTimers({ now: 0 });
    const next = nextSession();
    const getSession = vi.fn<() => Promise<string>>();
    for (let i = 0; i < 6; i++) getSession.mockRejectedValueOnce(new Error('down'));
    getSession.mockResolvedValue(next);
    const pending = source({ getSession }).take('renewal', 600_000);
    // Tries at 0, 1, 3, 7, 15 and 31 s; the next wait is 30 s, not 32.
    await vi.advanceTimersByTimeAsync(31_000);
    expect(getSession).toHaveBeenCalledTimes(6);
    await vi.advanceTimersByTimeAsync(29_999);
    expect(getSession).toHaveBeenCalledTimes(6);
    await vi.advanceTimersByTimeAsync(1);
    expect(getSession).toHaveBeenCalledTimes(7);
    await expect(pending).resolves.toBe(next);
  });

  it('is retried until the token’s announced end, 30 seconds apart once the backoff reaches that', async () => {
    vi.useFakeTimers({ now: 0 });
    const calledAt: number[] = [];
    const getSession = vi.fn(async () => {
      calledAt.push(Date.now());
      throw new Error('down');
    });
    // A renewal announced 10 minutes ahead whose getSession keeps failing.
    let failedAt: number | undefined;
    const outcome = (source({ getSession }).take('renewal', 600_000) as Promise<string>).catch((error: unknown) => {
      failedAt = Date.now();
      return error;
    });
    await vi.advanceTimersByTimeAsync(151_000);
    // Where the uncapped backoff used to give up (10 calls, 449 s of token left), it goes on.
    expect(failedAt).toBeUndefined();
    await vi.advanceTimersByTimeAsync(600_000);
    // Tries at 0, 1, 3, 7, 15 and 31 s, then every 30 s from 61 to 571 s; the next would come at 601 s.
    const tries = [0, 1, 3, 7, 15, 31, ...Array.from({ length: 18 }, (_, i) => 61 + 30 * i)];
    expect(calledAt).toEqual(tries.map((second) => second * 1_000));
    expect(failedAt).toBe(571_000);
    await expect(outcome).resolves.toMatchObject({ code: 'SVC301', message: expect.stringMatching(/^SVC301 getSession failed: down/) });
  });

  it('is reported with what it threw, an Error or anything else', async () => {
    await expect(
      source({
        getSession: async () => {
          throw 'backend unreachable';
        },
      }).take('initial'),
    ).rejects.toMatchObject({ code: 'SVC301', message: expect.stringMatching(/^SVC301 getSession failed: backend unreachable/) });
    await expect(
      source({
        getSession: async () => {
          throw new TypeError('Failed to fetch');
        },
      }).take('initial'),
    ).rejects.toMatchObject({ message: expect.stringMatching(/^SVC301 getSession failed: Failed to fetch/) });
  });

  it('is asked again for the next load once its answer came', async () => {
    const ids = [nextSession(), nextSession()];
    const getSession = vi.fn(async () => ids[getSession.mock.calls.length - 1] as string);
    const sessions = source({ getSession });
    await expect(sessions.take('initial')).resolves.toBe(ids[0]);
    await expect(sessions.take('renewal')).resolves.toBe(ids[1]);
    expect(getSession).toHaveBeenCalledTimes(2);
  });

  it('torn down while waiting to try again, fails as an aborted request of getSession', async () => {
    vi.useFakeTimers({ now: 0 });
    const sessions = source({
      getSession: async () => {
        throw new Error('down');
      },
    });
    const outcome = (sessions.take('renewal', 600_000) as Promise<string>).catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(0);
    sessions.abort();
    await vi.advanceTimersByTimeAsync(1_000);
    await expect(outcome).resolves.toEqual(expect.objectContaining({ name: 'SessionError', context: 'getSession', code: 'SVC302', fatal: true }));
  });

  it('has nothing to abort before it was ever asked', () => {
    expect(() => source({ session: nextSession() }).abort()).not.toThrow();
  });
});
