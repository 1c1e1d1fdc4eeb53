import { Suspense } from 'react';
import { SvcDashboard } from 'svc-embed-react';
import { DASHBOARD_PUBLIC_ID } from '../../lib/dashboard';
import { embedSettings } from '../../lib/embedSettings';

/**
 * A Server Component page: `<SvcDashboard>` is a client component, rendered here with plain props. The server
 * HTML holds its placeholder; the iframe is made after hydration and shown once the dashboard is ready.
 */
export default function ServerPage() {
  return (
    <main>
      <h1>Server page</h1>
      <Suspense fallback={<p>Loading…</p>}>
        <PrivateDashboard />
      </Suspense>
    </main>
  );
}

/** Private mode (no session): the viewer's own sign-in to the platform decides what they see. */
async function PrivateDashboard() {
  const { tenantOrigin } = await embedSettings();
  return (
    <SvcDashboard
      tenantOrigin={tenantOrigin}
      publicId={DASHBOARD_PUBLIC_ID}
      loading={<p>Loading the dashboard…</p>}
      style={{ height: 480 }}
    />
  );
}
