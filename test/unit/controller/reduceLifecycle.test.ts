import { describe, expect, it } from 'vitest';
import { type EmbedControllerSnapshot, type EmbedPhase, IDLE_SNAPSHOT } from '../../../src/controller/EmbedController.js';
import { type LifecycleAction, reduceLifecycle } from '../../../src/controller/reduceLifecycle.js';
import type { SvcErrorPayload } from '../../../src/controller/SvcErrorPayload.js';

const failure: SvcErrorPayload = { name: 'SessionError', context: 'getSession', fatal: true, message: 'SVC301 getSession', code: 'SVC301' };
const PHASES: readonly EmbedPhase[] = ['idle', 'session', 'loading', 'ready', 'renewing', 'error', 'destroyed'];
const LIVE = PHASES.filter((phase) => phase !== 'destroyed');

/** A state in `phase`, shown and counted, so that every field a step keeps or changes is visible. */
const stateIn = (phase: EmbedPhase, change: Partial<EmbedControllerSnapshot> = {}): EmbedControllerSnapshot => ({
  ...IDLE_SNAPSHOT,
  phase,
  visible: true,
  loads: 2,
  renewals: 1,
  error: phase === 'error' ? failure : null,
  ...change,
});

/** The state after `action`, as the lifecycle publishes it (the change merged into the state). */
const stepped = (state: EmbedControllerSnapshot, action: LifecycleAction): EmbedControllerSnapshot => ({ ...state, ...reduceLifecycle(state, action) });

describe('the lifecycle transition function', () => {
  it.each(LIVE)('from %s: a session request hides the embed and waits for getSession', (phase) => {
    expect(stepped(stateIn(phase), { type: 'request', reason: 'renewal' })).toEqual({ ...stateIn(phase), phase: 'session', visible: false, error: null });
  });

  it.each(LIVE)('from %s: a load counts one more address, shown at once only when asked to', (phase) => {
    expect(stepped(stateIn(phase), { type: 'load', showNow: false, signed: true })).toEqual({ ...stateIn(phase), phase: 'loading', loads: 3, visible: false, error: null });
    expect(stepped(stateIn(phase, { visible: false }), { type: 'load', showNow: true, signed: false })).toMatchObject({ phase: 'loading', visible: true });
  });

  it.each(LIVE)('from %s: ready is the ready phase, with no error left', (phase) => {
    expect(stepped(stateIn(phase), { type: 'ready' })).toEqual({ ...stateIn(phase), phase: 'ready', error: null });
  });

  it('a second ready of the same document changes nothing (no snapshot, no render)', () => {
    expect(reduceLifecycle(stateIn('ready'), { type: 'ready' })).toBeUndefined();
  });

  it('a renewal counts, stays shown in place and hides the iframe being replaced by a reload', () => {
    expect(stepped(stateIn('ready'), { type: 'renew', inPlace: true })).toEqual({ ...stateIn('ready'), phase: 'renewing', renewals: 2 });
    expect(stepped(stateIn('ready'), { type: 'renew', inPlace: false })).toEqual({ ...stateIn('ready'), phase: 'renewing', renewals: 2, visible: false });
    // A hidden embed renewed in place is not shown by it: the reveal rule still decides.
    expect(stepped(stateIn('loading', { visible: false }), { type: 'renew', inPlace: true })).toMatchObject({ visible: false });
  });

  it("a failure keeps the coded error; the embed's own error page is shown, the host's failure is not", () => {
    const hidden = stateIn('loading', { visible: false });
    expect(stepped(hidden, { type: 'fail', error: failure })).toEqual({ ...hidden, phase: 'error', error: failure });
    expect(stepped(hidden, { type: 'fail', error: failure, fromEmbed: true })).toEqual({ ...hidden, phase: 'error', error: failure, visible: true });
  });

  it('reveal, park and show change their flag once: a repeat changes nothing', () => {
    expect(stepped(stateIn('loading', { visible: false }), { type: 'reveal' })).toMatchObject({ phase: 'loading', visible: true });
    expect(reduceLifecycle(stateIn('loading'), { type: 'reveal' })).toBeUndefined();
    expect(stepped(stateIn('ready'), { type: 'park' })).toEqual({ ...stateIn('ready'), parked: true });
    expect(reduceLifecycle(stateIn('ready', { parked: true }), { type: 'park' })).toBeUndefined();
    expect(stepped(stateIn('ready', { parked: true }), { type: 'show' })).toEqual(stateIn('ready'));
    expect(reduceLifecycle(stateIn('ready'), { type: 'show' })).toBeUndefined();
  });

  it.each(LIVE)('from %s: destroy is final and hides the embed', (phase) => {
    expect(stepped(stateIn(phase), { type: 'destroy' })).toEqual({ ...stateIn(phase), phase: 'destroyed', visible: false });
  });

  it('a destroyed embed takes no step at all: a late answer or timer changes nothing', () => {
    const actions: LifecycleAction[] = [
      { type: 'request', reason: 'retry' },
      { type: 'load', showNow: true, signed: true },
      { type: 'reveal' },
      { type: 'ready' },
      { type: 'renew', inPlace: true },
      { type: 'fail', error: failure },
      { type: 'park' },
      { type: 'show' },
      { type: 'destroy' },
    ];
    for (const action of actions) expect(reduceLifecycle(stateIn('destroyed', { visible: false }), action), action.type).toBeUndefined();
  });

  it('is pure: the state it is given is never changed', () => {
    const state = Object.freeze(stateIn('ready'));
    expect(() => reduceLifecycle(state, { type: 'renew', inPlace: false })).not.toThrow();
    expect(state).toEqual(stateIn('ready'));
  });
});
