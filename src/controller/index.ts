/**
 * `svc-embed-react/controller`: the embed controller, React-free. It owns one embed's address, session
 * (`getSession`, renewal in place), iframe, message bridge, controlled-value sync and reveal; the React
 * components are a thin binding over it, and other UI frameworks can bind to it the same way. Its own entry,
 * so apps that use only the protocol core (`svc-embed-react/protocol`) do not pay for it.
 *
 * @packageDocumentation
 */
export { createEmbedController } from './createEmbedController.js';
export { IDLE_SNAPSHOT } from './EmbedController.js';
export type { EmbedController, EmbedControllerSnapshot, EmbedPhase } from './EmbedController.js';
export { withSettings } from './EmbedOptions.js';
export type {
  EmbedControllerOptions,
  EmbedIdentity,
  EmbedLoadOptions,
  EmbedOptions,
  EmbedReveal,
  EmbedSettings,
} from './EmbedOptions.js';
export type { EmbedLiveOptions, EmbedUpdatableOptions } from './EmbedUpdatableOptions.js';
export { embedIdentity } from './embedIdentity.js';
export type { ControlledValues } from './createControlledSync.js';
export { isSessionFailure } from './isSessionFailure.js';
export type { SessionFailureContext } from './isSessionFailure.js';
export type { EmbedClaim, EmbedClaimRequest, EmbedKeepAlive, EmbedParkingLot } from './EmbedKeepAlive.js';
export { createStaticPlacement } from './FramePlacement.js';
export type { FramePlacement } from './FramePlacement.js';
export type { GetSession, SessionRequest, SessionRequestReason } from './SessionRequest.js';
export type { SvcErrorPayload } from './SvcErrorPayload.js';
