import { describe, expect, it, vi } from 'vitest';
import { createLifecycle } from '../../../src/controller/createLifecycle.js';
import type { SvcErrorPayload } from '../../../src/controller/SvcErrorPayload.js';
import { createEmbedBridge } from '../../../src/runtime/createEmbedBridge.js';
import { createEmbedRuntime } from '../../../src/runtime/createEmbedRuntime.js';

const failure: SvcErrorPayload = { name: 'SessionError', context: 'ready', fatal: true, message: 'SVC309 ready', code: 'SVC309' };

function lifecycleOf() {
  const runtime = createEmbedRuntime();
  const bridge = createEmbedBridge({ surface: 'dashboard', tenantOrigin: 'https://acme.example.com', embedId: 'sales', runtime });
  return { bridge, lifecycle: createLifecycle({ embedId: 'sales', runtime }, bridge) };
}

describe("an embed's lifecycle state", () => {
  it('starts idle and tells its subscribers of every step that changed it, and of no other', () => {
    const { lifecycle } = lifecycleOf();
    const listener = vi.fn();
    lifecycle.subscribe(listener);
    expect(lifecycle.state()).toMatchObject({ phase: 'idle', visible: false, loads: 0 });
    lifecycle.dispatch({ type: 'load', showNow: false, signed: true });
    lifecycle.dispatch({ type: 'ready' });
    lifecycle.dispatch({ type: 'ready' });
    expect(listener).toHaveBeenCalledTimes(2);
    expect(lifecycle.state()).toMatchObject({ phase: 'ready', loads: 1 });
  });

  it("keeps the state store's status in step: a host failure, a reload, and a new start out of a failure", () => {
    const { bridge, lifecycle } = lifecycleOf();
    const store = () => bridge.store.getState();
    lifecycle.dispatch({ type: 'load', showNow: false, signed: true });
    lifecycle.dispatch({ type: 'fail', error: failure });
    expect(store()).toMatchObject({ status: 'error', lastError: failure });
    // The snapshot and the store say the same when a subscriber of the snapshot reads the store.
    let seen: unknown;
    lifecycle.subscribe(() => {
      seen = store().status;
    });
    lifecycle.dispatch({ type: 'request', reason: 'retry' });
    expect(seen).toBe('loading');
    expect(store()).toMatchObject({ status: 'loading', lastError: null });
    lifecycle.dispatch({ type: 'load', showNow: false, signed: true });
    bridge.store.setState({ status: 'ready' });
    lifecycle.dispatch({ type: 'ready' });
    lifecycle.dispatch({ type: 'renew', inPlace: true });
    expect(store().status).toBe('ready');
    lifecycle.dispatch({ type: 'renew', inPlace: false });
    expect(store().status).toBe('loading');
  });

  it("leaves the embed's own failure in the store as the embed said it", () => {
    const { bridge, lifecycle } = lifecycleOf();
    const said = { message: 'Chart query failed', fatal: true };
    bridge.store.setState({ status: 'error', lastError: said });
    lifecycle.dispatch({ type: 'fail', error: { ...said, code: 'SVC310' }, fromEmbed: true });
    expect(bridge.store.getState().lastError).toBe(said);
    expect(lifecycle.state()).toMatchObject({ phase: 'error', visible: true, error: { code: 'SVC310' } });
  });
});
