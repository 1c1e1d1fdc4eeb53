import { act, render } from '@testing-library/react';
import { Profiler, type ProfilerOnRenderCallback } from 'react';
import { describe, expect, it } from 'vitest';
import { SvcDashboard, useSvcEmbed } from '../../../src/index.js';
import { emit, frameOf, ready, TENANT } from './harness.js';

/** Lets whatever an event scheduled (effects, a reveal on the next frame, a deferred store update) land. */
async function settle(): Promise<void> {
  // Longer than the reveal after ready (a settle time, then two frames), so the reveal commit lands here.
  await act(() => new Promise((resolve) => setTimeout(resolve, 300)));
}

/** 1,000 events of four kinds that change nothing a component selects, as the benchmark sends them. */
function sendQuietEvents(win: Window): void {
  for (let i = 0; i < 250; i++) {
    emit(win, 'svc:event:download', { format: 'csv', target: 'dashboard' });
    emit(win, 'svc:event:view', { surface: 'dashboard', path: `/p${i}` });
    emit(win, 'svc:event:drilldown', { member: 'orders.region', value: i });
    emit(win, 'svc:event:ai-query', { query: `q${i}`, status: 'submitted' });
  }
}

describe('render counts while events arrive', () => {
  it('1,000 events re-render neither the embed, nor the component hosting it, nor a sibling selecting the status', async () => {
    const renders = { host: 0, sibling: 0 };
    // Commits inside <SvcDashboard>: the component itself and its loading/error overlay. React calls a
    // Profiler's onRender for every commit of its subtree, however deep the re-render starts.
    const embedCommits: string[] = [];
    const onEmbedCommit: ProfilerOnRenderCallback = (_id, phase) => {
      embedCommits.push(phase);
    };
    function Status() {
      renders.sibling++;
      const status = useSvcEmbed('sales', (state) => state.status);
      return <output>{status}</output>;
    }
    function Host() {
      renders.host++;
      return (
        <>
          <Profiler id="embed" onRender={onEmbedCommit}>
            {/* Inline callbacks, as apps write them: they must not cost a render per event either. */}
            <SvcDashboard tenantOrigin={TENANT} publicId="sales" embedId="sales" onDownload={() => {}} onView={() => {}} onEvent={() => {}} />
          </Profiler>
          <Status />
        </>
      );
    }
    const { container } = render(<Host />);
    expect(embedCommits[0]).toBe('mount');
    const { win } = frameOf('sales');
    ready(win);
    await settle();
    expect(container.querySelector('output')?.textContent).toBe('ready');
    const before = { host: renders.host, sibling: renders.sibling, embed: embedCommits.length };

    sendQuietEvents(win);
    await settle();

    expect({ host: renders.host - before.host, sibling: renders.sibling - before.sibling, embed: embedCommits.length - before.embed }).toEqual({
      host: 0,
      sibling: 0,
      embed: 0,
    });

    // The counters do count: a status change re-renders the sibling that selects it, and only that.
    emit(win, 'svc:event:dashboard-loaded', {});
    await settle();
    expect(container.querySelector('output')?.textContent).toBe('loaded');
    expect(renders.sibling - before.sibling).toBe(1);
    expect(renders.host - before.host).toBe(0);
  });
});
