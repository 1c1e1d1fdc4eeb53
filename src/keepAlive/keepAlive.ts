import type { EmbedKeepAlive } from '../controller/EmbedKeepAlive.js';
import { getDefaultEmbedRuntime } from '../runtime/defaultEmbedRuntime.js';
import type { EmbedRuntime } from '../runtime/EmbedRuntime.js';
import { claimEmbed } from './claimEmbed.js';
import { createKeptPlacement } from './createKeptPlacement.js';
import { type EmbedParking, embedParking, parkingOf } from './embedParking.js';

/** The keep-alive value that parks in `parking`. */
const keepAliveParkingIn = (parking: EmbedParking): EmbedKeepAlive => ({
  createPlacement: createKeptPlacement,
  claim: (request) => claimEmbed(parking, request),
  parking,
});

/**
 * Keep-alive for embeds: pass it to an embed's `keepAlive` prop (or `<SvcProvider keepAlive>`). An embed that
 * unmounts is then parked, iframe, session and in-embed state intact, and the next mount with the same
 * identity shows it again at once, without a reload or a new session. Bounded by `embedParking.configure`.
 * It parks in the page's default runtime; embeds given a runtime of their own take {@link keepAliveIn}.
 *
 * @example
 * import { keepAlive } from 'svc-embed-react/keep-alive';
 * <SvcDashboard tenantOrigin={tenant} publicId="sales-overview" embedId="sales" keepAlive={keepAlive} />
 */
export const keepAlive: EmbedKeepAlive = /* @__PURE__ */ keepAliveParkingIn(embedParking);

/**
 * Keep-alive that parks in `runtime`'s lot (bounded by `parkingOf(runtime).configure`), for embeds given that
 * runtime: kept-alive embeds of one runtime never take the place of another's. The same object for the same
 * runtime.
 *
 * @example
 * const runtime = createEmbedRuntime();
 * <SvcProvider runtime={runtime} keepAlive={keepAliveIn(runtime)} tenantOrigin={tenant}>...</SvcProvider>
 */
export function keepAliveIn(runtime: EmbedRuntime): EmbedKeepAlive {
  // The default runtime's is `keepAlive` itself, so either spelling names the same value (a provider's memo holds).
  if (runtime === getDefaultEmbedRuntime()) return keepAlive;
  return runtime.getPart('keepAlive', () => keepAliveParkingIn(parkingOf(runtime)));
}
