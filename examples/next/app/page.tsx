/** The home page: no embed, a place to navigate away to and back from. */
export default function HomePage() {
  return (
    <main>
      <h1>svc-embed-react with Next.js</h1>
      <ul>
        <li>Server page: a Server Component renders the dashboard in private mode.</li>
        <li>Client page: the embed asks a route handler for a session with getSession.</li>
        <li>Signed page: the server mints the session and streams the embed in.</li>
        <li>Prerendered page: a Server Component page built whole at build time, no Suspense boundary.</li>
        <li>Prerendered client page: a client-component page built whole at build time, signed through getSession.</li>
      </ul>
    </main>
  );
}
