import { IDLE_SNAPSHOT } from '../controller/EmbedController.js';
import type { EmbedClaim, EmbedClaimRequest, EmbedParkingLot } from '../controller/EmbedKeepAlive.js';
import { isDevelopment } from '../protocol/isDevelopment.js';
import { errorText } from '../protocol/svcError.js';

/**
 * A mount's claim on the embed parked in `lot` under `request.key` (kept alive when a mount of it left, or
 * preloaded), or on a new one when none waits there: what `keepAlive.claim` does for the embed components.
 * Nothing leaves the lot yet, since a render may be thrown away; the mount takes the embed when it commits.
 *
 * @example
 * const claim = claimEmbed(parkingOf(runtime), { key: embedIdentity(options), subject: '<SvcDashboard>', create });
 * if (claim.take()) detach = claim.controller.attach(host);
 */
export function claimEmbed(lot: EmbedParkingLot, { key, create, subject }: EmbedClaimRequest): EmbedClaim {
  const parked = lot.peek(key);
  const controller = parked ?? create();
  return {
    controller,
    initial: parked ? IDLE_SNAPSHOT : controller.getSnapshot(),
    take() {
      // Two mounts rendered with one parked embed (one identity, no embedId): the first to commit keeps it.
      if (lot.release(controller) || parked === undefined) return true;
      if (isDevelopment) {
        console.error(
          errorText(
            401,
            `${subject === undefined ? '' : `${subject} `}two mounted embeds share one identity (surface, tenant, publicId or deploymentId) without an embedId, so they cannot share the parked embed: give each its own embedId. Each gets an embed of its own meanwhile.`,
          ),
        );
      }
      return false;
    },
    park: () => lot.park(key, controller),
  };
}
