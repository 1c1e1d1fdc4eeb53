import type { EmbedBridge } from './EmbedBridge.js';
import type { EmbedRuntime } from './EmbedRuntime.js';

/**
 * The ids of `runtime`'s parked embeds (kept alive, shown nowhere), made on first use. Only keep-alive parks an
 * embed, so an app without it never ships the marking (see {@link setEmbedParked}); hooks and held actions read
 * the set to leave parked embeds out (see {@link shownEmbeds}).
 */
const parkedIn = (runtime: EmbedRuntime): Set<string> => runtime.getPart('parked', () => new Set<string>());

/**
 * Marks an embed of `runtime` parked or shown. A parked embed stays connected: it still hears its messages,
 * and so do app-wide listeners and hooks that name it, but a hook or action without an `embedId` never means
 * it. A change publishes a new registry snapshot, so hooks that name no embed look again.
 *
 * @example
 * setEmbedParked(runtime, 'sales', true); // kept alive in the parking area: out of reach of useSvcEmbed()
 */
export function setEmbedParked(runtime: EmbedRuntime, embedId: string, isParked: boolean): void {
  const parked = parkedIn(runtime);
  if (parked.has(embedId) === isParked) return;
  if (isParked) parked.add(embedId);
  else parked.delete(embedId);
  runtime.registry.changed();
}

/**
 * The connected embeds (a registry snapshot of `runtime`) that a hook or action without an `embedId` may mean:
 * those not parked.
 *
 * @example
 * const [only] = shownEmbeds(runtime, runtime.registry.getSnapshot());
 */
export function shownEmbeds(runtime: EmbedRuntime, embeds: ReadonlyMap<string, EmbedBridge>): EmbedBridge[] {
  const parked = parkedIn(runtime);
  return [...embeds.values()].filter((bridge) => !parked.has(bridge.embedId));
}
