import { Suspense } from 'react';
import { embedSettings } from '../../lib/embedSettings';
import { ClientDashboard } from './ClientDashboard';

/** The client page: its embed gets every session from the browser, through `getSession`. */
export default function ClientPage() {
  return (
    <main>
      <h1>Client page</h1>
      <Suspense fallback={<p>Loading…</p>}>
        <WithTenant />
      </Suspense>
    </main>
  );
}

/** Only the tenant's origin comes from the server (read at request time); no session is minted here. */
async function WithTenant() {
  const { tenantOrigin } = await embedSettings();
  return <ClientDashboard tenantOrigin={tenantOrigin} />;
}
