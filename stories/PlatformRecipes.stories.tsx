import type { Meta, StoryObj } from '@storybook/react-vite';
import { useCallback, useEffect, useState } from 'react';
import { type GetSession, SvcChat, SvcDashboard } from '../src/index.js';
import { EMULATOR_URL } from './support/emulatorUrl.js';
import { Figures } from './support/Figures.js';

// Recipes for the platform's newer features, each against the emulator through the playground's backend
// (`.storybook/platformRoutes.ts`), which plays the app's own server: a time zone picker kept in app state,
// "Log out", "Export to PDF" and "Print" through the app's server route, and what a viewer is entitled to
// (session settings) beside how a placement looks (address switches).

const meta: Meta = { title: 'Recipes/Platform features', id: 'platform-recipes' };
export default meta;

const API = '/playground-api/platform';
const frame = { height: 420, border: '1px solid #dde1ea', borderRadius: 8, overflow: 'hidden' } as const;
const page = { padding: 16, fontFamily: 'system-ui, sans-serif' } as const;
const toolbar = { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 12, margin: '0 0 8px' } as const;

/** The viewer's plan: what the backend signs into each session it mints. */
type Plan = 'basic' | 'pro';

/** What a route of the app's backend answered when it failed, in words. */
async function failureOf(response: Response): Promise<string> {
  const body = (await response.json().catch(() => ({}))) as { error?: string };
  return body.error ?? `the server answered ${response.status}`;
}

/**
 * A stable `getSession` for a plan: the app's backend mints the session for whoever is signed in and keeps
 * its id, so that logging out can revoke it. `onSession` hears each id delivered.
 */
function usePlanSessions(plan: Plan, onSession?: (sessionId: string) => void): GetSession {
  return useCallback<GetSession>(
    async ({ signal }) => {
      const response = await fetch(`${API}/session?plan=${plan}`, { method: 'POST', signal });
      if (!response.ok) throw new Error(await failureOf(response));
      const { sessionId } = (await response.json()) as { sessionId: string };
      onSession?.(sessionId);
      return sessionId;
    },
    [plan, onSession],
  );
}

/** The app's sign-in, as far as the stories need it: signed in on first show, and again on demand. */
function useSignIn() {
  const [state, setState] = useState<'signing-in' | 'signed-in' | 'signed-out'>('signing-in');
  const signIn = useCallback(async () => {
    setState('signing-in');
    const response = await fetch(`${API}/sign-in`, { method: 'POST' });
    setState(response.ok ? 'signed-in' : 'signed-out');
  }, []);
  useEffect(() => {
    void signIn();
  }, [signIn]);
  return { state, signIn, signedOut: () => setState('signed-out') };
}

const ZONES = ['America/New_York', 'Europe/Berlin', 'Asia/Tokyo', 'Australia/Sydney', 'UTC'] as const;

/** The zone lives in app state (a viewer's profile, a picker): the select drives the embed's `timezone`. */
function TimeZonePicker({ value, onChange }: { readonly value: string; readonly onChange: (zone: string) => void }) {
  return (
    <label>
      Time zone{' '}
      <select value={value} onChange={(event) => onChange(event.target.value)}>
        {ZONES.map((zone) => (
          <option key={zone}>{zone}</option>
        ))}
      </select>
    </label>
  );
}

/** The file name the server route gave in `Content-Disposition`. */
function fileNameOf(response: Response, fallback: string): string {
  return /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? fallback;
}

/**
 * "Export to PDF" and "Print": both ask the app's own server route, which renders the dashboard with the
 * server client (there is no postMessage action for export). The export is saved as a file; the print
 * layout (A4 pages, every table row, the filters on top) opens in a new tab to print from.
 */
function ExportButtons() {
  const [status, setStatus] = useState('');
  // The print version last opened, kept so the viewer can open it again (or at all, if a popup blocker won).
  const [printed, setPrinted] = useState<{ url: string; name: string } | null>(null);
  useEffect(() => () => (printed ? URL.revokeObjectURL(printed.url) : undefined), [printed]);
  const fetchPdf = async (layout: 'screenshot' | 'print'): Promise<{ url: string; name: string } | null> => {
    try {
      const response = await fetch(`${API}/export?layout=${layout}`, { method: 'POST' });
      if (!response.ok) {
        setStatus(`Export failed: ${await failureOf(response)}`);
        return null;
      }
      return { url: URL.createObjectURL(await response.blob()), name: fileNameOf(response, 'dashboard.pdf') };
    } catch (error) {
      // The app's server could not be reached: say so where the viewer looks.
      setStatus(`Export failed: ${error instanceof Error ? error.message : String(error)}`);
      return null;
    }
  };
  const exportPdf = async () => {
    setStatus('Rendering the PDF…');
    const file = await fetchPdf('screenshot');
    if (!file) return;
    const link = document.createElement('a');
    link.href = file.url;
    link.download = file.name;
    link.click();
    // Long enough for the download to read it.
    setTimeout(() => URL.revokeObjectURL(file.url), 60_000);
    setStatus(`Downloaded ${file.name}`);
  };
  const print = async () => {
    // Opened now, inside the click, so no popup blocker stops it; it gets the file once rendered.
    const tab = window.open('', '_blank');
    setStatus('Rendering the print version…');
    const file = await fetchPdf('print');
    if (!file) {
      tab?.close();
      return;
    }
    setPrinted(file);
    if (tab) {
      tab.opener = null;
      tab.location.href = file.url;
      setStatus(`Opened ${file.name} to print`);
    } else setStatus(`The browser blocked the new tab: open ${file.name} from the link`);
  };
  return (
    <>
      <button type="button" onClick={() => void exportPdf()}>
        Export to PDF
      </button>
      <button type="button" onClick={() => void print()}>
        Print
      </button>
      <output data-testid="export-status">{status}</output>
      {printed && (
        <a href={printed.url} target="_blank" rel="noopener" data-testid="print-file">
          Open {printed.name} again
        </a>
      )}
    </>
  );
}

/**
 * A signed-in report page: the time zone follows the picker, "Export to PDF" and "Print" go through the
 * app's server, and "Log out" revokes the viewer's sessions on the server, then takes the embed down.
 * Signing in again mints a new session.
 */
function ReportPage() {
  const { state, signIn, signedOut } = useSignIn();
  const [timezone, setTimezone] = useState<string>('America/New_York');
  const [sessions, setSessions] = useState(0);
  const [ready, setReady] = useState(0);
  const [logout, setLogout] = useState('');
  const counted = useCallback(() => setSessions((n) => n + 1), []);
  const getSession = usePlanSessions('pro', counted);

  const logOut = async () => {
    setLogout('Logging out…');
    const response = await fetch(`${API}/log-out`, { method: 'POST' });
    // The viewer asked to leave: the embed goes whether or not the server could revoke.
    setLogout(response.ok ? `Revoked ${((await response.json()) as { revoked: number }).revoked} session(s)` : `Revoking failed: ${await failureOf(response)}`);
    signedOut();
  };

  return (
    <div style={page}>
      <div style={toolbar}>
        {state === 'signed-in' ? (
          <>
            <TimeZonePicker value={timezone} onChange={setTimezone} />
            <ExportButtons />
            <button type="button" onClick={() => void logOut()}>
              Log out
            </button>
          </>
        ) : (
          <button type="button" disabled={state === 'signing-in'} onClick={() => void signIn()}>
            Sign in
          </button>
        )}
      </div>
      <Figures
        figures={[
          { label: 'Signed in', value: state === 'signed-in' ? 'yes' : 'no', testId: 'signed-in' },
          { label: 'Sessions minted', value: sessions, testId: 'sessions' },
          { label: 'Ready events', value: ready, testId: 'ready' },
          { label: 'Log out', value: logout || 'not yet', testId: 'logout' },
        ]}
      />
      {state === 'signed-in' && (
        <SvcDashboard
          embedId="report"
          tenantOrigin={EMULATOR_URL}
          publicId="sales-overview"
          getSession={getSession}
          timezone={timezone}
          onReady={() => setReady((n) => n + 1)}
          style={frame}
        />
      )}
      {state === 'signed-out' && <p data-testid="signed-out">You are signed out. Sign in to see the report again.</p>}
    </div>
  );
}
export const ReportPageWithTimeZoneExportAndLogout: StoryObj = {
  name: 'Report page: time zone, export, print, log out',
  render: () => <ReportPage />,
};

/** One viewer's chat: the session their plan allows decides whether there is AI at all. */
function ViewerChat({ plan }: { readonly plan: Plan }) {
  const [outcome, setOutcome] = useState('loading');
  const getSession = usePlanSessions(plan);
  return (
    <section aria-label={`${plan === 'basic' ? 'Basic' : 'Pro'} viewer`}>
      <h3 style={{ margin: '0 0 4px', fontSize: 16 }}>{plan === 'basic' ? 'Basic' : 'Pro'} viewer</h3>
      <p style={{ margin: '0 0 8px' }}>
        Chat: <strong data-testid={`chat-${plan}`}>{outcome}</strong>
      </p>
      <SvcChat
        embedId={`chat-${plan}`}
        tenantOrigin={EMULATOR_URL}
        getSession={getSession}
        onReady={() => setOutcome('ready')}
        onError={(error) => setOutcome(error.name ?? 'Error')}
        errorFallback={(error) => (
          <p role="status" style={{ padding: 16 }}>
            {error.name === 'AiNotAllowedError' ? 'Ask AI is part of the Pro plan.' : error.message}
          </p>
        )}
        style={{ ...frame, height: 320 }}
      />
    </section>
  );
}

/**
 * Entitlements versus placement. What a viewer may use is signed into their session by the app's server
 * (`settings: { allowAi: false }` for the basic plan): the viewer cannot change it. How one placement looks is
 * an address switch (`showDashboardHeader={false}` for a compact tile): the viewer can edit an address, so
 * nothing that must hold against the viewer goes there.
 */
function EntitlementsAndPlacement() {
  const { state } = useSignIn();
  if (state !== 'signed-in') return <p style={page}>Signing in…</p>;
  const columns = { display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 16 } as const;
  return (
    <div style={page}>
      <h2 style={{ fontSize: 18 }}>Entitlements: session settings</h2>
      <div style={columns}>
        <ViewerChat plan="basic" />
        <ViewerChat plan="pro" />
      </div>
      <h2 style={{ fontSize: 18 }}>Placement: address switches</h2>
      <div style={columns}>
        <section aria-label="Report page placement">
          <h3 style={{ margin: '0 0 8px', fontSize: 16 }}>Report page (header shown)</h3>
          <SvcDashboard embedId="placement-page" tenantOrigin={EMULATOR_URL} publicId="sales-overview" style={frame} />
        </section>
        <section aria-label="Home tile placement">
          <h3 style={{ margin: '0 0 8px', fontSize: 16 }}>Home tile (showDashboardHeader false)</h3>
          <SvcDashboard embedId="placement-tile" tenantOrigin={EMULATOR_URL} publicId="sales-overview" showDashboardHeader={false} style={frame} />
        </section>
      </div>
    </div>
  );
}
export const EntitlementsVersusPlacement: StoryObj = {
  name: 'Entitlements (session) versus placement (address)',
  render: () => <EntitlementsAndPlacement />,
};
