'use client';

import { useState } from 'react';
import { SvcDashboard, SvcProvider } from 'svc-embed-react';
import { DASHBOARD_PUBLIC_ID } from '../../lib/dashboard';
import { fetchEmbedSession } from '../../lib/fetchEmbedSession';

/**
 * A signed dashboard whose sessions come from `getSession` (on the provider, so every embed below shares it),
 * with a colour scheme driven from app state.
 */
export function ClientDashboard({ tenantOrigin }: { tenantOrigin: string }) {
  const [dark, setDark] = useState(false);
  const [status, setStatus] = useState('loading');
  return (
    <SvcProvider tenantOrigin={tenantOrigin} getSession={fetchEmbedSession} colorScheme={dark ? 'dark' : 'light'}>
      <p>
        <button type="button" onClick={() => setDark((d) => !d)}>
          {dark ? 'Light' : 'Dark'} mode
        </button>{' '}
        <output data-embed-status>{status}</output>
      </p>
      <SvcDashboard
        publicId={DASHBOARD_PUBLIC_ID}
        onReady={() => setStatus('ready')}
        onError={(error) => setStatus(`error: ${error.message}`)}
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
    </SvcProvider>
  );
}
