import { SignedDashboard } from '../components/SignedDashboard';
import { embedSettings } from '../lib/embedSettings.server';
import type { Route } from './+types/client';

/** Only the tenant's origin comes from the server; no session is minted here. */
export function loader() {
  return { tenantOrigin: embedSettings().tenantOrigin };
}

/** The client page: its embed gets every session from the browser, through `getSession` and the resource route. */
export default function ClientPage({ loaderData }: Route.ComponentProps) {
  return (
    <main>
      <h1>Client page</h1>
      <SignedDashboard tenantOrigin={loaderData.tenantOrigin} />
    </main>
  );
}
