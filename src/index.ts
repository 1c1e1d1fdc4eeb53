/**
 * `svc-embed-react`: React components and hooks that embed the platform's dashboards, creator-mode app and
 * AI chat, driven from app state. The protocol core and the embed controller are re-exported for convenience.
 *
 * @packageDocumentation
 */
export * from './protocol/index.js';
// Where development error texts link to; in the React entry only, so the protocol entry does not carry it.
export { setSvcDocsUrl } from './protocol/svcError.js';
export * from './controller/index.js';
export { SvcApp } from './react/SvcApp.js';
export { SvcChat } from './react/SvcChat.js';
export { SvcDashboard } from './react/SvcDashboard.js';
export type { SvcActions, SvcEmbedHandle } from './react/SvcEmbedHandle.js';
export type { SvcErrorFallback } from './react/SvcEmbedProps.js';
export type { GetSession, SessionRequest, SessionRequestReason } from './controller/SessionRequest.js';
export { SvcProvider } from './react/SvcProvider.js';
export type { SvcProviderProps, SvcProviderSettings } from './react/SvcProvider.js';
export type {
  SvcAppProps,
  SvcChatProps,
  SvcDashboardEventProps,
  SvcDashboardProps,
  SvcEmbedCommonProps,
  SvcEventCallback,
} from './react/SvcEmbedProps.js';
export { useSvcActions } from './react/useSvcActions.js';
export { useSvcEmbed } from './react/useSvcEmbed.js';
export { useSvcEvents } from './react/useSvcEvents.js';
export type { SvcEventHandler, SvcEventHandlers, UseSvcEventsOptions } from './react/useSvcEvents.js';
