import { afterEach, describe, expect, it, vi } from 'vitest';
import { createSessionSource, isUsableSession } from '../../../src/controller/createSessionSource.js';
import type { EmbedUpdatableOptions } from '../../../src/controller/index.js';
import { sessionLedgerOf } from '../../../src/runtime/createSessionLedger.js';
import { manualSessions } from '../support/controllers.js';
import { nextSession, testRuntime } from '../support/runtime.js';

const identity = { surface: 'dashboard', embedId: 'e1', publicId: 'sales' } as const;
/** A session source in the test's own runtime, whose ledger starts empty. */
const source = (live: EmbedUpdatableOptions, signed = true) =>
  createSessionSource({ sessionsFor: { ...identity, runtime: testRuntime() }, signed: () => signed, readOptions: () => live });

afterEach(() => {
  vi.useRealTimers();
});

describe('the session source', () => {
  it('gives nothing in private mode, and an unused session option at once, before asking getSession', () => {
    const getSession = vi.fn(async () => nextSession());
    expect(source({ getSession }, false).take('initial')).toBeUndefined();
    const given = nextSession();
    expect(source({ session: given, getSession }).take('renewal')).toBe(given);
    expect(getSession).not.toHaveBeenCalled();
  });

  it('refuses a used session option at once without getSession, and asks getSession with it', async () => {
    const used = nextSession();
    sessionLedgerOf(testRuntime()).add(used);
    expect(() => source({ session: used }).take('retry')).toThrow(expect.objectContaining({ context: 'session', name: 'SessionError' }));
    const next = nextSession();
    const getSession = vi.fn(async () => next);
    await expect(source({ session: used, getSession }).take('retry')).resolves.toBe(next);
    expect(getSession).toHaveBeenCalledWith(expect.objectContaining({ surface: 'dashboard', embedId: 'e1', publicId: 'sales', reason: 'retry' }));
  });

  it('joins a request in flight: one getSession call for every trigger until it answers', async () => {
    const { getSession, resolve } = manualSessions();
    const sessions = source({ getSession });
    const first = sessions.take('renewal', Date.now() + 60_000);
    const second = sessions.take('renewal');
    expect(second).toBe(first);
    const id = nextSession();
    resolve(id);
    await expect(first).resolves.toBe(id);
    expect(getSession).toHaveBeenCalledTimes(1);
    expect(getSession).toHaveBeenCalledWith(expect.objectContaining({ reason: 'renewal', expiresAt: expect.any(Number) }));
  });

  it('tries a rejected getSession again with backoff while the token is trusted, then gives up', async () => {
    vi.useFakeTimers({ now: 0 });
    const next = nextSession();
    const getSession = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(new Error('backend down'))
      .mockRejectedValueOnce(new Error('backend down'))
      .mockResolvedValue(next);
    const pending = source({ getSession }).take('renewal', 60_000);
    await vi.advanceTimersByTimeAsync(3_000);
    await expect(pending).resolves.toBe(next);
    expect(getSession).toHaveBeenCalledTimes(3);

    const failing = vi.fn(async () => {
      throw new Error('still down');
    });
    const gaveUp = source({ getSession: failing }).take('renewal', Date.now() + 2_500) as Promise<string>;
    const outcome = gaveUp.catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(5_000);
    await expect(outcome).resolves.toMatchObject({ context: 'getSession', message: expect.stringMatching(/^SVC301 getSession failed: still down/) });
    // 1 s, then 2 s would end after the token: two tries in all.
    expect(failing).toHaveBeenCalledTimes(2);
    // Without a known expiry (a first load, a dead token) the first failure is final.
    const once = vi.fn(async () => {
      throw new Error('no');
    });
    await expect(source({ getSession: once }).take('initial')).rejects.toMatchObject({ context: 'getSession' });
    expect(once).toHaveBeenCalledTimes(1);
  });

  it('stops trying once aborted (the embed was torn down)', async () => {
    vi.useFakeTimers({ now: 0 });
    const getSession = vi.fn(async () => {
      throw new Error('down');
    });
    const sessions = source({ getSession });
    const pending = (sessions.take('renewal', 600_000) as Promise<string>).catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(0);
    sessions.abort();
    await vi.advanceTimersByTimeAsync(60_000);
    await expect(pending).resolves.toMatchObject({ message: expect.stringMatching(/^SVC302 aborted/), code: 'SVC302' });
    expect(getSession).toHaveBeenCalledTimes(1);
  });

  it('refuses an id this page loaded, an empty one, and one too long or with spaces to put in an address', async () => {
    const loaded = nextSession();
    sessionLedgerOf(testRuntime()).add(loaded);
    await expect(source({ getSession: async () => loaded }).take('initial')).rejects.toMatchObject({ context: 'session', name: 'SessionError' });
    await expect(source({ getSession: async () => '' }).take('initial')).rejects.toMatchObject({ context: 'getSession' });
    expect(() => source({ session: 'x'.repeat(3_000_000) }).take('initial')).toThrow(expect.objectContaining({ message: expect.stringMatching(/^SVC303 the session option is not a usable session id/) }));
    expect(isUsableSession('a b')).toBe(false);
    expect(isUsableSession('x'.repeat(4096))).toBe(true);
    expect(isUsableSession('x'.repeat(4097))).toBe(false);
    expect(isUsableSession(42)).toBe(false);
  });
});
