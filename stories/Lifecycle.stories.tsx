import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { type ColorScheme, SvcApp, SvcChat, SvcDashboard, SvcProvider } from '../src/index.js';
import { EMULATOR_URL } from './support/emulatorUrl.js';
import { expireEmbedTokens } from './support/expireEmbedTokens.js';
import { Figures } from './support/Figures.js';
import { retryFallback } from './support/retryFallback.js';
import { usePlaygroundSessions } from './support/usePlaygroundSessions.js';

// Under Recipes in the sidebar; the id keeps the stories' addresses (lifecycle--...) as they were.
const meta: Meta = { title: 'Recipes/Lifecycle', id: 'lifecycle' };
export default meta;

const frame = { height: 520, border: '1px solid #dde1ea', borderRadius: 8, overflow: 'hidden' } as const;
const page = { padding: 16, fontFamily: 'system-ui, sans-serif' } as const;
const toolbar = { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 8, margin: '8px 0' } as const;

/** Counts what an embed reported: ready events, and errors with the last one's text. */
function useReports() {
  const [ready, setReady] = useState(0);
  const [errors, setErrors] = useState<readonly string[]>([]);
  return {
    ready,
    errors,
    onReady: () => setReady((n) => n + 1),
    onError: (payload: { readonly name?: string | undefined; readonly message: string }) =>
      setErrors((list) => [...list, payload.name === undefined ? payload.message : `${payload.name}: ${payload.message}`]),
  };
}

function Remount() {
  const sessions = usePlaygroundSessions();
  const reports = useReports();
  const [mounted, setMounted] = useState(true);
  const [mounts, setMounts] = useState(1);
  const mount = () => {
    setMounted(true);
    setMounts((n) => n + 1);
  };
  return (
    <div style={page}>
      <p style={{ margin: 0, maxWidth: 760 }}>
        Sessions are single-use. With <code>getSession</code>, every mount asks for a new one, so unmounting and mounting
        again never loads a spent session.
      </p>
      <div style={toolbar}>
        <button type="button" onClick={() => (mounted ? setMounted(false) : mount())}>
          {mounted ? 'Unmount' : 'Mount'}
        </button>
        <button type="button" onClick={mount}>
          Remount
        </button>
      </div>
      <Figures
        label="Remount figures"
        figures={[
          { label: 'Mounts', value: mounts, testId: 'mounts' },
          { label: 'Sessions fetched', value: sessions.count(), testId: 'sessions' },
          { label: 'Ready events', value: reports.ready, testId: 'ready' },
          { label: 'Errors', value: reports.errors.length, testId: 'errors' },
        ]}
      />
      {reports.errors.length > 0 && <p role="alert">Last error: {reports.errors.at(-1)}</p>}
      {mounted ? (
        <SvcDashboard
          // A new key is a new mount: the remount button unmounts and mounts in one render.
          key={mounts}
          embedId="remount"
          tenantOrigin={EMULATOR_URL}
          publicId="sales-overview"
          getSession={sessions.getSession}
          onReady={reports.onReady}
          onError={reports.onError}
          errorFallback={retryFallback}
          style={frame}
        />
      ) : (
        <div style={{ ...frame, display: 'grid', placeItems: 'center', color: '#4a5060' }}>Unmounted</div>
      )}
    </div>
  );
}

/**
 * A signed dashboard with `getSession`, unmounted and mounted on demand: each mount fetches a new session and
 * gets one `ready`; no "session already used" error, however often it remounts.
 */
export const RemountWithGetSession: StoryObj = { render: () => <Remount /> };

function Renewal() {
  const sessions = usePlaygroundSessions();
  const reports = useReports();
  const [scheme, setScheme] = useState<'light' | 'dark'>('light');
  const [expiry, setExpiry] = useState('');
  const expire = () => {
    setExpiry('Expiring…');
    expireEmbedTokens().then(
      (count) => setExpiry(`Expired ${count} embed token${count === 1 ? '' : 's'}: the next action renews the session.`),
      (error: unknown) => setExpiry(`Could not expire: ${error instanceof Error ? error.message : String(error)}`),
    );
  };
  return (
    <div style={page}>
      <p style={{ margin: 0, maxWidth: 760 }}>
        Expire the emulator's embed tokens, then act in the embed (toggle its colour scheme): the page finds its token
        expired and reports a fatal session error, and the embed renews itself with a session from{' '}
        <code>getSession</code> (reason <code>renewal</code>), keeping its colour scheme and path.
      </p>
      <div style={toolbar}>
        <button type="button" onClick={expire}>
          Expire tokens
        </button>
        <button type="button" onClick={() => setScheme((s) => (s === 'light' ? 'dark' : 'light'))}>
          Toggle colour scheme ({scheme})
        </button>
        <output data-testid="expiry">{expiry}</output>
      </div>
      <Figures
        label="Renewal figures"
        figures={[
          { label: 'Initial sessions', value: sessions.count({ reason: 'initial' }), testId: 'initial' },
          { label: 'Renewals', value: sessions.count({ reason: 'renewal' }), testId: 'renewals' },
          { label: 'Ready events', value: reports.ready, testId: 'ready' },
          { label: 'Errors seen', value: reports.errors.length, testId: 'errors' },
        ]}
      />
      {reports.errors.length > 0 && (
        <p>
          Last error: <code>{reports.errors.at(-1)}</code>
        </p>
      )}
      <SvcApp
        embedId="renewal"
        tenantOrigin={EMULATOR_URL}
        deploymentId={42}
        getSession={sessions.getSession}
        colorScheme={scheme}
        onReady={reports.onReady}
        onError={reports.onError}
        errorFallback={retryFallback}
        style={frame}
      />
    </div>
  );
}

/**
 * Renewal after expiry: "Expire tokens" asks the emulator to expire every embed token; the viewer's next
 * action (the colour scheme toggle) meets the expired token, and the app embed renews through `getSession`.
 * The figures count renewals (sessions requested with reason `renewal`).
 */
export const RenewalAfterExpiry: StoryObj = { render: () => <Renewal /> };

const dark = { background: '#14161c', color: '#e8eaf0' } as const;

function DarkNoFlash() {
  const [immediate, setImmediate] = useState(false);
  const [mounts, setMounts] = useState(1);
  return (
    <div style={{ ...page, ...dark, minHeight: '100vh', boxSizing: 'border-box' }}>
      <p style={{ margin: 0, maxWidth: 760 }}>
        A dark app: the embed stays hidden behind a dark placeholder until it is ready and dark, so no light frame
        shows. Tick the box to show the iframe at once (<code>reveal="immediate"</code>) and remount to compare.
      </p>
      <div style={toolbar}>
        <button type="button" onClick={() => setMounts((n) => n + 1)}>
          Remount
        </button>
        <label>
          <input type="checkbox" checked={immediate} onChange={(event) => setImmediate(event.target.checked)} /> Show at
          once (<code>reveal="immediate"</code>)
        </label>
      </div>
      <SvcDashboard
        // `reveal` is read when the embed is created, so a change of it is a new mount.
        key={`${mounts}-${immediate}`}
        embedId="dark"
        tenantOrigin={EMULATOR_URL}
        publicId="sales-overview"
        colorScheme="dark"
        reveal={immediate ? 'immediate' : 'ready'}
        loading={
          <div style={{ ...dark, height: '100%', display: 'grid', placeItems: 'center' }} data-testid="dark-placeholder">
            Loading dashboard…
          </div>
        }
        style={{ ...frame, ...dark, border: '1px solid #2e3340' }}
      />
    </div>
  );
}

/**
 * Dark app with no flash: a dark page, `colorScheme="dark"` and a dark `loading` placeholder. With the
 * default `reveal="ready"` the iframe is shown only once it is ready and dark; `reveal="immediate"` shows the
 * light page first, for comparison.
 */
export const DarkAppWithoutFlash: StoryObj = { render: () => <DarkNoFlash /> };

const LOCALES = ['en-US', 'de-DE', 'fr-FR', 'ja-JP'] as const;

function SharedProvider() {
  const sessions = usePlaygroundSessions();
  const [scheme, setScheme] = useState<ColorScheme>('light');
  const [locale, setLocale] = useState<string>('en-US');
  const colours = scheme === 'dark' ? dark : { background: '#fff', color: '#14161c' };
  const border = scheme === 'dark' ? '1px solid #2e3340' : frame.border;
  return (
    <SvcProvider tenantOrigin={EMULATOR_URL} getSession={sessions.getSession} colorScheme={scheme} locale={locale}>
      <div style={{ ...page, ...colours, minHeight: '100vh', boxSizing: 'border-box' }}>
        <p style={{ margin: 0, maxWidth: 760 }}>
          One <code>SvcProvider</code> gives every embed below its tenant, its <code>getSession</code>, its colour scheme
          and its locale: the controls change all three embeds at once, without reloading them.
        </p>
        <div style={toolbar}>
          <fieldset style={{ border: 'none', padding: 0, margin: 0, display: 'flex', gap: 8 }}>
            <legend style={{ float: 'left', marginRight: 8 }}>Colour scheme</legend>
            {(['light', 'dark', 'auto'] as const).map((value) => (
              <label key={value}>
                <input type="radio" name="provider-scheme" value={value} checked={scheme === value} onChange={() => setScheme(value)} /> {value}
              </label>
            ))}
          </fieldset>
          <label>
            Locale{' '}
            <select value={locale} onChange={(event) => setLocale(event.target.value)}>
              {LOCALES.map((l) => (
                <option key={l}>{l}</option>
              ))}
            </select>
          </label>
        </div>
        <Figures label="Provider figures" figures={[{ label: 'Sessions fetched', value: sessions.count(), testId: 'sessions' }]} />
        <div style={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)', gap: 16 }}>
          <SvcDashboard embedId="shared-dashboard" publicId="sales-overview" errorFallback={retryFallback} style={{ ...frame, height: 440, border }} />
          <SvcChat embedId="shared-chat" errorFallback={retryFallback} style={{ ...frame, height: 440, border }} />
        </div>
        <SvcApp embedId="shared-app" deploymentId={42} errorFallback={retryFallback} style={{ ...frame, height: 440, border, marginTop: 16 }} />
      </div>
    </SvcProvider>
  );
}

/**
 * Several embeds under one `<SvcProvider tenantOrigin getSession colorScheme locale>`: a dashboard, a chat
 * and the app need only what differs; the provider-level colour scheme and locale apply to all of them.
 */
export const SharedProviderSettings: StoryObj = { render: () => <SharedProvider /> };
