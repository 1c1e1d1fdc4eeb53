/** The home page: no embed, a place to navigate away to and back from. */
export default function Home() {
  return (
    <main>
      <h1>svc-embed-react with React Router</h1>
      <ul>
        <li>Loader page: the route's loader mints the session on the server; revalidating hands the embed a new one in place.</li>
        <li>Client page: the embed asks a resource route for a session with getSession.</li>
        <li>Streamed page: the loader streams the session in as a promise, and the embed mounts when it resolves.</li>
      </ul>
    </main>
  );
}
