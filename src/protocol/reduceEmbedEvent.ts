import type { AiQueryState, EmbedState } from './createEmbedStore.js';
import type { SvcEventMessage } from './messages.js';

/** Bounds of the store's history lists: enough to debug, never a leak in a long-lived page. */
export const EMBED_HISTORY_LIMITS = { recentEvents: 50, downloads: 20, drilldowns: 20, aiQueries: 20 } as const;

function append<T>(list: readonly T[], item: T, limit: number): readonly T[] {
  const next = list.length >= limit ? list.slice(list.length - limit + 1) : list.slice();
  next.push(item);
  return next;
}

/**
 * The next store state after an event: a pure function, so the store's behaviour is tested without a
 * browser.
 */
export function reduceEmbedEvent(state: EmbedState, message: SvcEventMessage): EmbedState {
  const recentEvents = append(state.recentEvents, message, EMBED_HISTORY_LIMITS.recentEvents);
  switch (message.type) {
    case 'svc:event:ready': {
      const p = message.payload;
      return {
        ...state,
        recentEvents,
        status: 'ready',
        readyCount: state.readyCount + 1,
        mode: p.mode,
        embedTenant: p.embedTenant,
        deploymentId: p.deploymentId,
        publicId: p.publicId ?? state.publicId,
      };
    }
    case 'svc:event:view': {
      const p = message.payload;
      // On the app and chat the first view is the content being shown; dashboards say so explicitly.
      const loadedByView = state.surface !== 'dashboard' && state.status === 'ready';
      return {
        ...state,
        recentEvents,
        path: p.path,
        title: p.title ?? null,
        publicId: p.publicId ?? state.publicId,
        status: loadedByView ? 'loaded' : state.status,
      };
    }
    case 'svc:event:navigate':
      return { ...state, recentEvents, path: message.payload.path };
    case 'svc:event:dashboard-loaded':
      return {
        ...state,
        recentEvents,
        status: state.status === 'error' ? 'error' : 'loaded',
        publicId: message.payload.publicId ?? state.publicId,
      };
    case 'svc:event:download':
      return {
        ...state,
        recentEvents,
        downloads: append(state.downloads, { ...message.payload, at: message.timestamp }, EMBED_HISTORY_LIMITS.downloads),
      };
    case 'svc:event:drilldown':
      return {
        ...state,
        recentEvents,
        drilldowns: append(state.drilldowns, { ...message.payload, at: message.timestamp }, EMBED_HISTORY_LIMITS.drilldowns),
      };
    case 'svc:event:ai-query': {
      const p = message.payload;
      const key = p.chatId ?? p.query;
      const entry: AiQueryState = { ...p, updatedAt: message.timestamp };
      const others: Record<string, AiQueryState> = { ...state.aiQueries };
      delete others[key];
      const keys = Object.keys(others);
      // Oldest entries go first once the bound is reached (insertion order is update order).
      for (const stale of keys.slice(0, Math.max(0, keys.length - EMBED_HISTORY_LIMITS.aiQueries + 1))) {
        delete others[stale];
      }
      return { ...state, recentEvents, aiQueries: { ...others, [key]: entry } };
    }
    case 'svc:event:error':
      return {
        ...state,
        recentEvents,
        lastError: message.payload,
        status: message.payload.fatal === true ? 'error' : state.status,
      };
    default:
      return { ...state, recentEvents };
  }
}
