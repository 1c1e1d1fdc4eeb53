import { useState } from 'react';
import { type GetSession, SvcDashboard, SvcProvider } from 'svc-embed-react';
import { fetchEmbedSession } from './fetchEmbedSession';

/** The tenant's origin, baked in by the build (a public address: the browser loads the embeds from it). */
const tenantOrigin = import.meta.env.SVC_TENANT_ORIGIN ?? '';
/** The emulator's seeded dashboard. */
const DASHBOARD = 'sales-overview';

/**
 * A signed dashboard driven from app state, written as React Compiler expects plain components: no `useMemo`,
 * no `useCallback`. The compiler memoizes what it can; the embed behaves the same either way:
 * - controlled props (`filters`, `colorScheme`): a change sends one action, a re-render with equal values none;
 * - callbacks written inline: each reads this render's `tick`, so a new render gives new functions, and the
 *   embed calls the newest one (a renewal's `getSession` included);
 * - a remount (a new `key`) loads a new document with a new session; StrictMode (main.tsx) loads one.
 */
export function App() {
  const [region, setRegion] = useState<'EU' | 'US'>('EU');
  const [dark, setDark] = useState(false);
  // Bumped by "Re-render": nothing but a new render, with new callbacks.
  const [tick, setTick] = useState(0);
  const [mount, setMount] = useState(1);
  // What the callbacks reported, in order (numbered: the log only grows).
  const [log, setLog] = useState<readonly { n: number; line: string }[]>([]);
  const note = (line: string) => setLog((lines) => [...lines, { n: lines.length, line }]);

  const getSession: GetSession = (request) => {
    note(`getSession ${request.reason} mount=${mount} tick=${tick}`);
    return fetchEmbedSession(request);
  };

  if (tenantOrigin === '') return <p>Build with SVC_TENANT_ORIGIN set to the tenant's origin (see README.md).</p>;
  return (
    <SvcProvider tenantOrigin={tenantOrigin}>
      <h1>svc-embed-react with React Compiler</h1>
      <p style={{ display: 'flex', gap: 8 }}>
        <button type="button" onClick={() => setRegion((r) => (r === 'EU' ? 'US' : 'EU'))}>
          Region: {region}
        </button>
        <button type="button" onClick={() => setDark((d) => !d)}>
          {dark ? 'Light' : 'Dark'} mode
        </button>
        <button type="button" onClick={() => setTick((t) => t + 1)}>
          Re-render ({tick})
        </button>
        <button type="button" onClick={() => setMount((m) => m + 1)}>
          Remount
        </button>
      </p>
      <SvcDashboard
        key={mount}
        publicId={DASHBOARD}
        getSession={getSession}
        filters={{ 'orders.region': { value: region } }}
        colorScheme={dark ? 'dark' : 'light'}
        onReady={(ready) => note(`ready ${ready.mode} mount=${mount} tick=${tick}`)}
        onSessionExpiring={() => note(`session-expiring mount=${mount} tick=${tick}`)}
        onError={(error) => note(`error ${error.name} mount=${mount} tick=${tick}`)}
        style={{ height: 420 }}
      />
      <ol data-testid="log">
        {log.map(({ n, line }) => (
          <li key={n}>{line}</li>
        ))}
      </ol>
    </SvcProvider>
  );
}
