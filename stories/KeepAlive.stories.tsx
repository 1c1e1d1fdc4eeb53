import type { Meta, StoryObj } from '@storybook/react-vite';
import { type KeyboardEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { type GetSession, SvcApp, SvcChat, SvcDashboard, useSvcEvents } from '../src/index.js';
import { embedParking, keepAlive as keptAlive, preloadEmbed } from '../src/keepAlive/index.js';
import { EMULATOR_URL } from './support/emulatorUrl.js';
import { Figures } from './support/Figures.js';
import { retryFallback } from './support/retryFallback.js';
import { usePlaygroundSessions } from './support/usePlaygroundSessions.js';

// Under Recipes in the sidebar; the id keeps the stories' addresses (keep-alive--...) as they were.
const meta: Meta = { title: 'Recipes/Keep-alive', id: 'keep-alive' };
export default meta;

const frame = { height: 520, border: '1px solid #dde1ea', borderRadius: 8, overflow: 'hidden' } as const;
const page = { padding: 16, fontFamily: 'system-ui, sans-serif' } as const;

/**
 * Empties the page's parking lot when the story goes away, so embeds a story kept alive do not linger under
 * the next story. Deferred by a task: the story's embeds park themselves during the same unmount, after this
 * (outer) component's cleanup has run.
 */
function useClearParkingOnExit(): void {
  useEffect(() => () => void setTimeout(() => embedParking.clear(), 0), []);
}

/** Ready events (one per embed document load) by embed id, counted from every embed on the page. */
function useReadyCounts(): Readonly<Record<string, number>> {
  const [counts, setCounts] = useState<Readonly<Record<string, number>>>({});
  useSvcEvents('svc:event:ready', (_payload, _message, embedId) => setCounts((c) => ({ ...c, [embedId]: (c[embedId] ?? 0) + 1 })));
  return counts;
}

interface Tab {
  readonly id: string;
  readonly label: string;
  readonly render: (embedId: string, keepAlive: boolean, getSession: GetSession) => ReactNode;
}

const TABS: readonly Tab[] = [
  {
    id: 'dashboard',
    label: 'Dashboard',
    render: (embedId, keepAlive, getSession) => (
      <SvcDashboard embedId={embedId} keepAlive={keepAlive ? keptAlive : undefined} tenantOrigin={EMULATOR_URL} publicId="sales-overview" getSession={getSession} errorFallback={retryFallback} style={frame} />
    ),
  },
  {
    id: 'chat',
    label: 'Chat',
    render: (embedId, keepAlive, getSession) => (
      <SvcChat embedId={embedId} keepAlive={keepAlive ? keptAlive : undefined} tenantOrigin={EMULATOR_URL} getSession={getSession} errorFallback={retryFallback} style={frame} />
    ),
  },
  {
    id: 'app',
    label: 'App',
    render: (embedId, keepAlive, getSession) => (
      <SvcApp embedId={embedId} keepAlive={keepAlive ? keptAlive : undefined} tenantOrigin={EMULATOR_URL} deploymentId={42} getSession={getSession} errorFallback={retryFallback} style={frame} />
    ),
  },
];

function KeepAliveTabs({ keepAlive }: { readonly keepAlive: boolean }) {
  useClearParkingOnExit();
  const sessions = usePlaygroundSessions();
  const loads = useReadyCounts();
  const [active, setActive] = useState(TABS[0]?.id ?? '');
  const [visits, setVisits] = useState<Readonly<Record<string, number>>>({ [active]: 1 });
  const tabRefs = useRef<Record<string, HTMLButtonElement | null>>({});
  // The two stories use different embed ids, so one never takes the other's parked embeds.
  const prefix = keepAlive ? 'kept' : 'plain';
  const open = (id: string) => {
    if (id === active) return;
    setActive(id);
    setVisits((v) => ({ ...v, [id]: (v[id] ?? 0) + 1 }));
  };
  // Arrow keys move between tabs, as in any tab list.
  const onKeyDown = (event: KeyboardEvent) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (step === 0) return;
    const index = TABS.findIndex((t) => t.id === active);
    const next = TABS[(index + step + TABS.length) % TABS.length];
    if (!next) return;
    open(next.id);
    tabRefs.current[next.id]?.focus();
  };
  const current = TABS.find((t) => t.id === active);
  return (
    <div style={page}>
      <p style={{ margin: 0, maxWidth: 760 }}>
        {keepAlive
          ? 'With keepAlive, a tab left is parked, not destroyed: coming back shows it at once, with no new load and no new session.'
          : 'Without keepAlive, every visit to a tab loads its embed again, with a new session.'}{' '}
        Switch tabs and compare visits with loads.
      </p>
      <div role="tablist" aria-label="Embeds" style={{ display: 'flex', gap: 4, margin: '12px 0 0' }}>
        {TABS.map((tab) => (
          <button
            key={tab.id}
            ref={(element) => {
              tabRefs.current[tab.id] = element;
            }}
            type="button"
            role="tab"
            id={`${prefix}-tab-${tab.id}`}
            aria-selected={tab.id === active}
            aria-controls={`${prefix}-panel`}
            tabIndex={tab.id === active ? 0 : -1}
            onClick={() => open(tab.id)}
            onKeyDown={onKeyDown}
            style={{ padding: '6px 14px', fontWeight: tab.id === active ? 700 : 400, borderBottom: tab.id === active ? '3px solid #3b5bdb' : '3px solid transparent' }}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <table style={{ borderCollapse: 'collapse', margin: '12px 0', fontSize: 14 }}>
        <caption style={{ textAlign: 'left', fontWeight: 700 }}>{keepAlive ? 'With keepAlive' : 'Without keepAlive'}</caption>
        <thead>
          <tr>
            {['Tab', 'Visits', 'Document loads', 'Sessions'].map((h) => (
              <th key={h} scope="col" style={{ textAlign: 'left', padding: '2px 12px 2px 0' }}>
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {TABS.map((tab) => {
            const embedId = `${prefix}-${tab.id}`;
            return (
              <tr key={tab.id} data-testid={`row-${tab.id}`}>
                <th scope="row" style={{ textAlign: 'left', fontWeight: 400, padding: '2px 12px 2px 0' }}>
                  {tab.label}
                </th>
                <td data-testid="visits">{visits[tab.id] ?? 0}</td>
                <td data-testid="loads">{loads[embedId] ?? 0}</td>
                <td data-testid="sessions">{sessions.count({ embedId })}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <div role="tabpanel" id={`${prefix}-panel`} aria-labelledby={`${prefix}-tab-${active}`}>
        {current?.render(`${prefix}-${current.id}`, keepAlive, sessions.getSession)}
      </div>
    </div>
  );
}

/**
 * Tabs of a dashboard, a chat and the app, each with `keepAlive`: a tab's embed loads once (one `ready`, one
 * session) however often it is visited. Loads are `svc:event:ready` events counted per `embedId` with
 * `useSvcEvents`.
 */
export const TabsWithKeepAlive: StoryObj = { render: () => <KeepAliveTabs keepAlive /> };

/** The same tabs without `keepAlive`: every visit is a new load and a new session. */
export const TabsWithoutKeepAlive: StoryObj = { render: () => <KeepAliveTabs keepAlive={false} /> };

function PreloadOnHoverDemo() {
  useClearParkingOnExit();
  const sessions = usePlaygroundSessions();
  const loads = useReadyCounts();
  const [preloaded, setPreloaded] = useState(false);
  const [shown, setShown] = useState(false);
  const preload = () => {
    if (preloaded) return;
    setPreloaded(true);
    // The same identity as the embed below (surface, tenant, publicId, embedId), so it takes this preload.
    preloadEmbed({ surface: 'dashboard', tenantOrigin: EMULATOR_URL, publicId: 'sales-overview', embedId: 'preloaded-sales', getSession: sessions.getSession });
  };
  return (
    <div style={page}>
      <p style={{ margin: 0, maxWidth: 760 }}>
        Hovering (or focusing) the button preloads the dashboard hidden, with its session; clicking shows it ready at
        once, with no second load. Close and open it again: it was kept alive.
      </p>
      <div style={{ display: 'flex', gap: 8, margin: '8px 0' }}>
        <button type="button" onMouseEnter={preload} onFocus={preload} onClick={() => setShown((s) => !s)} aria-expanded={shown}>
          {shown ? 'Close sales dashboard' : 'Open sales dashboard'}
        </button>
      </div>
      <Figures
        label="Preload figures"
        figures={[
          { label: 'Preloaded', value: preloaded ? 'yes' : 'no', testId: 'preloaded' },
          { label: 'Sessions fetched', value: sessions.count(), testId: 'sessions' },
          { label: 'Document loads', value: loads['preloaded-sales'] ?? 0, testId: 'loads' },
        ]}
      />
      {shown && (
        <SvcDashboard
          embedId="preloaded-sales"
          keepAlive={keptAlive}
          tenantOrigin={EMULATOR_URL}
          publicId="sales-overview"
          getSession={sessions.getSession}
          errorFallback={retryFallback}
          style={frame}
        />
      )}
    </div>
  );
}

/**
 * "Preload" on hover: `preloadEmbed` starts the dashboard's load when the pointer reaches the button; the
 * `keepAlive` embed mounted on click takes the preloaded one, so it shows at once and loads only once.
 */
export const PreloadOnHover: StoryObj = { render: () => <PreloadOnHoverDemo /> };
