import { svcError } from '../protocol/svcError.js';
import { restoreAllSvcTenants } from './mockSvcTenant.js';

/** A test runner's `afterEach`: Jest's, Vitest's, Mocha's (any function that registers a hook). */
export type AfterEachHook = (hook: () => void) => unknown;

/**
 * Restores every `mockSvcTenant` after each test, as Testing Library cleans up its renders. Call it once in
 * a test setup file (Vitest's `setupFiles`, Jest's `setupFilesAfterEnv`) with the runner's `afterEach`;
 * importing the testing kit does nothing by itself.
 *
 * @throws TypeError when `afterEach` is not a function (`SVC610`).
 *
 * @example
 * // In the setup file, with `afterEach` from 'vitest' (or '@jest/globals'):
 * setupSvcTesting(afterEach);
 */
export function setupSvcTesting(afterEach: AfterEachHook): void {
  if (typeof afterEach !== 'function') {
    throw svcError(610, `setupSvcTesting: expected the test runner's afterEach function, got ${typeof afterEach}.`);
  }
  afterEach(restoreAllSvcTenants);
}
