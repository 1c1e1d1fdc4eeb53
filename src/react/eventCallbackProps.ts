import type { EventType } from '../protocol/eventPayloads.js';
import type { SvcEmbedCommonProps } from './SvcEmbedProps.js';

/**
 * The callback prop each event type calls, written out so that a search for `onDashboardLoaded` finds where it
 * is called. Typed so that a new event type without its prop, or a prop name that does not exist, fails to
 * compile.
 */
export const EVENT_CALLBACK_PROPS = {
  'svc:event:ready': 'onReady',
  'svc:event:view': 'onView',
  'svc:event:navigate': 'onNavigate',
  'svc:event:dashboard-loaded': 'onDashboardLoaded',
  'svc:event:download': 'onDownload',
  'svc:event:drilldown': 'onDrilldown',
  'svc:event:ai-query': 'onAiQuery',
  'svc:event:error': 'onError',
  'svc:event:session-expiring': 'onSessionExpiring',
  'svc:event:session-expired': 'onSessionExpired',
} as const satisfies { readonly [T in EventType]: keyof SvcEmbedCommonProps };
