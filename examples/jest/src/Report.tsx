import { SvcDashboard } from 'svc-embed-react';

/** The app's component under test: a sales dashboard filtered by the region in app state. */
export function Report({ region }: { region: string }) {
  return (
    <SvcDashboard
      tenantOrigin="https://acme.example.com"
      publicId="sales-overview"
      filters={{ 'orders.region': { value: region } }}
    />
  );
}
