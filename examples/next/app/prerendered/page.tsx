import { SvcDashboard } from 'svc-embed-react';
import { DASHBOARD_PUBLIC_ID } from '../../lib/dashboard';
import { publicTenantOrigin } from '../../lib/publicTenantOrigin';

/**
 * A Server Component page with no Suspense boundary and nothing that waits on a request: with Cache Components
 * Next.js prerenders it whole at build time, `<SvcDashboard>`'s placeholder included, and serves that static
 * HTML to every visitor. Rendering the embed reads no clock and no random number, which a prerender refuses.
 */
export default function PrerenderedPage() {
  return (
    <main>
      <h1>Prerendered page</h1>
      <SvcDashboard
        tenantOrigin={publicTenantOrigin()}
        publicId={DASHBOARD_PUBLIC_ID}
        loading={<p>Loading the dashboard…</p>}
        style={{ height: 480 }}
      />
    </main>
  );
}
