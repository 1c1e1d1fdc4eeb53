/**
 * `svc-embed-react/keep-alive`: embeds that survive unmounts, and embeds loaded before they are shown. Its own
 * entry, so apps that never keep an embed alive do not ship the code that parks and moves iframes.
 *
 * @packageDocumentation
 */
export { canMoveWithoutReload } from './createKeptPlacement.js';
export type { KeptPlacementMode } from './createKeptPlacement.js';
export { createEmbedParking, embedParking, parkingOf } from './embedParking.js';
export type { EmbedParking, KeepAliveOptions } from './embedParking.js';
export { keepAlive, keepAliveIn } from './keepAlive.js';
export { preloadEmbed } from './preloadEmbed.js';
export type { PreloadEmbedOptions } from './preloadEmbed.js';
export { usePreloadEmbed } from './usePreloadEmbed.js';
export type { UsePreloadEmbedOptions } from './usePreloadEmbed.js';
export type { EmbedClaim, EmbedClaimRequest, EmbedKeepAlive, EmbedParkingLot } from '../controller/EmbedKeepAlive.js';
export type { FramePlacement, PlacedEmbed } from '../controller/FramePlacement.js';
export { setEmbedParked, shownEmbeds } from '../runtime/parkedEmbeds.js';
