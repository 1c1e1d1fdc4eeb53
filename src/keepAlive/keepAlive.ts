import type { EmbedKeepAlive } from '../controller/EmbedKeepAlive.js';
import { createKeptPlacement } from './createKeptPlacement.js';
import { embedParking } from './embedParking.js';

/**
 * Keep-alive for embeds: pass it to an embed's `keepAlive` prop (or `<SvcProvider keepAlive>`). An embed that
 * unmounts is then parked, iframe, session and in-embed state intact, and the next mount with the same
 * identity shows it again at once, without a reload or a new session. Bounded by `embedParking.configure`.
 *
 * @example
 * import { keepAlive } from 'svc-embed-react/keep-alive';
 * <SvcDashboard tenantOrigin={tenant} publicId="sales-overview" embedId="sales" keepAlive={keepAlive} />
 */
export const keepAlive: EmbedKeepAlive = {
  createPlacement: createKeptPlacement,
  parking: embedParking,
};
