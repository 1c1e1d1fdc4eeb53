import { createEmbedRegistry } from './createEmbedRegistry.js';
import type { EmbedRuntime, EmbedRuntimePart } from './EmbedRuntime.js';

/**
 * Creates a runtime of its own: a registry, session ledger, inspector, held actions and keep-alive lot that no
 * other runtime sees (the parts an app does not use are made on first use, see `getPart`). Give it to `<SvcProvider runtime>` (or an embed's `runtime` option) to keep a test, a
 * story or a micro-frontend apart from the rest of the page; apps with one set of embeds need none (they share
 * the page's default runtime).
 *
 * @example
 * const runtime = createEmbedRuntime();
 * <SvcProvider runtime={runtime} tenantOrigin="https://acme.example.com">
 *   <SvcDashboard publicId="sales-overview" />
 * </SvcProvider>
 */
export function createEmbedRuntime(): EmbedRuntime {
  const parts: { [name in EmbedRuntimePart]?: unknown } = {};
  let ids = 0;
  return {
    registry: createEmbedRegistry(),
    // One count for every prefix: ids only need to be unique within the runtime.
    nextId: (prefix) => `${prefix}-${++ids}`,
    getPart<T>(name: EmbedRuntimePart, create: () => T): T {
      parts[name] ??= create();
      return parts[name] as T;
    },
  };
}
