import { act } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import {
  createEmbedRuntime,
  type EmbedRuntime,
  getDefaultEmbedRuntime,
  SvcDashboard,
  SvcProvider,
  type SvcActions,
  useSvcActions,
  useSvcEmbed,
  useSvcEvents,
} from '../../../src/index.js';
import { emit, frameOf, ready, renderStrict, TENANT } from './harness.js';

/** One micro-frontend: its own runtime, an embed named `sales`, and hooks that address `sales`. */
function MicroFrontend({ runtime, name, onActions, onDownload }: {
  runtime: EmbedRuntime;
  name: string;
  onActions: (actions: SvcActions) => void;
  onDownload: (format: string) => void;
}) {
  return (
    <SvcProvider runtime={runtime} tenantOrigin={TENANT}>
      <div data-app={name}>
        <SvcDashboard publicId={`${name}-board`} embedId="sales" />
        <Hooks onActions={onActions} onDownload={onDownload} />
      </div>
    </SvcProvider>
  );
}

function Hooks({ onActions, onDownload }: { onActions: (actions: SvcActions) => void; onDownload: (format: string) => void }) {
  onActions(useSvcActions('sales'));
  useSvcEvents('svc:event:download', (payload) => onDownload(payload.format), { embedId: 'sales' });
  return <output>{useSvcEmbed('sales', (state) => state.status)}</output>;
}

/** The iframe window of the app named `name`, and the actions the host posted to it. */
const frameIn = (name: string) => {
  const win = document.querySelector<HTMLIFrameElement>(`[data-app="${name}"] iframe`)?.contentWindow;
  if (!win) throw new Error(`no iframe in ${name}`);
  const posted = vi.spyOn(win, 'postMessage').mockImplementation(() => {});
  return { win, types: () => posted.mock.calls.map(([message]) => (message as { type: string }).type) };
};

describe('<SvcProvider runtime>', () => {
  it('gives two micro-frontends on one page embeds with the same embedId, each reached only by its own hooks', () => {
    const runtimes = { left: createEmbedRuntime(), right: createEmbedRuntime() };
    const actions: Record<string, SvcActions> = {};
    const downloads = { left: vi.fn(), right: vi.fn() };
    const { container } = renderStrict(
      <>
        <MicroFrontend runtime={runtimes.left} name="left" onActions={(a) => (actions.left = a)} onDownload={downloads.left} />
        <MicroFrontend runtime={runtimes.right} name="right" onActions={(a) => (actions.right = a)} onDownload={downloads.right} />
      </>,
    );
    const left = frameIn('left');
    const right = frameIn('right');
    expect(runtimes.left.registry.get('sales')).toBeDefined();
    expect(runtimes.right.registry.get('sales')).toBeDefined();
    expect(runtimes.left.registry.get('sales')).not.toBe(runtimes.right.registry.get('sales'));
    expect(getDefaultEmbedRuntime().registry.get('sales')).toBeUndefined();

    ready(left.win);
    const outputs = [...container.querySelectorAll('output')].map((output) => output.textContent);
    expect(outputs).toEqual(['ready', 'loading']);

    act(() => actions.left?.refresh());
    expect(left.types()).toContain('svc:action:refresh');
    expect(right.types()).not.toContain('svc:action:refresh');

    emit(right.win, 'svc:event:download', { format: 'csv', target: 'widget', widgetId: 'w1' });
    expect(downloads.right).toHaveBeenCalledWith('csv');
    expect(downloads.left).not.toHaveBeenCalled();
  });

  it('holds an action sent before its embed mounts in the provider\'s runtime, and delivers it there', () => {
    const runtime = createEmbedRuntime();
    let sent: SvcActions | undefined;
    function Early() {
      sent = useSvcActions('later');
      return null;
    }
    const { rerender } = renderStrict(
      <SvcProvider runtime={runtime} tenantOrigin={TENANT}>
        <Early />
      </SvcProvider>,
    );
    act(() => sent?.navigate('/held'));
    rerender(
      <SvcProvider runtime={runtime} tenantOrigin={TENANT}>
        <Early />
        <SvcDashboard publicId="sales" embedId="later" />
      </SvcProvider>,
    );
    const { win, actions } = frameOf('later');
    ready(win);
    expect(actions()).toContainEqual(expect.objectContaining({ type: 'svc:action:navigate', payload: { path: '/held' } }));
  });
});
