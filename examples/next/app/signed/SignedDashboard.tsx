'use client';

import { useState } from 'react';
import { SvcDashboard } from 'svc-embed-react';
import { fetchEmbedSession } from '../../lib/fetchEmbedSession';

/** Props of {@link SignedDashboard}. */
export interface SignedDashboardProps {
  readonly tenantOrigin: string;
  readonly publicId: string;
  /** The session the server minted for this visit. */
  readonly session: string;
}

/**
 * The streamed dashboard. The server's `session` serves the first load; `getSession` covers every later one
 * (a renewal after the session expired, a retry, a revisit that reuses an already loaded session), because
 * a session loads only once.
 */
export function SignedDashboard({ tenantOrigin, publicId, session }: SignedDashboardProps) {
  const [status, setStatus] = useState('loading');
  return (
    <>
      <p>
        <output data-embed-status>{status}</output>
      </p>
      <SvcDashboard
        tenantOrigin={tenantOrigin}
        publicId={publicId}
        session={session}
        getSession={fetchEmbedSession}
        onReady={() => setStatus('ready')}
        onError={(error) => setStatus(`error: ${error.message}`)}
        loading={<p>Loading the dashboard…</p>}
        style={{ height: 480 }}
      />
    </>
  );
}
