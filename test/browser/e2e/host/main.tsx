// A host app for the end-to-end suite: it renders the library as users import it (the built package) and
// exposes what happened on `window` for the test to read.
import { StrictMode, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import {
  type EmbedDebugReport,
  getMessageRouterStats,
  SvcApp,
  SvcChat,
  SvcDashboard,
  type SvcEventMessage,
  useSvcEmbed,
  useSvcEvents,
} from 'svc-embed-react';

interface HostWindow extends Window {
  __events: { embedId: string; type: string; payload: unknown }[];
  __hookEvents: { embedId: string; type: string }[];
  __debug: EmbedDebugReport[];
  __setProps?: (props: Record<string, unknown>) => void;
  __setMounted?: (mounted: boolean) => void;
  __stats: () => { routes: number; listening: boolean };
  __addForeignFrame: (src: string) => void;
}
const w = window as unknown as HostWindow;
w.__events = [];
w.__hookEvents = [];
w.__debug = [];
w.__stats = getMessageRouterStats;
w.__addForeignFrame = (src) => {
  const frame = document.createElement('iframe');
  frame.src = src;
  frame.id = 'foreign';
  document.body.append(frame);
};

const params = new URLSearchParams(location.search);
const tenant = params.get('tenant') ?? '';
const scenario = params.get('scenario') ?? 'dashboard';
const initialProps = JSON.parse(params.get('props') ?? '{}') as Record<string, unknown>;

const record = (embedId: string) => (message: SvcEventMessage) => {
  w.__events.push({ embedId, type: message.type, payload: message.payload });
};
const debug = (report: EmbedDebugReport) => {
  w.__debug.push({ ...report, data: undefined });
};
const frameStyle = { height: 520, width: 900, border: '1px solid #ccd' } as const;

function Status({ embedId }: { embedId: string }) {
  const status = useSvcEmbed(embedId, (state) => state.status);
  const path = useSvcEmbed(embedId, (state) => state.path);
  return (
    <p>
      <output id={`status-${embedId}`}>{status}</output> <output id={`path-${embedId}`}>{path ?? ''}</output>
    </p>
  );
}

function Hooks() {
  useSvcEvents({
    'svc:event:ready': (_p, _m, embedId) => w.__hookEvents.push({ embedId, type: 'svc:event:ready' }),
    'svc:event:view': (_p, _m, embedId) => w.__hookEvents.push({ embedId, type: 'svc:event:view' }),
    'svc:event:dashboard-loaded': (_p, _m, embedId) => w.__hookEvents.push({ embedId, type: 'svc:event:dashboard-loaded' }),
  });
  return null;
}

function Host() {
  const [props, setProps] = useState(initialProps);
  const [mounted, setMounted] = useState(true);
  useEffect(() => {
    w.__setProps = (next) => setProps((current) => ({ ...current, ...next }));
    w.__setMounted = setMounted;
  }, []);
  if (!mounted) return <Hooks />;
  if (scenario === 'two') {
    return (
      <>
        <Hooks />
        <SvcDashboard embedId="a" tenantOrigin={tenant} publicId="sales-overview" onEvent={record('a')} onDebug={debug} style={frameStyle} {...props} />
        <Status embedId="a" />
        <SvcDashboard embedId="b" tenantOrigin={tenant} publicId="sales-overview" onEvent={record('b')} onDebug={debug} style={frameStyle} />
        <Status embedId="b" />
      </>
    );
  }
  const common = { embedId: 'main', tenantOrigin: tenant, onEvent: record('main'), onDebug: debug, style: frameStyle };
  return (
    <>
      <Hooks />
      {scenario === 'dashboard' && <SvcDashboard publicId="sales-overview" {...common} {...props} />}
      {scenario === 'chat' && <SvcChat {...common} {...props} />}
      {scenario === 'app' && <SvcApp deploymentId={42} {...common} {...(props as { session: string })} />}
      <Status embedId="main" />
    </>
  );
}

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <Host />
  </StrictMode>,
);
