// A host app for the devtools suite: an embed and the inspector panel, imported from the built package by
// name, as an app does; and an embed with a bad prop, whose error fallback shows which text the build kept.
import { StrictMode, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { type ColorScheme, SvcDashboard } from 'svc-embed-react';
import { SvcDevtools } from 'svc-embed-react/devtools';

const tenant = new URLSearchParams(location.search).get('tenant') ?? '';

function Host() {
  const [scheme, setScheme] = useState<ColorScheme>('dark');
  return (
    <>
      <h1 style={{ fontSize: 16 }}>Devtools host</h1>
      <button type="button" onClick={() => setScheme(scheme === 'dark' ? 'light' : 'dark')}>
        Toggle colour scheme
      </button>
      <SvcDashboard embedId="sales" tenantOrigin={tenant} publicId="sales-overview" colorScheme={scheme} style={{ height: 480, width: 760 }} />
      {/* A bad identity fails its own embed, never the page: the fallback shows the coded error. */}
      <SvcDashboard embedId="bad" tenantOrigin={tenant} publicId="../sales" errorFallback={(error) => <p data-bad-prop>{error.message}</p>} />
      <SvcDevtools defaultOpen position="bottom-right" />
    </>
  );
}

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <Host />
  </StrictMode>,
);
