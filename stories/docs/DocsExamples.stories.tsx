import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import {
  type ColorScheme,
  type GetSession,
  SvcApp,
  SvcChat,
  SvcDashboard,
  SvcProvider,
  useSvcActions,
  useSvcEmbed,
  useSvcEvents,
} from '../../src/index.js';
import { EMULATOR_URL } from '../support/emulatorUrl.js';

/**
 * The live examples of the docs pages: each is small and shows one idea, against the emulator `npm start`
 * runs. They are hidden from the sidebar (the pages show them) and carry no corner inspector, since a docs
 * page shows several of them at once.
 */
const meta: Meta = {
  title: 'Docs/Examples',
  tags: ['!dev'],
  parameters: { devtools: false, layout: 'padded' },
};
export default meta;

type Story = StoryObj;

const frame = { height: 520, border: '1px solid #dde1ea', borderRadius: 8, overflow: 'hidden' } as const;
const bar = { display: 'flex', flexWrap: 'wrap', gap: 8, alignItems: 'center', marginBottom: 8, fontFamily: 'system-ui, sans-serif' } as const;

/**
 * The playground's backend stands in for an app's: it mints a session with the server client and answers
 * only the session id. Declared once, outside any component, so its identity never changes.
 */
const getSession: GetSession = async ({ signal }) => {
  const response = await fetch('/playground-api/session', { method: 'POST', signal });
  // A static build has no backend: whatever serves it answers with a page, not JSON.
  if (!response.headers.get('content-type')?.includes('application/json')) {
    throw new Error('Signed examples need the backend `npm start` runs beside the docs.');
  }
  const body = (await response.json()) as { sessionId?: string; error?: string };
  if (!response.ok || body.sessionId === undefined) throw new Error(body.error ?? `the backend answered ${response.status}`);
  return body.sessionId;
};

/** The first embed of the getting-started page: a published dashboard, private mode, three props. */
export const FirstDashboard: Story = {
  render: () => (
    <SvcDashboard
      embedId="docs-first"
      tenantOrigin={EMULATOR_URL}
      publicId="sales-overview"
      loading={<p style={{ padding: 24 }}>Loading the dashboard…</p>}
      style={frame}
    />
  ),
};

/** A signed dashboard: every load gets a new single-use session from the backend through `getSession`. */
export const SignedDashboard: Story = {
  render: () => (
    <SvcDashboard
      embedId="docs-signed"
      tenantOrigin={EMULATOR_URL}
      publicId="sales-overview"
      getSession={getSession}
      errorFallback={(error, retry) => (
        <p role="status" style={{ padding: 24 }}>
          {error.message}{' '}
          <button type="button" onClick={retry}>
            Try again
          </button>
        </p>
      )}
      loading={<p style={{ padding: 24 }}>Loading the dashboard…</p>}
      style={frame}
    />
  ),
};

const HOME = '/embed/d/42/app';

function CreatorApp() {
  const [path, setPath] = useState(HOME);
  return (
    <div>
      <nav aria-label="App pages" style={bar}>
        {[HOME, `${HOME}/workbook/130`, `${HOME}/folder/7`].map((target) => (
          <button key={target} type="button" aria-pressed={target === path} onClick={() => setPath(target)}>
            {target.replace(HOME, '') || 'home'}
          </button>
        ))}
        <span>
          path: <code>{path}</code>
        </span>
      </nav>
      <SvcApp
        embedId="docs-app"
        tenantOrigin={EMULATOR_URL}
        deploymentId={42}
        getSession={getSession}
        path={path}
        onNavigate={(payload) => setPath(payload.path)}
        loading={<p style={{ padding: 24 }}>Loading the app…</p>}
        style={frame}
      />
    </div>
  );
}

/** The creator-mode app, signed, with its path kept in app state and mirrored from the embed's navigation. */
export const App: Story = { render: () => <CreatorApp /> };

/** The AI chat with a theme, a locale and its history hidden. */
export const Chat: Story = {
  render: () => (
    <SvcChat
      embedId="docs-chat"
      tenantOrigin={EMULATOR_URL}
      locale="de-DE"
      theme={{ primaryColor: '#0b5fff', chat: { inputColor: '#f4f6fb' } }}
      showChatHistory={false}
      loading={<p style={{ padding: 24 }}>Loading the chat…</p>}
      style={frame}
    />
  ),
};

const REGIONS = ['all', 'EU', 'US', 'APAC'] as const;

function ControlledDashboard() {
  const [scheme, setScheme] = useState<ColorScheme>('light');
  const [region, setRegion] = useState<(typeof REGIONS)[number]>('all');
  return (
    <div>
      <div style={bar}>
        <button type="button" aria-pressed={scheme === 'dark'} onClick={() => setScheme(scheme === 'dark' ? 'light' : 'dark')}>
          Dark
        </button>
        {REGIONS.map((name) => (
          <button key={name} type="button" aria-pressed={region === name} onClick={() => setRegion(name)}>
            {name === 'all' ? 'All regions' : name}
          </button>
        ))}
      </div>
      <SvcDashboard
        embedId="docs-controlled"
        tenantOrigin={EMULATOR_URL}
        publicId="sales-overview"
        colorScheme={scheme}
        filters={region === 'all' ? {} : { 'orders.region': { value: region } }}
        loading={<p style={{ padding: 24 }}>Loading the dashboard…</p>}
        style={frame}
      />
    </div>
  );
}

/** Colour scheme and a filter held in app state: each change is one action, and the iframe never reloads. */
export const ControlledProps: Story = { render: () => <ControlledDashboard /> };

function Toolbar() {
  const status = useSvcEmbed('docs-hooks', (state) => state.status);
  const actions = useSvcActions('docs-hooks');
  const [clicks, setClicks] = useState<string[]>([]);
  useSvcEvents('svc:event:drilldown', (payload) => setClicks((list) => [`${payload.member} = ${String(payload.value)}`, ...list].slice(0, 5)), {
    embedId: 'docs-hooks',
  });
  return (
    <div style={bar}>
      <span role="status">
        status: <code>{status}</code>
      </span>
      <button type="button" onClick={() => actions.setFilter('orders.region', { value: 'EU' })}>
        Europe only
      </button>
      <button type="button" onClick={() => actions.setFilter('orders.region', null)}>
        Every region
      </button>
      <button type="button" onClick={() => actions.refresh()}>
        Refresh
      </button>
      <span>last bars clicked: {clicks.length === 0 ? 'none yet' : clicks.join(', ')}</span>
    </div>
  );
}

/** A toolbar outside the embed: it reads the status, sends actions and hears drill-downs through hooks. */
export const Hooks: Story = {
  render: () => (
    <div>
      <Toolbar />
      <SvcDashboard
        embedId="docs-hooks"
        tenantOrigin={EMULATOR_URL}
        publicId="sales-overview"
        loading={<p style={{ padding: 24 }}>Loading the dashboard…</p>}
        style={frame}
      />
    </div>
  ),
};

function SharedSettings() {
  const [dark, setDark] = useState(false);
  const [locale, setLocale] = useState('en-US');
  return (
    <SvcProvider tenantOrigin={EMULATOR_URL} colorScheme={dark ? 'dark' : 'light'} locale={locale}>
      <div style={bar}>
        <button type="button" aria-pressed={dark} onClick={() => setDark(!dark)}>
          Dark
        </button>
        <label>
          Locale{' '}
          <select value={locale} onChange={(event) => setLocale(event.target.value)}>
            {['en-US', 'de-DE', 'fr-FR', 'ja-JP'].map((tag) => (
              <option key={tag}>{tag}</option>
            ))}
          </select>
        </label>
      </div>
      <div style={{ display: 'grid', gridTemplateColumns: 'minmax(0, 3fr) minmax(0, 2fr)', gap: 12 }}>
        <SvcDashboard embedId="docs-provider-dashboard" publicId="sales-overview" style={frame} />
        {/* Its own colour scheme wins over the provider's. */}
        <SvcChat embedId="docs-provider-chat" colorScheme="light" style={frame} />
      </div>
    </SvcProvider>
  );
}

/** One provider's tenant, colour scheme and locale reach a dashboard and a chat; the chat keeps its own scheme. */
export const Provider: Story = { render: () => <SharedSettings /> };
