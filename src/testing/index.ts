/**
 * `svc-embed-react/testing`: test helpers for apps that embed the platform. `mockSvcTenant` stands in for
 * an embed's iframe in jsdom or happy-dom tests; `setupSvcTesting(afterEach)` restores every mock after each
 * test. Importing it has no side effect. Test-only: never import it in application code.
 *
 * @packageDocumentation
 */
export { mockSvcTenant, restoreAllSvcTenants } from './mockSvcTenant.js';
export type {
  DispatchRawOptions,
  MockSvcTenantOptions,
  RecordedAction,
  SvcTenantMock,
  WaitForActionOptions,
} from './SvcTenantMock.js';
export { setupSvcTesting } from './setupSvcTesting.js';
export type { AfterEachHook } from './setupSvcTesting.js';
