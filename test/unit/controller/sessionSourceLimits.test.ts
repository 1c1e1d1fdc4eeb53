import { describe, expect, it, vi } from 'vitest';
import { createSessionSource, isUsableSession } from '../../../src/controller/createSessionSource.js';
import type { EmbedUpdatableOptions } from '../../../src/controller/index.js';
import { SESSIONS_IN_FLIGHT } from '../../../src/controller/lifecycleLimits.js';
import { createSessionGate, sessionGateOf } from '../../../src/controller/sessionGate.js';
import { nextSession } from '../support/runtime.js';

/**
 * The limits of the session source an app's backend meets: which ids are loadable, how a failing getSession
 * is worded, and how many requests of one page run at once. (How often a failing getSession is tried again is
 * the lifecycle's: see renewalPolicy.test.ts.)
 */

const identity = { surface: 'dashboard', embedId: 'limits', publicId: 'sales' } as const;
const source = (live: EmbedUpdatableOptions) => createSessionSource({ identity, signed: () => true, readOptions: () => live, gate: createSessionGate({ maxInFlight: 4 }) });
const initial = () => ({ reason: 'initial' as const, signal: new AbortController().signal });

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
  it('is reported with what it threw, an Error or anything else', async () => {
    await expect(
      source({
        getSession: async () => {
          throw 'backend unreachable';
        },
      }).take(initial()),
    ).rejects.toMatchObject({ code: 'SVC301', message: expect.stringMatching(/^SVC301 getSession failed: backend unreachable/) });
    await expect(
      source({
        getSession: () => {
          throw new TypeError('Failed to fetch');
        },
      }).take(initial()),
    ).rejects.toMatchObject({ message: expect.stringMatching(/^SVC301 getSession failed: Failed to fetch/) });
  });

  it('is asked again for the next load once its answer came', async () => {
    const ids = [nextSession(), nextSession()];
    const getSession = vi.fn(async () => ids[getSession.mock.calls.length - 1] as string);
    const sessions = source({ getSession });
    await expect(sessions.take(initial())).resolves.toBe(ids[0]);
    await expect(sessions.take({ reason: 'renewal', signal: new AbortController().signal })).resolves.toBe(ids[1]);
    expect(getSession).toHaveBeenCalledTimes(2);
  });
});

describe('the session gate', () => {
  it('runs at most maxInFlight requests at once; the others start, in order, as places free up', async () => {
    const gate = createSessionGate({ maxInFlight: 2 });
    const answers: Array<(id: string) => void> = [];
    const started: number[] = [];
    const results = [0, 1, 2, 3].map((index) =>
      gate.run(
        () =>
          new Promise<string>((resolve) => {
            started.push(index);
            answers[index] = resolve;
          }),
        new AbortController().signal,
      ),
    );
    expect(started).toEqual([0, 1]);
    expect(gate.inFlight).toBe(2);
    answers[1]?.('b');
    await results[1];
    await Promise.resolve();
    expect(started).toEqual([0, 1, 2]);
    answers[0]?.('a');
    answers[2]?.('c');
    await Promise.all([results[0], results[2]]);
    await Promise.resolve();
    expect(started).toEqual([0, 1, 2, 3]);
    answers[3]?.('d');
    await expect(Promise.all(results)).resolves.toEqual(['a', 'b', 'c', 'd']);
    expect(gate.inFlight).toBe(0);
  });

  it('frees the place of a request given up (aborted) even when it never answers, and never runs one aborted while waiting', async () => {
    const gate = createSessionGate({ maxInFlight: 1 });
    const hanging = new AbortController();
    const first = gate.run(() => new Promise<string>(() => {}), hanging.signal).catch(() => 'given up');
    const waiting = new AbortController();
    const neverRun = vi.fn(async () => 'x');
    const second = gate.run(neverRun, waiting.signal).catch(() => 'left');
    const third = gate.run(async () => 'ran', new AbortController().signal);
    waiting.abort();
    await expect(second).resolves.toBe('left');
    hanging.abort();
    await expect(third).resolves.toBe('ran');
    expect(neverRun).not.toHaveBeenCalled();
    expect(first).toBeInstanceOf(Promise);
  });

  it('is one per page, bounded at SESSIONS_IN_FLIGHT', () => {
    expect(sessionGateOf({})).toBe(sessionGateOf({}));
    expect(SESSIONS_IN_FLIGHT).toBe(4);
  });
});
