import { Suspense } from 'react';
import { Await } from 'react-router';
import { SignedDashboard } from '../components/SignedDashboard';
import { embedSettings } from '../lib/embedSettings.server';
import { mintEmbedSession } from '../lib/mintEmbedSession.server';
import type { Route } from './+types/streamed';

/**
 * The session is returned as a promise, not awaited: the page's shell is sent at once and the session
 * streams in when the platform has minted it, so the iframe can start loading right after that without a
 * round trip from the browser.
 */
export function loader({ request }: Route.LoaderArgs) {
  const settings = embedSettings();
  return { tenantOrigin: settings.tenantOrigin, session: mintEmbedSession(settings, request.signal) };
}

/** A page that carries a single-use session must never be served from a cache. */
export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'no-store' });

/** The streamed page: the embed mounts once the loader's session has arrived. */
export default function StreamedPage({ loaderData }: Route.ComponentProps) {
  return (
    <main>
      <h1>Streamed page</h1>
      <Suspense fallback={<p>Minting a session…</p>}>
        <Await resolve={loaderData.session} errorElement={<p data-route-error>The session could not be minted.</p>}>
          {(session) => <SignedDashboard tenantOrigin={loaderData.tenantOrigin} session={session} />}
        </Await>
      </Suspense>
    </main>
  );
}
