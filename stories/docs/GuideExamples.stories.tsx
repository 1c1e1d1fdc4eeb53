import type { Meta, StoryObj } from '@storybook/react-vite';
import { type ReactNode, useLayoutEffect, useRef, useState } from 'react';
import { SvcChat, SvcDashboard, type SvcEmbedHandle } from '../../src/index.js';
import { keepAlive } from '../../src/keepAlive/index.js';
import { EMULATOR_URL } from '../support/emulatorUrl.js';
import { expireEmbedTokens } from '../support/expireEmbedTokens.js';
import { usePlaygroundSessions } from '../support/usePlaygroundSessions.js';

/**
 * The live examples of the guide pages (sessions and renewal, keep-alive), against the emulator `npm start`
 * runs. Hidden from the sidebar: the pages show them. No corner inspector, since a page shows them inline.
 */
const meta: Meta = {
  title: 'Docs/Guide examples',
  tags: ['!dev'],
  parameters: { devtools: false, layout: 'padded' },
};
export default meta;

const frame = { height: 460, border: '1px solid #dde1ea', borderRadius: 8, overflow: 'hidden' } as const;
const bar = { display: 'flex', flexWrap: 'wrap', gap: 12, alignItems: 'center', marginBottom: 8, fontFamily: 'system-ui, sans-serif' } as const;

/**
 * Counts the embed documents loaded under `children`: each `load` of an iframe is a new document (a renewal in
 * place says `ready` again in the same one). `load` does not bubble, so the listener captures it on the way
 * down; a layout effect, so it is there before the first load ends.
 */
function DocumentCounter({ children, onCount }: { readonly children: ReactNode; readonly onCount: (documents: number) => void }) {
  const box = useRef<HTMLDivElement>(null);
  const latest = useRef(onCount);
  latest.current = onCount;
  useLayoutEffect(() => {
    const element = box.current;
    if (element === null) return;
    let documents = 0;
    const onLoad = (event: Event) => {
      if (event.target instanceof HTMLIFrameElement) latest.current(++documents);
    };
    element.addEventListener('load', onLoad, true);
    return () => element.removeEventListener('load', onLoad, true);
  }, []);
  return <div ref={box}>{children}</div>;
}

/** A signed dashboard whose tokens the reader expires: the renewal happens in place, in one document. */
function RenewalInPlaceDemo() {
  const sessions = usePlaygroundSessions();
  const handle = useRef<SvcEmbedHandle>(null);
  const [documents, setDocuments] = useState(0);
  const [note, setNote] = useState('');
  const expire = async () => {
    try {
      const expired = await expireEmbedTokens();
      setNote(`${expired} token${expired === 1 ? '' : 's'} expired`);
      // The embed page checks its token whenever it acts for the viewer: a refresh makes it notice at once.
      handle.current?.refresh();
    } catch (error) {
      setNote(error instanceof Error ? error.message : String(error));
    }
  };
  return (
    <div>
      <div style={bar}>
        <button type="button" onClick={() => void expire()}>
          Expire the token now
        </button>
        <span role="status">
          Sessions: {sessions.count({ reason: 'initial' })} initial, {sessions.count({ reason: 'renewal' })} renewal · documents loaded: {documents}
          {note === '' ? '' : ` · ${note}`}
        </span>
      </div>
      <DocumentCounter onCount={setDocuments}>
        <SvcDashboard ref={handle} embedId="guide-renewal" tenantOrigin={EMULATOR_URL} publicId="sales-overview" getSession={sessions.getSession} style={frame} />
      </DocumentCounter>
    </div>
  );
}

/** Sessions and renewal: expire the embed's token and watch it renew in place. */
export const RenewalInPlace: StoryObj = { render: () => <RenewalInPlaceDemo /> };

type Tab = 'sales' | 'assistant';

/** Two tabs whose embeds are kept alive: going back to a tab costs no document and no session. */
function KeepAliveTabsDemo() {
  const sessions = usePlaygroundSessions();
  const [tab, setTab] = useState<Tab>('sales');
  const [visits, setVisits] = useState(1);
  const [documents, setDocuments] = useState(0);
  const choose = (next: Tab) => {
    if (next === tab) return;
    setTab(next);
    setVisits((count) => count + 1);
  };
  return (
    <div>
      <div style={bar}>
        <div role="tablist" aria-label="Kept-alive embeds">
          {(['sales', 'assistant'] as const).map((name) => (
            <button key={name} type="button" role="tab" aria-selected={tab === name} onClick={() => choose(name)}>
              {name === 'sales' ? 'Sales dashboard' : 'Assistant'}
            </button>
          ))}
        </div>
        <span role="status">
          Tab visits: {visits} · documents loaded: {documents} · sessions: {sessions.count()}
        </span>
      </div>
      <DocumentCounter onCount={setDocuments}>
        <div role="tabpanel" aria-label={tab === 'sales' ? 'Sales dashboard' : 'Assistant'}>
          {tab === 'sales' ? (
            <SvcDashboard embedId="guide-sales" tenantOrigin={EMULATOR_URL} publicId="sales-overview" getSession={sessions.getSession} keepAlive={keepAlive} style={frame} />
          ) : (
            <SvcChat embedId="guide-assistant" tenantOrigin={EMULATOR_URL} getSession={sessions.getSession} keepAlive={keepAlive} style={frame} />
          )}
        </div>
      </DocumentCounter>
    </div>
  );
}

/** Keep-alive: switch tabs back and forth; the documents and sessions stop at two. */
export const KeepAliveTabs: StoryObj = { render: () => <KeepAliveTabsDemo /> };
