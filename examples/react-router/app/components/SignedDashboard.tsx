import { useState } from 'react';
import { SvcDashboard } from 'svc-embed-react';
import { DASHBOARD_PUBLIC_ID } from '../lib/dashboard';
import { fetchEmbedSession } from '../lib/fetchEmbedSession';

/** Props of {@link SignedDashboard}. */
export interface SignedDashboardProps {
  readonly tenantOrigin: string;
  /**
   * The session a loader minted for this visit, or none (then `getSession` mints the first one). A new value
   * from a revalidated loader is handed to the live embed in place: same document, same in-embed state.
   */
  readonly session?: string | undefined;
}

/**
 * A signed dashboard with its status shown beside it. The loader's `session` serves the first load;
 * `getSession` covers every load the page cannot serve from the loader (a renewal after the session expired,
 * a retry), because a session loads only once.
 */
export function SignedDashboard({ tenantOrigin, session }: SignedDashboardProps) {
  const [status, setStatus] = useState('loading');
  return (
    <>
      <p>
        <output data-embed-status>{status}</output>
      </p>
      <SvcDashboard
        tenantOrigin={tenantOrigin}
        publicId={DASHBOARD_PUBLIC_ID}
        session={session}
        getSession={fetchEmbedSession}
        onReady={() => setStatus('ready')}
        onError={(error) => setStatus(`error: ${error.message}`)}
        loading={<p>Loading the dashboard…</p>}
        errorFallback={(error, retry) => (
          <p>
            The dashboard is unavailable ({error.message}).{' '}
            <button type="button" onClick={retry}>
              Try again
            </button>
          </p>
        )}
        style={{ height: 480 }}
      />
    </>
  );
}
