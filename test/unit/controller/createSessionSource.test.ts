import { describe, expect, it, vi } from 'vitest';
import { createSessionSource, isFinalSessionFailure, isUsableSession, type SessionTake } from '../../../src/controller/createSessionSource.js';
import type { EmbedUpdatableOptions } from '../../../src/controller/index.js';
import { createSessionGate } from '../../../src/controller/sessionGate.js';
import { sessionLedgerOf } from '../../../src/runtime/createSessionLedger.js';
import { nextSession, testRuntime } from '../support/runtime.js';

const identity = { surface: 'dashboard', embedId: 'e1', publicId: 'sales', get runtime() {
  return testRuntime();
} } as const;
const source = (live: EmbedUpdatableOptions, signed = true) =>
  createSessionSource({ identity, signed: () => signed, readOptions: () => live, gate: createSessionGate({ maxInFlight: 4 }) });
const take = (reason: SessionTake['reason'], expiresAt?: number, signal = new AbortController().signal): SessionTake => ({ reason, expiresAt, signal });

describe('the session source', () => {
  it('gives nothing in private mode, and an unused session option at once, before asking getSession', () => {
    const getSession = vi.fn(async () => nextSession());
    expect(source({ getSession }, false).take(take('initial'))).toBeUndefined();
    const given = nextSession();
    expect(source({ session: given, getSession }).take(take('renewal'))).toBe(given);
    expect(getSession).not.toHaveBeenCalled();
  });

  it('refuses a used session option at once without getSession, and asks getSession with it', async () => {
    const used = nextSession();
    sessionLedgerOf(testRuntime()).add(used);
    expect(() => source({ session: used }).take(take('retry'))).toThrow(expect.objectContaining({ context: 'session', name: 'SessionError', code: 'SVC305' }));
    const next = nextSession();
    const getSession = vi.fn(async () => next);
    await expect(source({ session: used, getSession }).take(take('retry'))).resolves.toBe(next);
    expect(getSession).toHaveBeenCalledWith(expect.objectContaining({ surface: 'dashboard', embedId: 'e1', publicId: 'sales', reason: 'retry' }));
  });

  it('asks getSession for every request, passing the expiry and the request\'s own abort signal', async () => {
    const getSession = vi.fn(async () => nextSession());
    const sessions = source({ getSession });
    const abort = new AbortController();
    await sessions.take(take('renewal', 1_060_000, abort.signal));
    await sessions.take(take('renewal'));
    expect(getSession).toHaveBeenCalledTimes(2);
    expect(getSession.mock.calls[0]).toEqual([expect.objectContaining({ reason: 'renewal', expiresAt: 1_060_000, signal: abort.signal })]);
  });

  it('fails as aborted (SVC302) when its request was given up, whatever getSession does then', async () => {
    const abort = new AbortController();
    const pending = source({ getSession: () => new Promise<string>(() => {}) }).take(take('initial', undefined, abort.signal));
    abort.abort();
    // getSession never answers, but this request is over: the source says so.
    const answered = source({ getSession: (request) => new Promise<string>((_resolve, reject) => request.signal.addEventListener('abort', () => reject(new Error('aborted')))) });
    const second = new AbortController();
    const outcome = answered.take(take('initial', undefined, second.signal));
    second.abort();
    await expect(outcome).rejects.toMatchObject({ code: 'SVC302', context: 'getSession' });
    expect(pending).toBeInstanceOf(Promise);
  });

  it('refuses an id this page loaded, an empty one, and one too long or with spaces to put in an address', async () => {
    const loaded = nextSession();
    sessionLedgerOf(testRuntime()).add(loaded);
    await expect(source({ getSession: async () => loaded }).take(take('initial'))).rejects.toMatchObject({ context: 'session', name: 'SessionError' });
    await expect(source({ getSession: async () => '' }).take(take('initial'))).rejects.toMatchObject({ context: 'getSession' });
    expect(() => source({ session: 'x'.repeat(3_000_000) }).take(take('initial'))).toThrow(
      expect.objectContaining({ message: expect.stringMatching(/^SVC303 the session option is not a usable session id/) }),
    );
    expect(isUsableSession('a b')).toBe(false);
    expect(isUsableSession('x'.repeat(4096))).toBe(true);
    expect(isUsableSession('x'.repeat(4097))).toBe(false);
    expect(isUsableSession(42)).toBe(false);
  });

  it('tells failures another try cannot mend (unusable or used sessions) from those it can', () => {
    for (const code of ['SVC303', 'SVC304', 'SVC305']) expect(isFinalSessionFailure({ code })).toBe(true);
    for (const code of ['SVC301', 'SVC302', 'SVC308', undefined]) expect(isFinalSessionFailure({ code })).toBe(false);
    expect(isFinalSessionFailure(null)).toBe(false);
  });
});
