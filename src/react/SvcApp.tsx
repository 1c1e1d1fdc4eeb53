import { forwardRef, type ReactNode, type Ref } from 'react';
import type { SvcAppProps } from './SvcEmbedProps.js';
import { SvcEmbedFrame } from './SvcEmbedFrame.js';
import type { SvcEmbedHandle } from './SvcEmbedHandle.js';

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
export const SvcApp = /* @__PURE__ */ forwardRef(function SvcApp(props: SvcAppProps, ref: Ref<SvcEmbedHandle>): ReactNode {
  return <SvcEmbedFrame {...props} ref={ref} surface="app" component="SvcApp" />;
});
