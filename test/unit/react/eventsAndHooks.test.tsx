import { act, render, waitFor } from '@testing-library/react';
import { StrictMode, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import {
  embedRegistry,
  getMessageRouterStats,
  SvcDashboard,
  type SvcEmbedHandle,
  useSvcActions,
  useSvcEmbed,
  useSvcEvents,
} from '../../../src/index.js';
import { emit, expectRenderErrors, frameOf, ready, renderStrict, TENANT } from './harness.js';

/**
 * Records every document load an iframe starts, however the code starts it (the `src` property,
 * `setAttribute`, inserting or re-inserting the element): an iframe put in the page with a `src`, or given a
 * new `src` while in the page. Records are read once, at the end, so an iframe that arrived inside an inserted
 * subtree is counted once, unless it left the page and came back.
 */
function recordFrameLoads(): () => string[] {
  const loads: string[] = [];
  const inPage = new Set<HTMLIFrameElement>();
  const framesIn = (node: Node): HTMLIFrameElement[] =>
    node instanceof HTMLIFrameElement ? [node] : node instanceof Element ? [...node.querySelectorAll('iframe')] : [];
  const observer = new MutationObserver(() => {});
  observer.observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['src'] });
  return () => {
    for (const record of observer.takeRecords()) {
      if (record.type === 'attributes' && record.target instanceof HTMLIFrameElement && inPage.has(record.target)) {
        loads.push(record.target.getAttribute('src') ?? '');
      }
      for (const node of record.removedNodes) for (const frame of framesIn(node)) inPage.delete(frame);
      for (const node of record.addedNodes) {
        for (const frame of framesIn(node)) {
          if (inPage.has(frame)) continue;
          inPage.add(frame);
          if (frame.hasAttribute('src')) loads.push(frame.getAttribute('src') ?? '');
        }
      }
    }
    return loads;
  };
}

describe('StrictMode and teardown', () => {
  it('mounts twice but keeps one listener, one iframe and one src', () => {
    const add = vi.spyOn(window, 'addEventListener');
    const remove = vi.spyOn(window, 'removeEventListener');
    const loads = recordFrameLoads();
    renderStrict(<SvcDashboard tenantOrigin={TENANT} publicId="sales" colorScheme="dark" />);
    expect(document.querySelectorAll('iframe')).toHaveLength(1);
    // StrictMode's simulated unmount removes the listener and its remount adds it back: one remains.
    const adds = add.mock.calls.filter(([type]) => type === 'message').length;
    const removes = remove.mock.calls.filter(([type]) => type === 'message').length;
    expect(adds - removes).toBe(1);
    expect(getMessageRouterStats()).toEqual({ routes: 1, listening: true });
    expect(loads()).toEqual(['https://acme.example.com/embed/dashboard/sales']);
    const { win, actions } = frameOf();
    ready(win);
    expect(actions()).toHaveLength(1);
  });

  it('leaves no listener and no registry entry after unmount', () => {
    const { unmount } = renderStrict(
      <>
        <SvcDashboard tenantOrigin={TENANT} publicId="a" embedId="a" />
        <SvcDashboard tenantOrigin={TENANT} publicId="b" embedId="b" />
      </>,
    );
    expect(embedRegistry.getSnapshot().size).toBe(2);
    unmount();
    expect(getMessageRouterStats()).toEqual({ routes: 0, listening: false });
    expect(embedRegistry.getSnapshot().size).toBe(0);
  });
});

describe('events', () => {
  it('reach the typed callbacks and onEvent with payload and envelope', () => {
    const onReady = vi.fn();
    const onDownload = vi.fn();
    const onDrilldown = vi.fn();
    const onEvent = vi.fn();
    renderStrict(
      <SvcDashboard tenantOrigin={TENANT} publicId="sales" onReady={onReady} onDownload={onDownload} onDrilldown={onDrilldown} onEvent={onEvent} />,
    );
    const { win } = frameOf();
    ready(win);
    emit(win, 'svc:event:download', { format: 'csv', target: 'widget', widgetId: 'w1', rowCount: 12 });
    emit(win, 'svc:event:drilldown', { member: 'orders.revenue', value: 'EU' });
    expect(onReady).toHaveBeenCalledOnce();
    expect(onDownload).toHaveBeenCalledWith(
      { format: 'csv', target: 'widget', widgetId: 'w1', rowCount: 12 },
      expect.objectContaining({ type: 'svc:event:download', surface: 'dashboard' }),
    );
    expect(onDrilldown.mock.calls[0]?.[0]).toEqual({ member: 'orders.revenue', value: 'EU' });
    expect(onEvent.mock.calls.map(([m]) => m.type)).toEqual(['svc:event:ready', 'svc:event:download', 'svc:event:drilldown']);
  });

  it('keep two embeds of the same tenant apart', () => {
    const a = vi.fn();
    const b = vi.fn();
    renderStrict(
      <>
        <SvcDashboard tenantOrigin={TENANT} publicId="a" embedId="a" onEvent={a} />
        <SvcDashboard tenantOrigin={TENANT} publicId="b" embedId="b" onEvent={b} />
      </>,
    );
    emit(frameOf('a').win, 'svc:event:view', { surface: 'dashboard', path: '/a' });
    emit(frameOf('b').win, 'svc:event:view', { surface: 'dashboard', path: '/b' });
    expect(a.mock.calls.map(([m]) => m.payload.path)).toEqual(['/a']);
    expect(b.mock.calls.map(([m]) => m.payload.path)).toEqual(['/b']);
  });

  it('use the latest inline callback without re-subscribing', () => {
    const calls: number[] = [];
    function Host() {
      const [n, setN] = useState(0);
      return (
        <>
          <button type="button" onClick={() => setN(n + 1)}>
            bump
          </button>
          <SvcDashboard tenantOrigin={TENANT} publicId="sales" onView={() => calls.push(n)} />
        </>
      );
    }
    const { getByText } = renderStrict(<Host />);
    const onAny = vi.spyOn(embedRegistry.getSnapshot().values().next().value as unknown as { onAny: () => void }, 'onAny');
    act(() => getByText('bump').click());
    act(() => getByText('bump').click());
    emit(frameOf().win, 'svc:event:view', { surface: 'dashboard', path: '/' });
    expect(calls).toEqual([2]);
    expect(onAny).not.toHaveBeenCalled();
  });

  it('ignore a perfect envelope from a foreign origin', () => {
    const onEvent = vi.fn();
    const onDebug = vi.fn();
    renderStrict(<SvcDashboard tenantOrigin={TENANT} publicId="sales" onEvent={onEvent} onDebug={onDebug} />);
    emit(frameOf().win, 'svc:event:ready', { embedTenant: null, deploymentId: null, mode: 'private', surface: 'dashboard' }, 'dashboard', 'https://evil.example.com');
    expect(onEvent).not.toHaveBeenCalled();
    expect(onDebug).toHaveBeenCalledWith(expect.objectContaining({ reason: 'wrong-origin' }));
  });

  it('show the loading fallback until ready, and the error fallback on a fatal error', async () => {
    const { container } = renderStrict(
      <SvcDashboard tenantOrigin={TENANT} publicId="sales" loading={<p>Loading…</p>} errorFallback={(e) => <p>Failed: {e.message}</p>} />,
    );
    expect(container.textContent).toBe('Loading…');
    const { win, iframe } = frameOf();
    expect(iframe.style.opacity).toBe('0');
    ready(win);
    // Revealed once the embed had a frame to apply the flushed actions.
    await waitFor(() => expect(container.textContent).toBe(''));
    expect(iframe.style.opacity).toBe('');
    emit(win, 'svc:event:error', { message: 'Chart query failed', fatal: true });
    expect(container.textContent).toBe('Failed: Chart query failed');
    expect(container.querySelector('[role="alert"]')?.textContent).toBe('Failed: Chart query failed');
  });
});

describe('hooks', () => {
  it('useSvcEvents listens to one embed or to all, and stops on unmount', () => {
    const one = vi.fn();
    const all = vi.fn();
    function Listeners() {
      useSvcEvents('svc:event:view', (payload) => one(payload.path), { embedId: 'a' });
      useSvcEvents({ 'svc:event:view': (payload, _message, embedId) => all(embedId, payload.path) });
      return null;
    }
    const { rerender } = renderStrict(
      <>
        <Listeners />
        <SvcDashboard tenantOrigin={TENANT} publicId="a" embedId="a" />
        <SvcDashboard tenantOrigin={TENANT} publicId="b" embedId="b" />
      </>,
    );
    emit(frameOf('a').win, 'svc:event:view', { surface: 'dashboard', path: '/a' });
    emit(frameOf('b').win, 'svc:event:view', { surface: 'dashboard', path: '/b' });
    expect(one.mock.calls).toEqual([['/a']]);
    expect(all.mock.calls).toEqual([['a', '/a'], ['b', '/b']]);
    rerender(
      <>
        <SvcDashboard tenantOrigin={TENANT} publicId="a" embedId="a" />
        <SvcDashboard tenantOrigin={TENANT} publicId="b" embedId="b" />
      </>,
    );
    emit(frameOf('a').win, 'svc:event:view', { surface: 'dashboard', path: '/a2' });
    expect(one).toHaveBeenCalledTimes(1);
    expect(all).toHaveBeenCalledTimes(2);
  });

  it('useSvcEvents subscribes before the embed mounts and follows it', () => {
    const seen = vi.fn();
    function Listener() {
      useSvcEvents('svc:event:ready', (payload) => seen(payload.mode), { embedId: 'late' });
      return null;
    }
    const { rerender } = renderStrict(<Listener />);
    rerender(
      <>
        <Listener />
        <SvcDashboard tenantOrigin={TENANT} publicId="x" embedId="late" />
      </>,
    );
    ready(frameOf('late').win);
    expect(seen).toHaveBeenCalledWith('signed');
  });

  it('useSvcActions holds actions made before the embed mounts and sends them after ready', () => {
    let actions: ReturnType<typeof useSvcActions> | undefined;
    function Controls() {
      actions = useSvcActions('later');
      return null;
    }
    const { rerender } = renderStrict(<Controls />);
    const first = actions;
    act(() => {
      actions?.setFilter('orders.region', { value: 'EU' });
      actions?.refresh();
    });
    expect(() => actions?.setColorScheme('sepia' as 'dark')).toThrow(/scheme/);
    rerender(
      <>
        <Controls />
        <SvcDashboard tenantOrigin={TENANT} publicId="x" embedId="later" />
      </>,
    );
    expect(actions).toBe(first);
    const { win, actions: sent } = frameOf('later');
    ready(win);
    expect(sent().map((a) => a.type)).toEqual(['svc:action:set-filter', 'svc:action:refresh']);
  });

  it('useSvcEmbed and useSvcActions refuse to guess between several embeds', () => {
    const restore = expectRenderErrors();
    function Guess() {
      useSvcEmbed();
      return null;
    }
    expect(() =>
      renderStrict(
        <>
          <SvcDashboard tenantOrigin={TENANT} publicId="a" embedId="a" />
          <SvcDashboard tenantOrigin={TENANT} publicId="b" embedId="b" />
          <Guess />
        </>,
      ),
    ).toThrow(/several embeds.*\(a, b\).*embedId/);
    restore();
  });

  it('useSvcEmbed reads a loading state before its embed mounts', () => {
    function Status() {
      return <output>{useSvcEmbed('nobody', (s) => s.status)}</output>;
    }
    const { container } = renderStrict(<Status />);
    expect(container.textContent).toBe('loading');
  });
});

describe('imperative handle', () => {
  it('sends actions, exposes the iframe, id and store', () => {
    let handle: SvcEmbedHandle | null = null;
    function Host() {
      return <SvcDashboard ref={(h) => { handle = h; }} tenantOrigin={TENANT} publicId="x" embedId="imp" />;
    }
    render(<StrictMode><Host /></StrictMode>);
    const h = handle as unknown as SvcEmbedHandle;
    expect(h.embedId).toBe('imp');
    expect(h.iframe).toBe(document.querySelector('iframe'));
    const { win, actions } = frameOf();
    ready(win);
    h.navigate('/embed/dashboard/x/2');
    h.setFilter('orders.status', null);
    h.setLocale('fr-FR');
    h.setTheme({ borderRadius: 8 });
    h.setColorScheme('auto');
    h.refresh();
    h.send('svc:action:refresh');
    expect(actions().map((a) => a.type)).toEqual([
      'svc:action:navigate',
      'svc:action:set-filter',
      'svc:action:set-locale',
      'svc:action:set-theme',
      'svc:action:set-color-scheme',
      'svc:action:refresh',
      'svc:action:refresh',
    ]);
    expect(h.store.getState().status).toBe('ready');
  });
});
