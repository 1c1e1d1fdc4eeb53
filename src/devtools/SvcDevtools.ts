import type { ReactElement } from 'react';
import { SvcDevtoolsPanel } from './SvcDevtoolsPanel.js';
import type { SvcDevtoolsProps } from './SvcDevtoolsProps.js';

/** What production builds render instead of the panel. */
function NoDevtools(_props: SvcDevtoolsProps): null {
  return null;
}

/**
 * A message inspector for development: the embeds on the page with their status, and a live, filterable
 * timeline of the events they sent, the actions sent to them (posted, queued until `ready`, flushed), what
 * was dropped and why, and their lifecycle. Each entry can be copied as JSON; credentials (session ids,
 * tokens, keys, signatures, the page's known secrets) are redacted everywhere it shows them. It keeps the
 * latest `maxEntries` entries (500 by default), each as a copy of about 16 KB at most and about 4 MB in all;
 * a message from a foreign origin or window is counted and described in one line, never stored.
 *
 * In production builds (`process.env.NODE_ENV === 'production'`) it renders nothing, and bundlers leave
 * the panel out entirely: it costs no bytes. It records from the moment it mounts, so render it once, near
 * the root, next to or before the embeds.
 *
 * @example
 * ```tsx
 * import { SvcDashboard } from 'svc-embed-react';
 * import { SvcDevtools } from 'svc-embed-react/devtools';
 *
 * export function App() {
 *   return (
 *     <>
 *       <SvcDashboard tenantOrigin="https://acme.example.com" publicId="sales" session={sessionId} />
 *       <SvcDevtools position="bottom-left" />
 *     </>
 *   );
 * }
 * ```
 */
export const SvcDevtools: (props: SvcDevtoolsProps) => ReactElement | null =
  // Written out, not imported, so that an app's bundler, which replaces `process.env.NODE_ENV`, folds the
  // choice in this very module and drops the panel's module (the package has no side effects) from
  // production bundles. No `typeof process` guard: it would not fold, and in a browser it would turn the panel
  // off in development too. Everything that runs React here runs through a bundler or a CDN that replaces it.
  process.env.NODE_ENV !== 'production' ? SvcDevtoolsPanel : NoDevtools;
