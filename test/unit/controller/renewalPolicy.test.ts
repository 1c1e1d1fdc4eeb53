import { describe, expect, it } from 'vitest';
import * as lifecycle from '../../../src/controller/embedLifecycle.js';
import {
  HANDOVER_TIMEOUT_MS,
  MAX_TIMER_MS,
  RETRY_MAX_DELAY_MS,
  WAKE_SPREAD_MS,
} from '../../../src/controller/lifecycleLimits.js';
import { lifecycleDriver } from '../support/lifecycleDriver.js';

/**
 * The edges of the renewal policy an app's session backend lives with, on the pure transition: the bound,
 * what getSession is told, how long a failing one is retried, the timers a tenant's announcement may plan,
 * and which answer counts when several are in flight.
 */

const ready = () => lifecycleDriver(lifecycle).ready();

/** Renews in place once: the document says its token expired, the session arrives and is answered. */
function renewInPlace(embed: ReturnType<typeof ready>): void {
  embed.send({ type: 'session-expired' });
  if (embed.state.status === 'renewing') {
    embed.answer();
    embed.send({ type: 'ready' });
  }
}

describe('the bound', () => {
  it('lets 3 renewals through in a minute, stops the 4th with SVC306, and lets one through a minute after the oldest', () => {
    const embed = ready();
    for (let i = 0; i < 3; i++) renewInPlace(embed);
    expect(embed.state).toMatchObject({ status: 'ready', renewals: 3 });
    embed.advance(59_999);
    embed.send({ type: 'session-expired' });
    expect(embed.state.status).toBe('failed');
    expect(embed.log.at(-1)).toBe('report SVC306');
    expect(embed.state.error?.message).toMatch(
      /^SVC306 The session was renewed 3 times within a minute and failed again; renewal stopped\. Check what getSession returns, then retry\./,
    );
    const later = ready();
    for (let i = 0; i < 3; i++) renewInPlace(later);
    later.advance(60_000);
    renewInPlace(later);
    expect(later.state).toMatchObject({ status: 'ready', renewals: 4 });
  });

  it('counts planned renewals too: a tenant announcing the end 1 s ahead after every ready gets 3, then the error', () => {
    const embed = ready();
    for (let i = 0; i < 10 && embed.state.status !== 'failed'; i++) {
      embed.send({ type: 'session-expiring', expiresAt: embed.context.now + 1_000 });
      embed.advance(1_000);
      if (embed.state.status === 'renewing') embed.answer();
      embed.send({ type: 'ready' });
    }
    expect(embed.state).toMatchObject({ status: 'failed', renewals: 3 });
    expect(embed.log.filter((line) => line.startsWith('request'))).toHaveLength(3);
  });

  it('does not count a session the app passed (it is no renewal), and nothing renews while failed and parked', () => {
    const embed = ready();
    for (let i = 0; i < 3; i++) {
      embed.send({ type: 'session-prop', session: `app-${i}` });
      embed.send({ type: 'ready' });
    }
    expect(embed.state).toMatchObject({ status: 'ready', renewals: 0 });
    for (let i = 0; i < 4; i++) renewInPlace(embed);
    expect(embed.state.status).toBe('failed');
    embed.send({ type: 'park' });
    embed.log.length = 0;
    embed.advance(120_000);
    embed.send({ type: 'online' });
    embed.send({ type: 'wake' });
    expect(embed.log).toEqual([]);
  });
});

describe('what getSession is told', () => {
  it('passes the announced expiry, and none for a renewal of a token that announced nothing', () => {
    const embed = ready();
    embed.context.random = 0;
    const expiresAt = embed.context.now + 30_000;
    embed.send({ type: 'session-expiring', expiresAt });
    embed.advance(0);
    expect(embed.log).toEqual([`request renewal ${expiresAt}`]);
    embed.answer();
    embed.send({ type: 'ready' });
    embed.send({ type: 'embed-error', error: { name: 'SessionExpiredError', message: 'Session expired', fatal: true } });
    expect(embed.log.at(-1)).toBe('request renewal -');
  });
});

describe('timers a tenant announcement plans', () => {
  it('plans only the latest announced expiry, in the first half of the time left', () => {
    const embed = ready();
    embed.context.random = 1;
    embed.send({ type: 'session-expiring', expiresAt: embed.context.now + 4_000 });
    embed.send({ type: 'session-expiring', expiresAt: embed.context.now + 20_000 });
    embed.advance(9_999);
    expect(embed.log).toEqual([]);
    embed.advance(1);
    expect(embed.log).toHaveLength(1);
  });

  it('plans nothing yet for an end beyond what a timer holds, and plans it again when that timer ends', () => {
    const embed = ready();
    embed.send({ type: 'session-expiring', expiresAt: 8.64e15 });
    expect(embed.timers.get('renew')).toBe(embed.context.now + MAX_TIMER_MS);
    embed.advance(MAX_TIMER_MS);
    expect(embed.log).toEqual([]);
    expect(embed.state.status).toBe('ready');
    expect(embed.timers.get('renew')).toBe(embed.context.now + MAX_TIMER_MS);
  });

  it('renews at once, and once, for an end announced in the past, however often it is announced', () => {
    const embed = ready();
    const past = embed.context.now - 5_000;
    embed.send({ type: 'session-expiring', expiresAt: past });
    embed.send({ type: 'session-expiring', expiresAt: past });
    expect(embed.log).toEqual([`request renewal ${past}`]);
    expect(embed.state.renewals).toBe(1);
  });

  it('ignores an end that is not a number (NaN, Infinity): nothing is planned, nothing renews', () => {
    const embed = ready();
    embed.send({ type: 'session-expiring', expiresAt: Number.NaN });
    embed.send({ type: 'session-expiring', expiresAt: Number.POSITIVE_INFINITY });
    expect(embed.timers.has('renew')).toBe(false);
    expect(embed.state).toMatchObject({ speaks: false, renewals: 0 });
  });

  it('spreads a renewal that fell due while the machine slept over the wake window', () => {
    const embed = ready();
    embed.context.random = 0.5;
    embed.send({ type: 'session-expiring', expiresAt: embed.context.now + 600_000 });
    embed.timers.clear();
    embed.context.now += 400_000;
    embed.context.random = 0.25;
    embed.send({ type: 'wake' });
    expect(embed.log).toEqual([]);
    embed.advance((WAKE_SPREAD_MS / 4) - 1);
    expect(embed.log).toEqual([]);
    embed.advance(1);
    expect(embed.log).toHaveLength(1);
  });

  it('leaves nothing planned once a renewal succeeded: waking later renews nothing, the deadline is off', () => {
    const embed = ready();
    embed.send({ type: 'session-expiring', expiresAt: embed.context.now + 10_000 });
    embed.advance(2_500);
    embed.answer();
    embed.send({ type: 'ready' });
    expect(embed.timers.size).toBe(0);
    embed.advance(30_000);
    embed.send({ type: 'wake' });
    embed.advance(HANDOVER_TIMEOUT_MS * 2);
    expect(embed.log.filter((line) => line.startsWith('request'))).toHaveLength(1);
  });
});

describe('a failing getSession during a renewal', () => {
  it('is retried with a capped backoff until the announced end, not fewer times', () => {
    const embed = ready();
    const start = embed.context.now;
    const expiresAt = start + 600_000;
    embed.context.random = 0;
    embed.send({ type: 'session-expiring', expiresAt });
    embed.advance(0);
    const tries: number[] = [];
    while (embed.state.status === 'renewing') {
      if (embed.state.inFlight !== undefined) {
        tries.push(embed.context.now - start);
        embed.reject();
      } else embed.advance(1_000);
    }
    // 0, 1, 3, 7, 15, 31 s, then every 30 s while a try still comes before the end.
    expect(tries.slice(0, 7)).toEqual([0, 1_000, 3_000, 7_000, 15_000, 31_000, 61_000]);
    expect(Math.max(...tries.slice(1).map((at, i) => at - (tries[i] as number)))).toBe(RETRY_MAX_DELAY_MS);
    expect(tries.at(-1)).toBeGreaterThanOrEqual(600_000 - RETRY_MAX_DELAY_MS);
    expect(embed.state.status).toBe('failed');
  });

  it('waits for the network instead of spending its tries offline, and asks again when it is back', () => {
    const embed = ready();
    embed.send({ type: 'session-expiring', expiresAt: embed.context.now + 5_000 });
    embed.advance(5_000);
    embed.context.online = false;
    embed.reject();
    embed.advance(600_000);
    expect(embed.state).toMatchObject({ status: 'renewing', offline: true });
    expect(embed.log.filter((line) => line.startsWith('request'))).toHaveLength(1);
    embed.context.online = true;
    embed.send({ type: 'online' });
    expect(embed.log.filter((line) => line.startsWith('request'))).toHaveLength(2);
  });

  it('renews when the network comes back after the error was shown, while the document can take a session in place', () => {
    const embed = ready();
    embed.send({ type: 'session-expired' });
    embed.reject();
    expect(embed.state.status).toBe('failed');
    embed.send({ type: 'online' });
    expect(embed.state.status).toBe('renewing');
  });

  it('fails with SVC308 and aborts the request when getSession does not answer in time; retried while trusted', () => {
    const embed = ready();
    embed.send({ type: 'session-expiring', expiresAt: embed.context.now + 600_000 });
    embed.advance(150_000);
    const first = embed.state.inFlight;
    embed.advance(30_000);
    expect(embed.aborted).toContain(first);
    expect(embed.state.status).toBe('renewing');
    embed.advance(1_000);
    expect(embed.state.inFlight).not.toBe(first);
    const loading = lifecycleDriver(lifecycle);
    loading.send({ type: 'attach' });
    loading.advance(30_000);
    expect(loading.state.status).toBe('failed');
    expect(loading.log.at(-1)).toBe('report SVC308');
  });
});

describe('the latest session wins', () => {
  it('discards the answer of a superseded request: the session the app passed meanwhile is handed over', () => {
    const embed = ready();
    embed.send({ type: 'session-expired' });
    const superseded = embed.state.inFlight as number;
    embed.send({ type: 'session-prop', session: 'viewer-b' });
    embed.send({ type: 'session-settled', id: superseded, session: 'viewer-a-renewed' });
    expect(embed.aborted).toContain(superseded);
    expect(embed.log.filter((line) => line.startsWith('hand') || line.startsWith('load'))).toEqual(['hand viewer-b']);
  });

  it('ends on the last of three sessions passed in a row', () => {
    const embed = ready();
    for (const session of ['a', 'b', 'c']) embed.send({ type: 'session-prop', session });
    // The document answers each handover in turn.
    for (let i = 0; i < 3; i++) embed.send({ type: 'ready' });
    expect(embed.state).toMatchObject({ status: 'ready', handover: undefined });
    expect(embed.log.filter((line) => line.startsWith('hand')).at(-1)).toBe('hand c');
  });

  it('takes a ready as the answer only from the document the session was handed to', () => {
    const embed = ready();
    embed.send({ type: 'session-prop', session: 'b' });
    embed.send({ type: 'frame-loaded', reloaded: true });
    embed.send({ type: 'ready' });
    // A new document: every value again, and the handover still waits for its answer.
    expect(embed.log).toContain('sync all');
    expect(embed.state.status).toBe('handing-over');
    embed.advance(HANDOVER_TIMEOUT_MS);
    expect(embed.log.at(-1)).toBe('request renewal -');
  });

  it('loads a handed session the document refused (it was not used), hidden until its ready', () => {
    const embed = ready();
    embed.send({ type: 'session-prop', session: 'other-viewer' });
    embed.send({ type: 'embed-error', error: { name: 'SessionError', message: 'Session belongs to another user', fatal: false } });
    expect(embed.log.at(-1)).toBe('load other-viewer');
    expect(embed.state).toMatchObject({ status: 'loading', visible: false });
  });
});

describe('a load that never says ready', () => {
  it('fails with SVC309 after readyTimeoutMs, in private mode too, and a late ready recovers it', () => {
    const embed = lifecycleDriver(lifecycle, { signed: false });
    embed.send({ type: 'attach' });
    embed.advance(29_999);
    expect(embed.state.status).toBe('loading');
    embed.advance(1);
    expect(embed.state.status).toBe('failed');
    expect(embed.log.at(-1)).toBe('report SVC309');
    embed.send({ type: 'ready' });
    expect(lifecycle.snapshotOf(embed.state)).toMatchObject({ phase: 'ready', error: null });
  });
});

describe('found by the model-based test', () => {
  it('a ready from the retired document while a retry waits for its session spends the queue: the new document gets every value', () => {
    // 31 s pass without a ready (failed), retry, the old document then says ready, the new one is loaded.
    const embed = lifecycleDriver(lifecycle);
    embed.send({ type: 'attach' });
    embed.answer();
    embed.advance(31_000);
    expect(embed.state.status).toBe('failed');
    embed.send({ type: 'retry' });
    embed.send({ type: 'ready' });
    embed.answer();
    embed.log.length = 0;
    embed.send({ type: 'ready' });
    expect(embed.log).toContain('sync all');
  });
});

describe('found by the model-based test, too', () => {
  it('ignores what the retired document says while a renewal by reload waits, so the network coming back after its failure renews nothing in place', () => {
    // An end announced far ahead, a fatal expiry before any ready (renewal by reload), the retired document's
    // ready, the request failing, then the network coming back.
    const embed = lifecycleDriver(lifecycle);
    embed.send({ type: 'attach' });
    embed.answer();
    embed.send({ type: 'session-expiring', expiresAt: 8.64e15 });
    embed.send({ type: 'embed-error', error: { name: 'SessionExpiredError', message: 'Session expired', fatal: true } });
    expect(embed.state.status).toBe('reloading');
    embed.send({ type: 'ready' });
    expect(embed.state.docReady).toBe(false);
    embed.reject();
    expect(embed.state.status).toBe('failed');
    embed.send({ type: 'online' });
    expect(embed.state.status).toBe('failed');
  });
});

describe('found by the model-based test, again', () => {
  it('a document that recovers after SVC309 is handed the session the app passed while it loaded, never left on the older viewer', () => {
    const embed = lifecycleDriver(lifecycle);
    embed.send({ type: 'attach' });
    embed.answer('viewer-0');
    embed.send({ type: 'session-prop', session: 'viewer-1' });
    embed.advance(61_000);
    expect(embed.state.status).toBe('failed');
    embed.send({ type: 'ready' });
    expect(embed.log.at(-1)).toBe('hand viewer-1');
    expect(embed.state).toMatchObject({ status: 'handing-over', visible: false });
  });
});
