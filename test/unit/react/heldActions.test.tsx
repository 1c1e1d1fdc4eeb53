import { act } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type EmbedDebugReport, SvcDashboard, useSvcActions } from '../../../src/index.js';
import { frameOf, ready, renderStrict, TENANT } from './harness.js';

describe('actions sent through useSvcActions(embedId) before that embed mounts', () => {
  it('wait for it, at most 100 of them: the oldest are dropped, the rest arrive in order after ready', () => {
    let actions: ReturnType<typeof useSvcActions> | undefined;
    function Toolbar() {
      actions = useSvcActions('later');
      return null;
    }
    const { rerender } = renderStrict(<Toolbar />);
    act(() => {
      for (let i = 0; i < 150; i++) actions?.navigate(`/embed/dashboard/x/${i}`);
    });
    const reports: EmbedDebugReport[] = [];
    rerender(
      <>
        <Toolbar />
        <SvcDashboard tenantOrigin={TENANT} publicId="x" embedId="later" onDebug={(report) => reports.push(report)} />
      </>,
    );
    const { win, actions: sent } = frameOf('later');
    expect(sent()).toEqual([]);
    ready(win);
    expect(sent().map((action) => action.payload)).toEqual(
      Array.from({ length: 100 }, (_, i) => ({ path: `/embed/dashboard/x/${i + 50}` })),
    );
    // The cap applied while they were held: the embed's own queue never had to discard any.
    expect(reports.filter((report) => /discard|drop/i.test(`${report.reason} ${report.detail}`))).toEqual([]);
  });

  it('are kept apart per embedId: another embed neither receives them nor shortens their allowance', () => {
    let forA: ReturnType<typeof useSvcActions> | undefined;
    let forB: ReturnType<typeof useSvcActions> | undefined;
    function Toolbar() {
      forA = useSvcActions('a');
      forB = useSvcActions('b');
      return null;
    }
    const { rerender } = renderStrict(<Toolbar />);
    act(() => {
      for (let i = 0; i < 100; i++) forA?.navigate(`/embed/dashboard/a/${i}`);
      for (let i = 0; i < 100; i++) forB?.navigate(`/embed/dashboard/b/${i}`);
    });
    rerender(
      <>
        <Toolbar />
        <SvcDashboard tenantOrigin={TENANT} publicId="a" embedId="a" />
        <SvcDashboard tenantOrigin={TENANT} publicId="b" embedId="b" />
      </>,
    );
    const a = frameOf('a');
    const b = frameOf('b');
    ready(a.win);
    ready(b.win);
    expect(a.actions().map((action) => action.payload)).toEqual(Array.from({ length: 100 }, (_, i) => ({ path: `/embed/dashboard/a/${i}` })));
    expect(b.actions().map((action) => action.payload)).toEqual(Array.from({ length: 100 }, (_, i) => ({ path: `/embed/dashboard/b/${i}` })));
  });
});
