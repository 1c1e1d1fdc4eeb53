import { createSvcEmbedComponent } from './createSvcEmbedComponent.js';
import type { SvcDashboardProps } from './SvcEmbedProps.js';

/**
 * Embeds a published dashboard. Controlled props (`colorScheme`, `locale`, `theme`, `filters`, `path`)
 * become actions; callbacks receive the embed's events.
 *
 * @example
 * <SvcDashboard
 *   tenantOrigin="https://acme.example.com"
 *   publicId="sales-overview"
 *   session={sessionId}
 *   colorScheme={darkMode ? 'dark' : 'light'}
 *   filters={{ 'orders.region': { value: region } }}
 *   onDownload={(payload) => track('export', payload.format)}
 *   loading={<Spinner />}
 *   style={{ height: 600 }}
 * />
 */
// Pure: a bundle that imports only another component drops this one (a call is kept unless marked). The file is
// .tsx, as components are, so the playground's prop tables read its props' TSDoc (they read .tsx files).
export const SvcDashboard = /* @__PURE__ */ createSvcEmbedComponent<SvcDashboardProps>('dashboard', 'SvcDashboard');
