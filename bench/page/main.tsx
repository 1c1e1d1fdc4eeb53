// The benchmark page: each function runs one measurement in the browser and returns plain numbers.
import { useEffect } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { flushSync } from 'react-dom';
import { createEmbedBridge, embedRegistry, getMessageRouterStats, SvcDashboard, useSvcEmbed } from 'svc-embed-react';
import { freshMount, keepAliveRevisit, keepAliveStart, keepAliveStop, mountPreloaded, preloadAndWait } from './keepAlive';

const TENANT = 'https://tenant.example.com';

function addFrame(): HTMLIFrameElement {
  const iframe = document.createElement('iframe');
  document.body.append(iframe);
  return iframe;
}

function envelopes(count: number): object[] {
  return Array.from({ length: count }, (_, i) => ({
    source: 'svc-embed',
    direction: 'event',
    type: 'svc:event:view',
    payload: { surface: 'dashboard', path: `/embed/dashboard/sales/${i}`, title: 'Sales' },
    timestamp: Date.now(),
    surface: 'dashboard',
  }));
}

/** Milliseconds to deliver `n` messages through a raw listener (origin check, switch) or through the bridge. */
function dispatch(kind: 'raw' | 'bridge', n: number): number {
  const frame = addFrame();
  const source = frame.contentWindow as Window;
  const pool = envelopes(100);
  let handled = 0;
  let teardown: () => void;
  if (kind === 'raw') {
    const listener = (event: MessageEvent) => {
      if (event.origin !== TENANT) return;
      switch ((event.data as { type?: string }).type) {
        case 'svc:event:view':
          handled++;
          break;
        default:
          break;
      }
    };
    window.addEventListener('message', listener);
    teardown = () => window.removeEventListener('message', listener);
  } else {
    const bridge = createEmbedBridge({ surface: 'dashboard', tenantOrigin: TENANT });
    const disconnect = bridge.connect(() => source);
    bridge.on('svc:event:view', () => {
      handled++;
    });
    teardown = () => {
      disconnect();
      bridge.destroy();
    };
  }
  const events = pool.map((data) => new MessageEvent('message', { data, origin: TENANT, source }));
  const start = performance.now();
  for (let i = 0; i < n; i++) window.dispatchEvent(events[i % events.length] as MessageEvent);
  const elapsed = performance.now() - start;
  teardown();
  frame.remove();
  if (handled !== n) throw new Error(`${kind}: handled ${handled} of ${n}`);
  return elapsed;
}

/** Re-renders of the component hosting an embed, and of a sibling selecting `status`, while `n` events arrive. */
function renders(n: number): { host: number; sibling: number } {
  let host = 0;
  let sibling = 0;
  function Status() {
    sibling++;
    return <output>{useSvcEmbed('r', (s) => s.status)}</output>;
  }
  function Host() {
    host++;
    return (
      <>
        <SvcDashboard embedId="r" tenantOrigin={TENANT} publicId="sales" onDownload={() => {}} onView={() => {}} />
        <Status />
      </>
    );
  }
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  flushSync(() => root.render(<Host />));
  const iframe = container.querySelector('iframe') as HTMLIFrameElement;
  const source = iframe.contentWindow as Window;
  const send = (type: string, payload: object) =>
    flushSync(() => window.dispatchEvent(new MessageEvent('message', { origin: TENANT, source, data: { source: 'svc-embed', direction: 'event', type, payload, timestamp: Date.now(), surface: 'dashboard' } })));
  send('svc:event:ready', { embedTenant: null, deploymentId: null, mode: 'private', surface: 'dashboard' });
  const base = { host, sibling };
  for (let i = 0; i < n; i++) {
    if (i % 2 === 0) send('svc:event:download', { format: 'csv', target: 'dashboard' });
    else send('svc:event:view', { surface: 'dashboard', path: `/p/${i}` });
  }
  const result = { host: host - base.host, sibling: sibling - base.sibling };
  root.unmount();
  container.remove();
  return result;
}

let cycleRoot: Root | undefined;
/** Mounts and unmounts `<SvcDashboard>` `n` times; returns what is left behind. */
async function cycles(n: number): Promise<{ routes: number; listening: boolean; registry: number; iframes: number }> {
  const container = document.createElement('div');
  document.body.append(container);
  cycleRoot = createRoot(container);
  for (let i = 0; i < n; i++) {
    flushSync(() => cycleRoot?.render(<SvcDashboard tenantOrigin={TENANT} publicId="sales" colorScheme="dark" filters={{ 'orders.region': { value: i } }} />));
    flushSync(() => cycleRoot?.render(null));
  }
  cycleRoot.unmount();
  container.remove();
  await new Promise((resolve) => setTimeout(resolve, 0));
  return { ...getMessageRouterStats(), registry: embedRegistry.getSnapshot().size, iframes: document.querySelectorAll('iframe').length };
}

/** Mount-to-dashboard-loaded through the component, or through a bare iframe and a raw listener. */
function mountToLoaded(kind: 'component' | 'bare', tenant: string): Promise<number> {
  return new Promise((resolve) => {
    const container = document.createElement('div');
    document.body.append(container);
    const root = createRoot(container);
    const start = performance.now();
    const done = () => {
      const elapsed = performance.now() - start;
      queueMicrotask(() => {
        root.unmount();
        container.remove();
      });
      resolve(elapsed);
    };
    if (kind === 'component') {
      root.render(<SvcDashboard tenantOrigin={tenant} publicId="sales-overview" onDashboardLoaded={done} style={{ height: 600 }} />);
    } else {
      function Bare() {
        useEffect(() => {
          const listener = (event: MessageEvent) => {
            if (event.origin === tenant && (event.data as { type?: string }).type === 'svc:event:dashboard-loaded') {
              window.removeEventListener('message', listener);
              done();
            }
          };
          window.addEventListener('message', listener);
          return () => window.removeEventListener('message', listener);
        }, []);
        return <iframe title="bare" src={`${tenant}/embed/dashboard/sales-overview`} style={{ height: 600, width: '100%', border: 0 }} />;
      }
      root.render(<Bare />);
    }
  });
}

/** Unmounts the embed of the last `readyThenAction`. */
let unmountLatencyEmbed = (): void => {};

/**
 * Mounts a dashboard with a queued action. Resolves with the ready envelope's timestamp (stamped in the
 * embed) and the time the host spent from receiving `ready` to having flushed the queue (its `onReady` runs
 * right after the flush).
 */
function readyThenAction(tenant: string): Promise<{ readyAt: number; hostFlushMs: number }> {
  return new Promise((resolve) => {
    let receivedAt = 0;
    const first = (event: MessageEvent) => {
      if ((event.data as { type?: string }).type === 'svc:event:ready') receivedAt = performance.now();
    };
    // Capture phase on window: runs before the library's listener.
    window.addEventListener('message', first, { capture: true });
    const container = document.createElement('div');
    document.body.append(container);
    const root = createRoot(container);
    root.render(
      <SvcDashboard
        tenantOrigin={tenant}
        publicId="sales-overview"
        colorScheme="dark"
        onReady={(_payload, message) => {
          const hostFlushMs = performance.now() - receivedAt;
          window.removeEventListener('message', first, { capture: true });
          resolve({ readyAt: message.timestamp, hostFlushMs });
          // Unmounted by the runner once it has read the first action's arrival inside the frame: a fixed
          // delay would detach the frame first on a busy machine.
          unmountLatencyEmbed = () => {
            root.unmount();
            container.remove();
          };
        }}
      />,
    );
  });
}

Object.assign(window, {
  bench: {
    dispatch,
    renders,
    cycles,
    mountToLoaded,
    readyThenAction,
    unmountLatencyEmbed: () => unmountLatencyEmbed(),
    keepAliveStart,
    keepAliveRevisit,
    keepAliveStop,
    freshMount,
    preloadAndWait,
    mountPreloaded,
  },
});
document.title = 'bench ready';
