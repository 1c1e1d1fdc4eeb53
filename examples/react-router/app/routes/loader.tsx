import { Link, useFetcher } from 'react-router';
import { SignedDashboard } from '../components/SignedDashboard';
import { embedSettings } from '../lib/embedSettings.server';
import { mintEmbedSession } from '../lib/mintEmbedSession.server';
import type { Route } from './+types/loader';

/**
 * Runs on the server for every visit and every revalidation: each run mints a new single-use session. Only
 * the session id and the tenant's origin reach the browser; the API token stays here.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const settings = embedSettings();
  const session = await mintEmbedSession(settings, request.signal);
  // Tells one run of the loader from the next without putting the session into the page's markup.
  return { tenantOrigin: settings.tenantOrigin, session, loadId: crypto.randomUUID() };
}

/**
 * Stands for any change the page saves (a note, a preference). What matters here is what React Router does
 * after it: it runs the page's loaders again, so the embed is given a new `session`.
 */
export async function action() {
  return { savedAt: new Date().toISOString() };
}

/** A page that carries a single-use session must never be served from a cache. */
export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'no-store' });

/**
 * The loader's session, rendered by `<SvcDashboard>`. Revalidating (the form's submit, or the link to this
 * same address) gives it a fresh session, which it hands to the running embed without reloading it.
 */
export default function LoaderPage({ loaderData }: Route.ComponentProps) {
  const fetcher = useFetcher<typeof action>();
  return (
    <main>
      <h1>Loader page</h1>
      <div style={{ display: 'flex', gap: 16, alignItems: 'center' }}>
        <fetcher.Form method="post">
          <button type="submit" disabled={fetcher.state !== 'idle'}>
            Save and revalidate
          </button>
        </fetcher.Form>
        <Link to="/loader" data-same-url>
          Load this page's data again
        </Link>
        <span data-load-id={loaderData.loadId} />
      </div>
      <SignedDashboard tenantOrigin={loaderData.tenantOrigin} session={loaderData.session} />
    </main>
  );
}
