/**
 * `svc-embed-react/testing`: test helpers for apps that embed the platform. `mockSvcTenant` stands in for
 * an embed's iframe in jsdom or happy-dom tests. Test-only: never import it in application code.
 *
 * @packageDocumentation
 */
import { restoreAllSvcTenants } from './mockSvcTenant.js';

export { mockSvcTenant, restoreAllSvcTenants } from './mockSvcTenant.js';
export type {
  DispatchRawOptions,
  MockSvcTenantOptions,
  RecordedAction,
  SvcTenantMock,
  WaitForActionOptions,
} from './SvcTenantMock.js';

// Restore every mock after each test when the runner provides a global afterEach (Jest, Vitest with
// `globals: true`), as Testing Library cleans up its renders.
const runnerAfterEach = (globalThis as { afterEach?: unknown }).afterEach;
if (typeof runnerAfterEach === 'function') (runnerAfterEach as (hook: () => void) => void)(restoreAllSvcTenants);
