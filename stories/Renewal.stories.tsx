import type { Meta, StoryObj } from '@storybook/react-vite';
import { useCallback, useLayoutEffect, useRef, useState } from 'react';
import { type GetSession, SvcDashboard } from '../src/index.js';
// The panel itself: `SvcDevtools` renders nothing in a production build, which a built playground is.
import { SvcDevtoolsPanel as SvcDevtools } from '../src/devtools/SvcDevtoolsPanel.js';
import { PLAYGROUND_TENANTS } from './support/emulatorUrl.js';
import { expireEmbedTokens, warnEmbedTokens } from './support/expireEmbedTokens.js';
import { Figures } from './support/Figures.js';
import { retryFallback } from './support/retryFallback.js';
import { usePlaygroundSessions } from './support/usePlaygroundSessions.js';

const meta: Meta = {
  title: 'Recipes/Renewal',
  // Under Recipes in the sidebar; the id keeps the story's address (renewal--...) as it was.
  id: 'renewal',
  // The inspector sits beside the embed, open, in place of the bar above every other story.
  parameters: { devtools: false },
};
export default meta;

const frame = { height: 620, border: '1px solid #dde1ea', borderRadius: 8, overflow: 'hidden' } as const;
const toolbar = { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 8, margin: '8px 0' } as const;

/** The two emulators of this recipe (both with 40-second tokens), as the playground's backend names them. */
type Platform = 'short' | 'older';

/**
 * One embed on one platform, with what it cost: it is keyed by the platform, so switching platform starts a new
 * embed and its figures from zero.
 */
function RenewingDashboard({ platform }: { readonly platform: Platform }) {
  const sessions = usePlaygroundSessions(platform);
  const [renewals, setRenewals] = useState<{ readonly count: number; readonly last: Date | null }>({ count: 0, last: null });
  const [documents, setDocuments] = useState(0);
  const [expiring, setExpiring] = useState(0);
  const [lastError, setLastError] = useState<string | null>(null);
  // A renewal is done when the embed answers `ready` with the new session: in place (the same document says
  // `ready` again) or by reloading (a new document). A session delivered with reason `renewal` arms it.
  const renewing = useRef(false);
  const { getSession: mint } = sessions;
  const getSession = useCallback<GetSession>(
    async (request) => {
      const session = await mint(request);
      if (request.reason === 'renewal') renewing.current = true;
      return session;
    },
    [mint],
  );
  const onReady = () => {
    if (!renewing.current) return;
    renewing.current = false;
    setRenewals(({ count }) => ({ count: count + 1, last: new Date() }));
  };

  // Documents are counted where they happen: each `load` of an embed iframe is a new document (a `ready`
  // would not do: an embed renewed in place says `ready` again in the same document). `load` does not bubble,
  // so the listener captures it on the way down; a layout effect, so it is there before the first load ends.
  const wrapper = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const element = wrapper.current;
    if (element === null) return;
    const onLoad = (event: Event) => {
      if (event.target instanceof HTMLIFrameElement && event.target.getAttribute('src')) setDocuments((n) => n + 1);
    };
    element.addEventListener('load', onLoad, true);
    return () => element.removeEventListener('load', onLoad, true);
  }, []);

  return (
    <>
      <Figures
        label="Renewal figures"
        figures={[
          { label: 'Renewals', value: renewals.count, testId: 'renewals' },
          { label: 'Sessions minted (getSession calls)', value: sessions.count(), testId: 'sessions' },
          { label: 'Embed documents loaded (iframe loads)', value: documents, testId: 'documents' },
          { label: 'session-expiring events', value: expiring, testId: 'expiring' },
          { label: 'Last renewal', value: renewals.last?.toLocaleTimeString() ?? 'none yet', testId: 'last-renewal' },
        ]}
      />
      <p style={{ margin: '4px 0 8px', maxWidth: 820, fontSize: 14 }}>
        Type a question into the dashboard's agent box (“Ask the agent”) without sending it:{' '}
        {platform === 'short'
          ? 'it is still there after every renewal, because the embed keeps its document and only its session changes.'
          : 'on the older platform a renewal loads a new document, so the text is gone and the documents figure goes up.'}
      </p>
      {lastError !== null && (
        <p style={{ margin: '4px 0 8px', fontSize: 14 }}>
          Last error reported: <code>{lastError}</code>
        </p>
      )}
      <div ref={wrapper}>
        <SvcDashboard
          embedId={platform === 'short' ? 'tab-open-for-days' : 'tab-open-for-days-older'}
          tenantOrigin={PLAYGROUND_TENANTS[platform]}
          publicId="sales-overview"
          getSession={getSession}
          onReady={onReady}
          onSessionExpiring={() => setExpiring((n) => n + 1)}
          onError={(payload) => setLastError(payload.name === undefined ? payload.message : `${payload.name}: ${payload.message}`)}
          errorFallback={retryFallback}
          loading={<p style={{ padding: 24 }}>Loading the dashboard…</p>}
          style={frame}
        />
      </div>
    </>
  );
}

/** What a control answered, as one line of text. */
const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

function TabOpenForDays() {
  const [platform, setPlatform] = useState<Platform>('short');
  const [answer, setAnswer] = useState('');
  const control = (run: () => Promise<string>) => {
    setAnswer('Asking the emulator…');
    run().then(setAnswer, (error: unknown) => setAnswer(`The emulator did not answer: ${error instanceof Error ? error.message : String(error)}`));
  };
  const expiringNow = () =>
    control(async () => {
      const warned = await warnEmbedTokens(platform);
      return platform === 'short'
        ? `${plural(warned, 'token')} entered the expiring window: the embed says so at its next check, and the app renews in place.`
        : `${plural(warned, 'token')} entered the expiring window, which the older platform never announces: nothing happens until the token expires.`;
    });
  const expireNow = () =>
    control(async () => {
      const expired = await expireEmbedTokens(platform);
      return platform === 'short'
        ? `${plural(expired, 'token')} expired: the embed says so at its next check, keeps its state, and takes a new session in place.`
        : `${plural(expired, 'token')} expired: the older embed fails with SessionExpiredError, and the app renews by reloading it.`;
    });
  return (
    <div style={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) 480px', gap: 16, padding: 16, fontFamily: 'system-ui, sans-serif' }}>
      {/* The panel first: it starts recording before the dashboard connects, and keeps both platforms' entries. */}
      <div style={{ order: 2, minWidth: 0 }}>
        <SvcDevtools position="inline" defaultOpen maxEntries={500} />
      </div>
      <div style={{ order: 1, minWidth: 0 }}>
        <p style={{ margin: 0, maxWidth: 820 }}>
          A dashboard left open for days outlives many sessions. This emulator's embed tokens live 40 seconds instead of
          a day, so a renewal happens every 20 to 25 seconds: the embed sends <code>svc:event:session-expiring</code>,
          the app's <code>getSession</code> mints a new session, and the embed takes it with{' '}
          <code>svc:action:set-session</code>, keeping its document and everything the viewer did in it. The inspector
          beside it shows each step, with the session ids redacted.
        </p>
        <div style={toolbar}>
          <button type="button" onClick={expiringNow}>
            Expiring now
          </button>
          <button type="button" onClick={expireNow}>
            Expire now
          </button>
          <button
            type="button"
            aria-pressed={platform === 'older'}
            onClick={() => {
              setAnswer('');
              setPlatform((p) => (p === 'short' ? 'older' : 'short'));
            }}
          >
            Older platform
          </button>
          <output data-testid="control-answer">{answer}</output>
        </div>
        <p style={{ margin: '4px 0', fontSize: 14 }} data-testid="platform">
          {platform === 'short'
            ? 'Newer platform: renewal in place.'
            : 'Older platform: no expiry events, so renewal reloads the embed (switching started a new embed, and its figures from zero).'}{' '}
          The embed notices a changed token at the viewer's next action, when its tab comes back to the foreground, or at
          its check every 2 seconds.
        </p>
        <RenewingDashboard key={platform} platform={platform} />
      </div>
    </div>
  );
}

/**
 * A tab open for days: renewal in place, every 20 to 25 seconds on an emulator with 40-second tokens. The
 * figures count renewals, sessions minted and embed documents loaded (which stays 1); "Expiring now" and
 * "Expire now" call the emulator's token controls through the playground's backend, and "Older platform"
 * switches to an emulator without in-place renewal, where each renewal loads a new document.
 */
export const ATabOpenForDays: StoryObj = { name: 'A tab open for days', render: () => <TabOpenForDays /> };
