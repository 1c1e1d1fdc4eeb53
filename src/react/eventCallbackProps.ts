import type { EventType } from '../protocol/eventPayloads.js';
import type { SvcDashboardEventProps, SvcEmbedCommonProps } from './SvcEmbedProps.js';

/** The event types whose messages go to a callback prop as the embed sent them: every type but the error. */
export type CallbackEventType = Exclude<EventType, 'svc:event:error'>;

/**
 * The callback prop each event type calls, written out so that a search for `onDashboardLoaded` finds where it
 * is called. Typed so that a new event type without its prop, or a prop name that does not exist, fails to
 * compile. The dashboard's own events have their props on `<SvcDashboard>` only. The error has no entry:
 * `onError` hears failures from the controller, coded, and only those the library did not handle.
 */
export const EVENT_CALLBACK_PROPS = {
  'svc:event:ready': 'onReady',
  'svc:event:view': 'onView',
  'svc:event:navigate': 'onNavigate',
  'svc:event:dashboard-loaded': 'onDashboardLoaded',
  'svc:event:download': 'onDownload',
  'svc:event:drilldown': 'onDrilldown',
  'svc:event:ai-query': 'onAiQuery',
  'svc:event:session-expiring': 'onSessionExpiring',
  'svc:event:session-expired': 'onSessionExpired',
} as const satisfies { readonly [T in CallbackEventType]: keyof (SvcEmbedCommonProps & SvcDashboardEventProps) };
