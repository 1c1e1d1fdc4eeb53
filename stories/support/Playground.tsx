import type { ReactNode } from 'react';
import { ActionPanel, type ControlledState } from './ActionPanel.js';
import { EventLog } from './EventLog.js';

/**
 * An embed with its action buttons and live event log beside it. `controlled` is the story's own state for the
 * values it passes as props (see `ControlledState`).
 */
export function Playground({
  embedId,
  children,
  paths,
  controlled,
}: {
  readonly embedId: string;
  readonly children: ReactNode;
  readonly paths?: readonly string[];
  readonly controlled?: ControlledState;
}) {
  return (
    <div
      style={{
        display: 'grid',
        gridTemplateColumns: 'minmax(0, 1fr) 340px',
        gap: 16,
        padding: 16,
      }}
    >
      <div style={{ minHeight: 640, minWidth: 0 }}>{children}</div>
      <aside style={{ display: 'grid', gap: 12, alignContent: 'start', minWidth: 0 }}>
        <ActionPanel embedId={embedId} paths={paths ?? []} {...(controlled === undefined ? {} : { controlled })} />
        <EventLog embedId={embedId} />
      </aside>
    </div>
  );
}
