import type { ReactNode } from 'react';
import { ActionPanel } from './ActionPanel.js';
import { EventLog } from './EventLog.js';

/** An embed with its live event log and action buttons beside it. */
export function Playground({ embedId, children, paths }: { readonly embedId: string; readonly children: ReactNode; readonly paths?: readonly string[] }) {
  return (
    <div style={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) 340px', gap: 16, padding: 16, fontFamily: 'system-ui, sans-serif' }}>
      <div style={{ minHeight: 640 }}>{children}</div>
      <aside style={{ display: 'grid', gap: 12, alignContent: 'start', minWidth: 0 }}>
        <ActionPanel embedId={embedId} paths={paths ?? []} />
        <EventLog embedId={embedId} />
      </aside>
    </div>
  );
}
