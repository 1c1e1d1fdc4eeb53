import type { EmbedDropReason } from '../protocol/EmbedDebugReport.js';
import type { UnknownValue } from '../protocol/fieldChecks.js';
import { isDevelopment } from '../protocol/isDevelopment.js';
import type { SvcEventMessage } from '../protocol/messages.js';
import { parseEventMessage } from '../protocol/parseEventMessage.js';

/** One embed as the router sees it: where its messages come from and where they go. */
export interface EmbedRoute {
  /** The normalised tenant origin (`event.origin` must equal it). */
  readonly tenantOrigin: string;
  /** The embed's iframe window, read at message time (it exists only once the iframe is in the page). */
  readonly getWindow: () => Window | null | undefined;
  /** A valid event from this embed. */
  readonly receive: (message: SvcEventMessage, unknownValues?: readonly UnknownValue[]) => void;
  /** Something this embed would have received, dropped. */
  readonly drop: (reason: EmbedDropReason, detail: string, event: MessageEvent, type?: string) => void;
}

const routes = new Set<EmbedRoute>();
let listening = false;

/**
 * The single `message` listener shared by every embed on the page. A message belongs to the embed whose
 * iframe window posted it (`event.source`), and is accepted only from that embed's tenant origin and only
 * when it is a valid event. A message no embed owns is reported to every embed as dropped.
 */
function handleMessage(event: MessageEvent): void {
  // Each property of a MessageEvent is a call into the browser: read each once.
  const { source, origin } = event;
  let owner: EmbedRoute | undefined;
  // A window is never null here: a message without a source belongs to no embed.
  if (source != null)
    for (const route of routes) {
      if (route.getWindow() === source) {
        owner = route;
        break;
      }
    }
  if (owner && origin === owner.tenantOrigin) {
    const result = parseEventMessage(event.data);
    if (result.ok) owner.receive(result.message, result.unknownValues);
    else owner.drop(result.code, result.reason, event, result.type);
    return;
  }
  // A message no embed owns is reported to every embed (a snapshot: a drop hook may connect or disconnect
  // embeds); one from an embed's own window but another origin (it navigated away) to that embed only.
  for (const route of owner ? [owner] : [...routes]) {
    const sameOrigin = origin === route.tenantOrigin;
    route.drop(
      sameOrigin ? 'wrong-source-window' : 'wrong-origin',
      // Production names the origin only: the reason's code says what is wrong with it.
      isDevelopment ? `from ${origin || '(no origin)'}, not ${sameOrigin ? 'its iframe' : route.tenantOrigin}` : origin || '(no origin)',
      event,
    );
  }
}

/**
 * Routes window messages to an embed until the returned function is called. The window listener is
 * attached with the first route and removed with the last, so a page without embeds pays nothing.
 * Without a `window` (server rendering) nothing is attached.
 */
export function addEmbedRoute(route: EmbedRoute): () => void {
  routes.add(route);
  if (!listening && typeof window !== 'undefined') {
    window.addEventListener('message', handleMessage);
    listening = true;
  }
  return () => {
    if (!routes.delete(route)) return;
    if (routes.size === 0 && listening) {
      window.removeEventListener('message', handleMessage);
      listening = false;
    }
  };
}

/** How many embeds are routed and whether the window listener is attached: for tests and leak checks. */
export function getMessageRouterStats(): { readonly routes: number; readonly listening: boolean } {
  return { routes: routes.size, listening };
}
