// Client entry of the server-rendering figure: hydrates the server's HTML when there is some, else mounts.
import { createRoot, hydrateRoot } from 'react-dom/client';
import { DashboardPage } from './DashboardPage';

const root = document.getElementById('root') as HTMLElement;
const tenant = root.dataset.tenant as string;
window.__timings = window.__timings ?? {};
const timings = window.__timings;

// "Shown" is the style change that lifts the iframe's opacity: the embed is revealed at the next paint.
new MutationObserver(() => {
  const iframe = document.querySelector('iframe[data-svc-embed-id]') as HTMLIFrameElement | null;
  if (iframe === null) return;
  timings.frameCreatedAt ??= performance.now();
  if (timings.shownAt === undefined && getComputedStyle(iframe).opacity === '1') timings.shownAt = performance.now();
}).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['style'] });

if (root.hasChildNodes()) hydrateRoot(root, <DashboardPage tenant={tenant} />);
else createRoot(root).render(<DashboardPage tenant={tenant} />);
