import { createSvcEmbedComponent } from './createSvcEmbedComponent.js';
import type { SvcChatProps } from './SvcEmbedProps.js';

/**
 * Embeds the standalone AI chat.
 *
 * @example
 * <SvcChat
 *   tenantOrigin="https://acme.example.com"
 *   session={sessionId}
 *   locale="de-DE"
 *   theme={{ primaryColor: '#0b5fff', chat: { inputColor: '#f4f6fb' } }}
 *   onAiQuery={(payload) => console.log(payload.status, payload.query)}
 *   style={{ height: 640 }}
 * />
 */
// Pure: a bundle that imports only another component drops this one (a call is kept unless marked).
export const SvcChat = /* @__PURE__ */ createSvcEmbedComponent<SvcChatProps>('chat', 'SvcChat');
