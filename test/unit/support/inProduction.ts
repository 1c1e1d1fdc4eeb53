import { vi } from 'vitest';

/**
 * Runs `load` (which imports the modules a test reads) as a production build evaluates them: with
 * NODE_ENV=production and a fresh module graph, so every module reads the production value of its guard.
 * {@link leaveProduction} goes back.
 */
export async function inProduction<T>(load: () => Promise<T>): Promise<T> {
  vi.stubEnv('NODE_ENV', 'production');
  vi.resetModules();
  return load();
}

/** For `afterEach` or `afterAll`: NODE_ENV as it was, and modules evaluated afresh at their next import. */
export function leaveProduction(): void {
  vi.unstubAllEnvs();
  vi.resetModules();
}
