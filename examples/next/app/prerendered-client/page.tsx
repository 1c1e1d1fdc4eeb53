'use client';

import { publicTenantOrigin } from '../../lib/publicTenantOrigin';
import { ClientDashboard } from '../client/ClientDashboard';

/**
 * A client-component page, prerendered whole at build time (no Suspense boundary, no request data): the signed
 * dashboard of the client page, its sessions from `getSession` in the browser, its colour scheme from state.
 */
export default function PrerenderedClientPage() {
  return (
    <main>
      <h1>Prerendered client page</h1>
      <ClientDashboard tenantOrigin={publicTenantOrigin()} />
    </main>
  );
}
