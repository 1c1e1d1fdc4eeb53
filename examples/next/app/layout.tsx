import type { Metadata } from 'next';
import Link from 'next/link';
import type { ReactNode } from 'react';

export const metadata: Metadata = {
  title: 'svc-embed-react with Next.js',
  description: 'Dashboards embedded from a Server Component, a client page, a streamed signed page and two prerendered pages.',
};

/** A plain layout (no web fonts: the example must build offline) with links between the pages. */
export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body style={{ fontFamily: 'system-ui, sans-serif', margin: 24 }}>
        <nav style={{ display: 'flex', gap: 16, marginBottom: 16 }}>
          <Link href="/">Home</Link>
          <Link href="/server">Server page</Link>
          <Link href="/client">Client page</Link>
          <Link href="/signed">Signed page</Link>
          <Link href="/prerendered">Prerendered page</Link>
          <Link href="/prerendered-client">Prerendered client page</Link>
        </nav>
        {children}
      </body>
    </html>
  );
}
