import { useEffect, useLayoutEffect, useMemo, useSyncExternalStore } from 'react';
import { useEmbedRuntime } from '../reactBase/useEmbedRuntime.js';
import { inspectorOf } from '../runtime/createEmbedInspector.js';
import { createTimeline, type Timeline, type TimelineItem } from './createTimeline.js';

/** Layout effects run before every passive effect of the same commit; on a server neither runs. */
const useEarlyEffect = typeof window === 'undefined' ? useEffect : useLayoutEffect;

/**
 * Records the inspector of the surrounding provider's runtime (else the page's default one) into a bounded timeline while the calling component is mounted.
 * It starts listening in a layout effect, so embeds rendered in the same commit (whose bridges connect in
 * passive effects) are recorded from their first entry.
 */
export function useInspectorTimeline(maxEntries: number): { readonly items: readonly TimelineItem[]; readonly timeline: Timeline } {
  // A new bound starts a new timeline rather than being silently ignored.
  const inspector = inspectorOf(useEmbedRuntime());
  const timeline = useMemo(() => createTimeline(maxEntries), [maxEntries]);
  useEarlyEffect(() => {
    const stop = inspector.subscribe((entry) => timeline.push(entry));
    return () => {
      stop();
      timeline.dispose();
    };
  }, [inspector, timeline]);
  const items = useSyncExternalStore(timeline.subscribe, timeline.getSnapshot, timeline.getSnapshot);
  return { items, timeline };
}
