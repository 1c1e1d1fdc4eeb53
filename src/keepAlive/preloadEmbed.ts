import { createEmbedController } from '../controller/createEmbedController.js';
import { embedIdentity } from '../controller/embedIdentity.js';
import type { EmbedOptions } from '../controller/EmbedOptions.js';
import { normalizeTenantOrigin } from '../protocol/normalizeTenantOrigin.js';
import { runtimeOf } from '../runtime/defaultEmbedRuntime.js';
import { parkingOf } from './embedParking.js';
import { keepAliveIn } from './keepAlive.js';

/** Options of {@link preloadEmbed}: those of an embed, with `embedId` optional. */
export type PreloadEmbedOptions = Omit<EmbedOptions, 'embedId' | 'keepAlive'> & {
  /** The `embedId` the embed will be mounted with, if it has one (it is part of the identity). */
  readonly embedId?: string | undefined;
};

/**
 * Starts loading an embed before it is shown (on hover of a link, on route prefetch): the iframe loads hidden,
 * with a session from `getSession` if it needs one, and waits in its runtime's parking lot (`runtime`, else
 * the page's default runtime). The next embed
 * component mounted with the same identity (surface, tenant, `publicId`/`deploymentId`, `embedId`) and
 * `keepAlive` takes it: ready at once, no second load. An unused preload is destroyed under the keep-alive
 * bounds (count and idle time). Returns a function that cancels it if it was not taken yet.
 *
 * @example
 * <Link href="/sales" onMouseEnter={() => preloadEmbed({ surface: 'dashboard', tenantOrigin, publicId: 'sales-overview', getSession })}>
 *   Sales
 * </Link>
 */
export function preloadEmbed(options: PreloadEmbedOptions): () => void {
  const tenantOrigin = normalizeTenantOrigin(options.tenantOrigin);
  const key = embedIdentity({ ...options, tenantOrigin });
  const runtime = runtimeOf(options);
  const keepAlive = keepAliveIn(runtime);
  const lot = parkingOf(runtime);
  const existing = lot.peek(key);
  if (existing !== undefined) return () => {};
  const controller = createEmbedController({
    ...options,
    tenantOrigin,
    embedId: options.embedId ?? runtime.nextId('svc-preload'),
    runtime,
    keepAlive,
  });
  // The lot's bound applies before anything loads; the load (and its getSession call) starts a microtask later,
  // only for a preload still in the lot: ten preloads in one go cost the sessions of those kept, not ten.
  lot.park(key, controller, false);
  queueMicrotask(() => {
    if (lot.peek(key) === controller) controller.park();
  });
  return () => {
    if (lot.peek(key) !== controller) return;
    lot.release(controller);
    controller.destroy();
  };
}
