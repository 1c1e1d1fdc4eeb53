import type { ReactNode } from 'react';
import { isRouteErrorResponse, Link, Links, Meta, Outlet, Scripts, ScrollRestoration } from 'react-router';
import type { Route } from './+types/root';

export const meta: Route.MetaFunction = () => [
  { title: 'svc-embed-react with React Router' },
  { name: 'description', content: 'Dashboards embedded from a loader, a resource route and a streamed loader value.' },
];

/** The document around every page: a plain layout (nothing fetched from the internet) with links between the pages. */
export function Layout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {/* No favicon file: without this the browser would ask the server for /favicon.ico, a 404. */}
        <link rel="icon" href="data:," />
        <Meta />
        <Links />
      </head>
      <body style={{ fontFamily: 'system-ui, sans-serif', margin: 24 }}>
        <nav style={{ display: 'flex', gap: 16, marginBottom: 16 }}>
          <Link to="/">Home</Link>
          <Link to="/loader">Loader page</Link>
          <Link to="/client">Client page</Link>
          <Link to="/streamed">Streamed page</Link>
        </nav>
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

/** A loader that threw (no tenant configured, the platform refused the mint) ends up here. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const message = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : 'Unknown error';
  return (
    <main>
      <h1>Something went wrong</h1>
      <p data-route-error>{message}</p>
    </main>
  );
}
