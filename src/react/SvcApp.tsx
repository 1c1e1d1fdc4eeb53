import { createSvcEmbedComponent } from './createSvcEmbedComponent.js';
import type { SvcAppProps } from './SvcEmbedProps.js';

/**
 * Embeds the creator-mode app (workbooks, folders, in-app dashboards) of one deployment. Signed-only:
 * `session` is required. `path` drives in-embed navigation without echo.
 *
 * @example
 * const [path, setPath] = useState('/embed/d/42/app');
 * <SvcApp
 *   tenantOrigin="https://acme.example.com"
 *   deploymentId={42}
 *   session={sessionId}
 *   path={path}
 *   onNavigate={(payload) => setPath(payload.path)}
 *   style={{ height: 800 }}
 * />
 */
// Pure: a bundle that imports only another component drops this one (a call is kept unless marked).
export const SvcApp = /* @__PURE__ */ createSvcEmbedComponent<SvcAppProps>('app', 'SvcApp');
