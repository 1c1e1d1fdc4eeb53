import { act } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  embedRegistry,
  type EventType,
  SvcDashboard,
  type SvcEventHandlers,
  useSvcActions,
  useSvcEmbed,
  useSvcEvents,
} from '../../../src/index.js';
import { emit, expectRenderErrors, frameOf, ready, renderStrict, TENANT } from './harness.js';

afterEach(() => {
  vi.unstubAllGlobals();
});

const view = (path: string) => ({ surface: 'dashboard', path });

/** Renders what `useSvcEmbed(embedId)` reads: the status. */
function Status({ embedId }: { embedId?: string }) {
  return <output>{useSvcEmbed(embedId, (state) => state.status)}</output>;
}

describe('useSvcEmbed', () => {
  it('reads the only embed on the page when no embedId is given', () => {
    const { container } = renderStrict(
      <>
        <SvcDashboard tenantOrigin={TENANT} publicId="sales" />
        <Status />
      </>,
    );
    ready(frameOf().win);
    expect(container.querySelector('output')?.textContent).toBe('ready');
  });

  it('reads the named embed only, never another one on the page', () => {
    const { container } = renderStrict(
      <>
        <SvcDashboard tenantOrigin={TENANT} publicId="sales" embedId="sales" />
        <Status embedId="costs" />
      </>,
    );
    ready(frameOf('sales').win);
    expect(container.querySelector('output')?.textContent).toBe('loading');
  });

  it('returns the whole state without a selector, and a loading state for an embed not mounted yet', () => {
    const states = new Map<string, unknown>();
    function Whole({ embedId }: { embedId?: string }) {
      states.set(embedId ?? 'none', useSvcEmbed(embedId));
      return null;
    }
    renderStrict(
      <>
        <Whole embedId="later" />
        <Whole />
      </>,
    );
    expect(states.get('later')).toMatchObject({ embedId: 'later', surface: 'dashboard', status: 'loading', lastError: null });
    expect(states.get('none')).toMatchObject({ embedId: '', surface: 'dashboard', status: 'loading' });
  });

  it('names itself and the embeds when it cannot tell which one is meant', () => {
    const restore = expectRenderErrors();
    try {
      expect(() =>
        renderStrict(
          <>
            <SvcDashboard tenantOrigin={TENANT} publicId="a" embedId="a" />
            <SvcDashboard tenantOrigin={TENANT} publicId="b" embedId="b" />
            <Status />
          </>,
        ),
      ).toThrow('useSvcEmbed: several embeds are on the page (a, b); pass the embedId of the one you mean.');
    } finally {
      restore();
    }
  });
});

describe('useSvcActions', () => {
  let actions: ReturnType<typeof useSvcActions> | undefined;
  function Controls({ embedId }: { embedId?: string }) {
    actions = useSvcActions(embedId);
    return null;
  }

  it('sends at once to an embed that is already ready', () => {
    renderStrict(
      <>
        <SvcDashboard tenantOrigin={TENANT} publicId="sales" embedId="sales" />
        <Controls embedId="sales" />
      </>,
    );
    const { win, actions: sent } = frameOf('sales');
    ready(win);
    act(() => actions?.refresh());
    expect(sent().map((a) => a.type)).toEqual(['svc:action:refresh']);
  });

  it('holds an unaddressed action until the only embed mounts, then sends it after ready', async () => {
    const { rerender } = renderStrict(<Controls />);
    act(() => actions?.setColorScheme('dark'));
    rerender(
      <>
        <Controls />
        <SvcDashboard tenantOrigin={TENANT} publicId="sales" />
      </>,
    );
    await act(async () => {});
    const { win, actions: sent } = frameOf();
    ready(win);
    expect(sent()).toEqual([{ type: 'svc:action:set-color-scheme', payload: { scheme: 'dark' }, target: TENANT }]);
  });

  it('follows a changed embedId', () => {
    const { rerender } = renderStrict(
      <>
        <SvcDashboard tenantOrigin={TENANT} publicId="a" embedId="a" />
        <SvcDashboard tenantOrigin={TENANT} publicId="b" embedId="b" />
        <Controls embedId="a" />
      </>,
    );
    const a = frameOf('a');
    const b = frameOf('b');
    ready(a.win);
    ready(b.win);
    const first = actions;
    rerender(
      <>
        <SvcDashboard tenantOrigin={TENANT} publicId="a" embedId="a" />
        <SvcDashboard tenantOrigin={TENANT} publicId="b" embedId="b" />
        <Controls embedId="b" />
      </>,
    );
    expect(actions).not.toBe(first);
    act(() => actions?.refresh());
    expect(a.actions()).toEqual([]);
    expect(b.actions().map((x) => x.type)).toEqual(['svc:action:refresh']);
  });

  it('names itself and the embeds when a call cannot tell which embed is meant', () => {
    renderStrict(
      <>
        <SvcDashboard tenantOrigin={TENANT} publicId="a" embedId="a" />
        <SvcDashboard tenantOrigin={TENANT} publicId="b" embedId="b" />
        <Controls />
      </>,
    );
    expect(() => actions?.refresh()).toThrow('useSvcActions: several embeds are on the page (a, b); pass the embedId of the one you mean.');
  });
});

describe('useSvcEvents', () => {
  const twoEmbeds = (
    <>
      <SvcDashboard tenantOrigin={TENANT} publicId="a" embedId="a" />
      <SvcDashboard tenantOrigin={TENANT} publicId="b" embedId="b" />
    </>
  );

  it('limits an object of handlers to the embedId of its options', () => {
    const seen = vi.fn();
    function Listener() {
      useSvcEvents({ 'svc:event:view': (payload, _message, embedId) => seen(embedId, payload.path) }, { embedId: 'b' });
      return null;
    }
    renderStrict(
      <>
        <Listener />
        {twoEmbeds}
      </>,
    );
    emit(frameOf('a').win, 'svc:event:view', view('/a'));
    emit(frameOf('b').win, 'svc:event:view', view('/b'));
    expect(seen.mock.calls).toEqual([['b', '/b']]);
  });

  it('follows a changed embedId option', () => {
    const seen = vi.fn();
    function Listener({ embedId }: { embedId: string }) {
      useSvcEvents('svc:event:view', (payload) => seen(payload.path), { embedId });
      return null;
    }
    const { rerender } = renderStrict(
      <>
        <Listener embedId="a" />
        {twoEmbeds}
      </>,
    );
    rerender(
      <>
        <Listener embedId="b" />
        {twoEmbeds}
      </>,
    );
    emit(frameOf('a').win, 'svc:event:view', view('/a'));
    emit(frameOf('b').win, 'svc:event:view', view('/b'));
    expect(seen.mock.calls).toEqual([['/b']]);
  });

  it('lets events without a handler pass, without an error', () => {
    // The page's error handling, as browsers offer it (jsdom has none): where a throwing listener is reported.
    const reportError = vi.fn();
    vi.stubGlobal('reportError', reportError);
    const seen = vi.fn();
    const handlers: SvcEventHandlers = { 'svc:event:download': seen };
    function Listener() {
      useSvcEvents(handlers);
      return null;
    }
    renderStrict(
      <>
        <Listener />
        <SvcDashboard tenantOrigin={TENANT} publicId="a" embedId="a" />
      </>,
    );
    const { win } = frameOf('a');
    ready(win);
    emit(win, 'svc:event:view', view('/a'));
    emit(win, 'svc:event:download', { format: 'csv', target: 'widget', widgetId: 'w1', rowCount: 1 });
    expect(reportError).not.toHaveBeenCalled();
    expect(seen).toHaveBeenCalledOnce();
  });

  it('hears an embed mounted after it, after the embed’s own callback', () => {
    const order: string[] = [];
    function Listener() {
      useSvcEvents('svc:event:view', () => order.push('hook'), { embedId: 'a' });
      return null;
    }
    const { rerender } = renderStrict(
      <>
        <Listener />
        {null}
      </>,
    );
    rerender(
      <>
        <Listener />
        <SvcDashboard tenantOrigin={TENANT} publicId="a" embedId="a" onView={() => order.push('onView')} />
      </>,
    );
    emit(frameOf('a').win, 'svc:event:view', view('/a'));
    expect(order).toEqual(['onView', 'hook']);
  });

  it('keeps its place among an embed’s listeners while other embeds come and go', () => {
    const order: string[] = [];
    const type: EventType = 'svc:event:view';
    function Listener() {
      useSvcEvents(type, () => order.push('hook'), { embedId: 'a' });
      return null;
    }
    const { rerender } = renderStrict(
      <>
        <Listener />
        <SvcDashboard tenantOrigin={TENANT} publicId="a" embedId="a" />
      </>,
    );
    const off = embedRegistry.get('a')?.onAny(() => order.push('direct'));
    rerender(
      <>
        <Listener />
        <SvcDashboard tenantOrigin={TENANT} publicId="a" embedId="a" />
        <SvcDashboard tenantOrigin={TENANT} publicId="b" embedId="b" />
      </>,
    );
    emit(frameOf('a').win, type, view('/a'));
    off?.();
    expect(order).toEqual(['hook', 'direct']);
  });
});
