import { Suspense } from 'react';
import { DASHBOARD_PUBLIC_ID } from '../../lib/dashboard';
import { embedSettings } from '../../lib/embedSettings';
import { mintEmbedSession } from '../../lib/mintEmbedSession';
import { SignedDashboard } from './SignedDashboard';

/**
 * The signed page: the page's shell is sent at once, and the embed streams in when the server has minted
 * the viewer's session (the Suspense boundary), so the iframe can start loading right after hydration without
 * a round trip from the browser for the session.
 */
export default function SignedPage() {
  return (
    <main>
      <h1>Signed page</h1>
      <Suspense fallback={<p>Minting a session…</p>}>
        <StreamedDashboard />
      </Suspense>
    </main>
  );
}

/** Runs per request: each visit mints a new single-use session. */
async function StreamedDashboard() {
  const settings = await embedSettings();
  const session = await mintEmbedSession(settings);
  return <SignedDashboard tenantOrigin={settings.tenantOrigin} publicId={DASHBOARD_PUBLIC_ID} session={session} />;
}
