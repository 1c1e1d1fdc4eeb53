// The page of the server-rendering figure: rendered to HTML in Node, then hydrated, or mounted client-only.
// One component for both, so the two trees (and React's generated ids) are the same.
import type { ReactNode } from 'react';
import { SvcDashboard } from 'svc-embed-react';

/** What the page records, in milliseconds since navigation start (`performance.now()`). */
export interface PageTimings {
  readyAt?: number;
  shownAt?: number;
  frameCreatedAt?: number;
}

declare global {
  interface Window {
    __timings?: PageTimings;
  }
}

/** A host page with one dashboard; `onReady` runs in the browser only, so the server never reads `window`. */
export function DashboardPage({ tenant }: { tenant: string }): ReactNode {
  return (
    <main>
      <h1>Sales</h1>
      <SvcDashboard
        tenantOrigin={tenant}
        publicId="sales-overview"
        style={{ height: 600, width: 900 }}
        onReady={() => {
          const timings = window.__timings ?? {};
          timings.readyAt ??= performance.now();
          window.__timings = timings;
        }}
      />
    </main>
  );
}
