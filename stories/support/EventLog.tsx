import { useState } from 'react';
import { type EventType, type SvcEventMessage, useSvcEvents } from '../../src/index.js';

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
  useSvcEvents(Object.fromEntries(ALL_EVENTS.map((type) => [type, record])), { embedId });
  return (
    <section aria-label={embedId === undefined ? 'Event log' : `Event log of ${embedId}`} style={{ fontFamily: 'ui-monospace, monospace', fontSize: 12 }}>
      <header style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center' }}>
        <strong>Events</strong>
        <button type="button" onClick={() => setEntries([])}>
          Clear
        </button>
      </header>
      <ol data-testid="event-log" style={{ listStyle: 'none', padding: 0, margin: 0, maxHeight: 420, overflow: 'auto' }}>
        {entries.map(({ id, embedId: from, message }) => (
          <li key={id} data-event-type={message.type} style={{ borderBottom: '1px solid #e3e6ee', padding: '4px 0' }}>
            <div>
              <b>{message.type.replace('svc:event:', '')}</b> · {message.surface} · {from} ·{' '}
              {new Date(message.timestamp).toLocaleTimeString()}
            </div>
            <code style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all', color: '#445' }}>{JSON.stringify(message.payload)}</code>
          </li>
        ))}
      </ol>
    </section>
  );
}
