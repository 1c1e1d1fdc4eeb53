import { useState } from 'react';
import { type EventType, type SvcEventMessage, useSvcEvents } from '../../src/index.js';
import { Button, colors, Panel } from './harness.js';

interface Entry {
  readonly id: number;
  readonly embedId: string;
  readonly message: SvcEventMessage;
}

const ALL_EVENTS: EventType[] = [
  'svc:event:ready',
  'svc:event:view',
  'svc:event:navigate',
  'svc:event:dashboard-loaded',
  'svc:event:download',
  'svc:event:drilldown',
  'svc:event:ai-query',
  'svc:event:error',
];

let nextId = 0;

/** A live log of an embed's events (or every embed's): type, surface, payload and time. */
export function EventLog({ embedId, limit = 40 }: { readonly embedId?: string; readonly limit?: number }) {
  const [entries, setEntries] = useState<Entry[]>([]);
  const record = (_payload: unknown, message: SvcEventMessage, from: string) =>
    setEntries((list) => [{ id: nextId++, embedId: from, message }, ...list].slice(0, limit));
  useSvcEvents(Object.fromEntries(ALL_EVENTS.map((type) => [type, record])), {
    embedId,
  });
  return (
    <Panel title={embedId === undefined ? 'Event log' : `Event log of ${embedId}`} actions={<Button onClick={() => setEntries([])}>Clear</Button>}>
      <ol
        data-testid="event-log"
        style={{
          listStyle: 'none',
          padding: 0,
          margin: 0,
          maxHeight: 420,
          overflow: 'auto',
          fontFamily: 'ui-monospace, monospace',
          fontSize: 12,
        }}
      >
        {entries.map(({ id, embedId: from, message }) => (
          <li
            key={id}
            data-event-type={message.type}
            style={{
              borderTop: `1px solid ${colors.border}`,
              padding: '6px 0',
            }}
          >
            <div>
              <b>{message.type.replace('svc:event:', '')}</b> · {message.surface} · {from} · {new Date(message.timestamp).toLocaleTimeString()}
            </div>
            <code
              style={{
                whiteSpace: 'pre-wrap',
                wordBreak: 'break-all',
                color: colors.muted,
              }}
            >
              {JSON.stringify(message.payload)}
            </code>
          </li>
        ))}
      </ol>
    </Panel>
  );
}
