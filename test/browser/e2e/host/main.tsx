// A host app for the end-to-end suite: it renders the library as users import it (the built package) and
// exposes what happened on `window` for the test to read.
import { Activity, StrictMode, useCallback, useEffect, useState } from 'react';
import { flushSync } from 'react-dom';
import { embedParking, keepAlive, preloadEmbed } from 'svc-embed-react/keep-alive';
import { createRoot } from 'react-dom/client';
import {
  type EmbedDebugReport,
  getMessageRouterStats,
  type SessionRequest,
  SvcApp,
  SvcChat,
  SvcDashboard,
  type SvcEventMessage,
  SvcProvider,
  useSvcActions,
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
  /** Provided by the test (through Playwright): mints a session on the emulator, from Node. */
  mintSession?: (surface: string) => Promise<string>;
  __sessionRequests: { embedId: string; reason: string }[];
  __navigate?: (path: string) => void;
  __preload?: (embedId: string, tenantOrigin?: string) => void;
  __parking: () => { parked: number; iframes: number; routes: number; listening: boolean };
  __configureParking: (maxParked: number) => void;
}
const w = window as unknown as HostWindow;
w.__events = [];
w.__hookEvents = [];
w.__debug = [];
w.__sessionRequests = [];
w.__parking = () => ({ parked: embedParking.size, iframes: document.querySelectorAll('iframe').length, ...getMessageRouterStats() });
w.__configureParking = (maxParked) => embedParking.configure({ maxParked });
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

/** An app's toolbar that sends without naming an embed. */
function Unaddressed() {
  const actions = useSvcActions();
  useEffect(() => {
    (window as unknown as { __sendUnaddressed: (email: string) => void }).__sendUnaddressed = (email) =>
      actions.setFilter('orders.status', { value: email });
  }, [actions]);
  return null;
}

/** Sends in-embed navigation the way an app's own button would (not a controlled prop). */
function Navigator() {
  const actions = useSvcActions('main');
  useEffect(() => {
    w.__navigate = actions.navigate;
  }, [actions]);
  return null;
}

/**
 * Signed embeds as an app builds them: a provider with getSession (here backed by the test, which mints on
 * the emulator), the embed mounted and unmounted by the app, and a dark page with a dark loading layer.
 */
function Lifecycle({ props, mounted }: { props: Record<string, unknown>; mounted: boolean }) {
  const getSession = useCallback(async (request: SessionRequest) => {
    w.__sessionRequests.push({ embedId: request.embedId, reason: request.reason });
    if (!w.mintSession) throw new Error('no session source');
    return w.mintSession(request.surface);
  }, []);
  const dark = props.colorScheme === 'dark';
  useEffect(() => {
    // Signed app preloads on the emulator; with another tenant, private dashboards (for bulk eviction runs).
    w.__preload = (embedId, tenantOrigin) =>
      void (tenantOrigin === undefined
        ? preloadEmbed({ surface: 'app', tenantOrigin: tenant, deploymentId: 42, embedId, getSession })
        : preloadEmbed({ surface: 'dashboard', tenantOrigin, publicId: 'sales-overview', embedId }));
  }, [getSession]);
  useEffect(() => {
    document.body.style.background = dark ? '#111318' : '';
  }, [dark]);
  const loading = <div style={{ height: '100%', background: dark ? '#111318' : '#fff' }} />;
  const common = { embedId: 'main', onEvent: record('main'), onDebug: debug, style: frameStyle, loading, ...props };
  // `-hidden`: the app hides the embed with <Activity> instead of unmounting it.
  const hides = scenario.endsWith('-hidden');
  const kind = scenario.replace(/-hidden$/, '');
  const embed = (
    <>
      {(mounted || hides) && kind === 'signed-dashboard' && <SvcDashboard publicId="sales-overview" {...common} />}
      {(mounted || hides) && kind.startsWith('signed-app') && <SvcApp deploymentId={42} {...common} />}
    </>
  );
  return (
    <SvcProvider tenantOrigin={tenant} getSession={getSession} keepAlive={kind.endsWith('-kept') ? keepAlive : undefined}>
      <Hooks />
      <Navigator />
      {hides ? <Activity mode={mounted ? 'visible' : 'hidden'}>{embed}</Activity> : embed}
      <Status embedId={typeof props.embedId === 'string' ? props.embedId : 'main'} />
    </SvcProvider>
  );
}

/**
 * Signed embeds left open across many token lives: a dashboard and an app (`renewal`), or `count` dashboards
 * whose tokens end together (`renewal-many`), all with the provider's getSession.
 */
function AppNavigator() {
  const actions = useSvcActions('app');
  useEffect(() => {
    (window as unknown as { __navigateApp: (path: string) => void }).__navigateApp = actions.navigate;
  }, [actions]);
  return null;
}

function Renewal({ count }: { count: number }) {
  const getSession = useCallback(async (request: SessionRequest) => {
    w.__sessionRequests.push({ embedId: request.embedId, reason: request.reason });
    if (!w.mintSession) throw new Error('no session source');
    return w.mintSession(request.surface);
  }, []);
  const small = { height: 160, width: 280 } as const;
  return (
    <SvcProvider tenantOrigin={tenant} getSession={getSession}>
      {count === 0 ? (
        <>
          <SvcDashboard embedId="dash" publicId="sales-overview" onEvent={record('dash')} onDebug={debug} style={frameStyle} />
          <SvcApp embedId="app" deploymentId={42} onEvent={record('app')} onDebug={debug} style={frameStyle} />
          <AppNavigator />
        </>
      ) : (
        Array.from({ length: count }, (_, index) => `d${index}`).map((id) => (
          <SvcDashboard key={id} embedId={id} publicId="sales-overview" onEvent={record(id)} style={small} />
        ))
      )}
    </SvcProvider>
  );
}

/** The most common tab UI: one kept-alive dashboard whose embedId follows the selected tab, between buttons. */
function KeptTabs() {
  const getSession = useCallback(async (request: SessionRequest) => {
    w.__sessionRequests.push({ embedId: request.embedId, reason: request.reason });
    if (!w.mintSession) throw new Error('no session source');
    return w.mintSession(request.surface);
  }, []);
  const [tab, setTab] = useState('a');
  useEffect(() => {
    (window as unknown as { __setTab: (tab: string) => void }).__setTab = (next) => flushSync(() => setTab(next));
  }, []);
  return (
    <SvcProvider tenantOrigin={tenant} getSession={getSession} keepAlive={keepAlive}>
      <button type="button">before</button>
      <SvcDashboard publicId="sales-overview" embedId={`tab-${tab}`} onEvent={record(`tab-${tab}`)} onDebug={debug} style={frameStyle} />
      <button type="button">after</button>
    </SvcProvider>
  );
}

function Host() {
  const [props, setProps] = useState(initialProps);
  const [mounted, setMounted] = useState(params.get('mounted') !== '0');
  useEffect(() => {
    w.__setProps = (next) => setProps((current) => ({ ...current, ...next }));
    // Synchronous, so a test can time what the library does after the mount, not React's scheduling.
    w.__setMounted = (on) => flushSync(() => setMounted(on));
  }, []);
  if (scenario.startsWith('signed-')) return <Lifecycle props={props} mounted={mounted} />;
  if (scenario.startsWith('renewal')) return <Renewal count={Number(params.get('count') ?? 0)} />;
  if (scenario === 'kept-tabs') return <KeptTabs />;
  if (scenario === 'two-tenants') {
    // Two tenants' embeds mounting together, after the app sent an action without an embedId.
    const partner = params.get('partner') ?? '';
    return (
      <>
        <Unaddressed />
        {mounted && (
          <>
            <SvcDashboard embedId="ours" tenantOrigin={tenant} publicId="sales-overview" onEvent={record('ours')} onDebug={debug} style={frameStyle} />
            <SvcDashboard embedId="partner" tenantOrigin={partner} publicId="sales-overview" onEvent={record('partner')} onDebug={debug} style={frameStyle} />
          </>
        )}
      </>
    );
  }
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
  // `nodebug`: an app that does not listen for debug reports.
  const common = { embedId: 'main', tenantOrigin: tenant, onEvent: record('main'), onDebug: params.has('nodebug') ? undefined : debug, style: frameStyle };
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
