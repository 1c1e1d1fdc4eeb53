import { act } from '@testing-library/react';
import { createRef, Suspense, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { SvcDashboard, type SvcEmbedHandle } from '../../../src/index.js';
import { frameOf, ready, renderStrict, TENANT } from './harness.js';

/** A child that suspends while the test holds its gate closed, the way a data fetch beside the embed would. */
function createGate() {
  let pending: { promise: Promise<void>; open: () => void } | null = null;
  function Gate(): null {
    if (pending) throw pending.promise;
    return null;
  }
  return {
    Gate,
    close() {
      let open = () => {};
      const promise = new Promise<void>((resolve) => {
        open = resolve;
      });
      pending = { promise, open };
    },
    async open() {
      const current = pending;
      pending = null;
      await act(async () => {
        current?.open();
        await current?.promise;
      });
    },
  };
}

describe('an embed whose effects are torn down while it stays rendered', () => {
  it('loads again, without an error, when a Suspense boundary that showed its fallback over it reveals it', async () => {
    const gate = createGate();
    const onError = vi.fn();
    const handle = createRef<SvcEmbedHandle>();
    let suspendAgain = () => {};
    function Page() {
      const [tick, setTick] = useState(0);
      suspendAgain = () => setTick(tick + 1);
      return (
        <Suspense fallback={<p>Loading the report</p>}>
          <SvcDashboard tenantOrigin={TENANT} publicId="sales" embedId="sales" onError={onError} ref={handle} />
          <gate.Gate key={tick} />
        </Suspense>
      );
    }
    renderStrict(<Page />);
    const first = frameOf('sales');
    ready(first.win);

    // Not in a transition: React shows the fallback and hides the revealed content, running its layout cleanups.
    gate.close();
    act(() => suspendAgain());
    await act(async () => {});
    expect(document.body.textContent).toContain('Loading the report');

    await gate.open();
    const again = frameOf('sales');
    expect(again.iframe).not.toBe(first.iframe);
    expect(again.iframe.isConnected).toBe(true);
    expect(document.querySelectorAll('iframe')).toHaveLength(1);
    ready(again.win);
    expect(handle.current?.store.getState()).toMatchObject({ status: 'ready', readyCount: 1 });
    expect(onError).not.toHaveBeenCalled();
  });
});
