import { act, cleanup } from '@testing-library/react';
import { Activity, createRef } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SvcDashboard, type SvcEmbedHandle } from '../../../src/index.js';
import { embedParking, keepAlive } from '../../../src/keepAlive/index.js';
import { frameOf, ready, renderStrict, TENANT } from '../react/harness.js';

// <Activity> exists from React 19.2: this folder runs only in the React 19 project.
afterEach(() => {
  // Unmounted first: an embed that unmounts is parked, and the parking must end up empty.
  cleanup();
  embedParking.clear();
});

describe('an embed inside <Activity>', () => {
  it('hidden, then visible: loads again in place, without an error', async () => {
    const onError = vi.fn();
    const handle = createRef<SvcEmbedHandle>();
    const page = (mode: 'visible' | 'hidden') => (
      <Activity mode={mode}>
        <SvcDashboard tenantOrigin={TENANT} publicId="sales" embedId="sales" onError={onError} ref={handle} />
      </Activity>
    );
    const { rerender } = renderStrict(page('visible'));
    let previous = frameOf('sales').iframe;
    ready(frameOf('sales').win);
    // Twice: every showing after a hiding gets its own load.
    for (let round = 0; round < 2; round++) {
      rerender(page('hidden'));
      // Hidden for longer than the commit: the embed is torn down (only StrictMode's same-commit remount is not).
      await act(async () => {});
      expect(document.querySelectorAll('iframe')).toHaveLength(0);
      rerender(page('visible'));
      const again = frameOf('sales');
      expect(again.iframe).not.toBe(previous);
      expect(document.querySelectorAll('iframe')).toHaveLength(1);
      ready(again.win);
      expect(handle.current?.store.getState()).toMatchObject({ status: 'ready', readyCount: 1 });
      previous = again.iframe;
    }
    expect(onError).not.toHaveBeenCalled();
  });

  it('with keepAlive: hidden parks it, visible shows the same document again without a reload', async () => {
    const page = (mode: 'visible' | 'hidden') => (
      <Activity mode={mode}>
        <SvcDashboard tenantOrigin={TENANT} publicId="sales" embedId="sales" keepAlive={keepAlive} />
      </Activity>
    );
    const { rerender } = renderStrict(page('visible'));
    const first = frameOf('sales');
    ready(first.win);
    rerender(page('hidden'));
    await act(async () => {});
    expect(embedParking.size).toBe(1);
    rerender(page('visible'));
    expect(embedParking.size).toBe(0);
    expect(frameOf('sales').iframe).toBe(first.iframe);
    expect(first.iframe.isConnected).toBe(true);
  });
});
