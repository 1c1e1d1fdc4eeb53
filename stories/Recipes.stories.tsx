import type { Meta, StoryObj } from '@storybook/react-vite';
import { useEffect, useState } from 'react';
import { SvcDashboard } from '../src/index.js';
import { EMULATOR_URL } from './support/emulatorUrl.js';
import { EventLog } from './support/EventLog.js';
import { usePlaygroundApi } from './support/usePlaygroundApi.js';

// The first of the recipes in the sidebar; the id keeps the stories' addresses (recipes--...) as they were.
const meta: Meta = { title: 'Recipes/App state and errors', id: 'recipes' };
export default meta;

const frame = { height: 560, border: '1px solid #dde1ea', borderRadius: 8, overflow: 'hidden' } as const;
const page = { padding: 16, fontFamily: 'system-ui, sans-serif' } as const;

/** The region filter lives in app state: the select drives the embed, and a click on a bar drives the select. */
function ControlledFilter() {
  const [region, setRegion] = useState<string>('all');
  return (
    <div style={page}>
      <label>
        Region{' '}
        <select value={region} onChange={(event) => setRegion(event.target.value)}>
          {['all', 'EU', 'US', 'APAC', 'LATAM'].map((r) => (
            <option key={r}>{r}</option>
          ))}
        </select>
      </label>{' '}
      <small>(or click a bar of “Revenue by region”)</small>
      <SvcDashboard
        embedId="controlled"
        tenantOrigin={EMULATOR_URL}
        publicId="sales-overview"
        filters={region === 'all' ? {} : { 'orders.region': { value: region } }}
        onDrilldown={(payload) => {
          if (typeof payload.value === 'string' && ['EU', 'US', 'APAC', 'LATAM'].includes(payload.value)) setRegion(payload.value);
        }}
        style={frame}
      />
    </div>
  );
}
export const ControlledFilterInAppState: StoryObj = { render: () => <ControlledFilter /> };

/** Two dashboards of the same tenant: each gets only its own events. */
export const TwoDashboardsSideBySide: StoryObj = {
  render: () => (
    <div style={{ ...page, display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 16 }}>
      <div>
        <SvcDashboard embedId="left" tenantOrigin={EMULATOR_URL} publicId="sales-overview" filters={{ 'orders.region': { value: 'EU' } }} style={frame} />
        <EventLog embedId="left" limit={8} />
      </div>
      <div>
        <SvcDashboard embedId="right" tenantOrigin={EMULATOR_URL} publicId="sales-overview" colorScheme="dark" filters={{ 'orders.region': { value: 'US' } }} style={frame} />
        <EventLog embedId="right" limit={8} />
      </div>
    </div>
  ),
};

/** Publish a workbook and mint a session on the backend (server client -> emulator), then embed it. */
function PublishThenEmbed() {
  const [run, setRun] = useState(0);
  const published = usePlaygroundApi<{ publicId: string; versionNumber: number; sessionId: string }>('/publish', run);
  return (
    <div style={page}>
      <button type="button" onClick={() => setRun((n) => n + 1)}>
        Publish again
      </button>{' '}
      {published === null && <span>Publishing…</span>}
      {published !== null && 'error' in published && <span role="alert">{published.error}</span>}
      {published !== null && 'value' in published && (
        <>
          <span>
            Published <code>{published.value.publicId}</code>, version {published.value.versionNumber}
          </span>
          <SvcDashboard tenantOrigin={EMULATOR_URL} publicId={published.value.publicId} session={published.value.sessionId} style={frame} />
        </>
      )}
    </div>
  );
}
export const PublishThenEmbedFlow: StoryObj = { render: () => <PublishThenEmbed /> };

/** An expired or used session: the embed reports a fatal error and the fallback shows. */
export const ErrorStateExpiredSession: StoryObj = {
  render: () => (
    <div style={page}>
      <SvcDashboard
        tenantOrigin={EMULATOR_URL}
        publicId="sales-overview"
        session="ses_expired_or_already_used"
        errorFallback={(error) => (
          <div role="alert" style={{ padding: 24, background: '#fff4f4', color: '#8a1f1f', height: '100%' }}>
            <strong>The dashboard could not be shown.</strong>
            <p>{error.message}</p>
          </div>
        )}
        style={frame}
      />
    </div>
  ),
};

/** The embed follows the app's own dark mode (here: the OS preference, or the toggle). */
function DarkModeFollowsApp() {
  const query = typeof window === 'undefined' ? null : window.matchMedia('(prefers-color-scheme: dark)');
  const [dark, setDark] = useState(query?.matches ?? false);
  useEffect(() => {
    if (!query) return;
    const follow = (event: MediaQueryListEvent) => setDark(event.matches);
    query.addEventListener('change', follow);
    return () => query.removeEventListener('change', follow);
  }, [query]);
  return (
    <div style={{ ...page, background: dark ? '#14161c' : '#fff', color: dark ? '#e8eaf0' : '#14161c', minHeight: '100vh' }}>
      <label>
        <input type="checkbox" checked={dark} onChange={(event) => setDark(event.target.checked)} /> Dark app
      </label>
      <SvcDashboard tenantOrigin={EMULATOR_URL} publicId="sales-overview" colorScheme={dark ? 'dark' : 'light'} style={frame} />
    </div>
  );
}
export const DarkModeFollowingTheApp: StoryObj = { render: () => <DarkModeFollowsApp /> };
