// A host app for the session lifecycle proofs, built for production as an app ships: it renders the library as
// users import it (the built package) and keeps on `window` what the test reads. Its `getSession` answers like a
// backend (held while the test says so), counts the calls in flight and mints for whichever viewer the app is
// signed in as when the call starts.
import { StrictMode, useCallback, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { type ErrorPayload, type SessionRequest, type SvcErrorFallback, SvcDashboard, type SvcEventMessage, SvcProvider } from 'svc-embed-react';
import type { HostWindow, SessionCall } from './hostWindow.js';

const w = window as unknown as HostWindow;
w.__calls = [];
w.__inFlight = 0;
w.__maxInFlight = 0;
w.__errors = [];
w.__events = [];
w.__production = process.env.NODE_ENV === 'production';

/** Resolves when the test lets held `getSession` calls go on. */
let backend = Promise.resolve();
w.__release = () => {};
w.__hold = () => {
  backend = new Promise((resolve) => {
    w.__release = resolve;
  });
};

const params = new URLSearchParams(location.search);
const scenario = params.get('scenario') ?? 'switch';
const tenant = params.get('tenant') ?? '';
w.__viewer = params.get('viewer') ?? 'viewer-a';
/**
 * `?sleepOn={"type":…,"count":…,"ms":…}`: once the page has heard `count` events of `type`, the machine sleeps
 * `ms` (see `sleep`), right after the library handled the event that made the count.
 */
let sleepOn = JSON.parse(params.get('sleepOn') ?? 'null') as { type: string; count: number; ms: number } | null;
/**
 * `?backend=fetch`: each `getSession` call first goes over the network to the app's own server, as a real
 * backend route does, so that it fails as `fetch` does while the browser is offline.
 */
const overNetwork = params.get('backend') === 'fetch';

async function getSession(request: SessionRequest): Promise<string> {
  const call: SessionCall = { embedId: request.embedId, reason: request.reason, viewer: w.__viewer, startedAt: performance.now(), aborted: false };
  w.__calls.push(call);
  w.__inFlight += 1;
  w.__maxInFlight = Math.max(w.__maxInFlight, w.__inFlight);
  request.signal.addEventListener('abort', () => {
    call.aborted = true;
  });
  try {
    // Deliberately not cut short by the signal: an answer that comes after the library stopped wanting it must
    // still be thrown away by the library.
    await backend;
    if (overNetwork) await fetch(`${location.origin}/?backend=${w.__calls.length}`, { cache: 'no-store' });
    if (!w.mintSession) throw new Error('no session source');
    call.session = await w.mintSession(request.surface, call.viewer);
    return call.session;
  } finally {
    w.__inFlight -= 1;
    call.settledAt = performance.now();
  }
}

/**
 * The machine sleeps `ms`: its wall clock moves on while no timer of the page runs (browsers time their timers
 * on a clock that stops while the machine sleeps, so a timer due during the sleep comes due that much later).
 * The page cannot be put to sleep from here, so it moves `Date.now` (the wall clock the library plans by)
 * `ms` ahead at once and leaves its timers where they are.
 */
function sleep(ms: number): void {
  const wallClock = Date.now.bind(Date);
  Date.now = () => wallClock() + ms;
  w.__slept = { calls: w.__calls.length };
  // From here on, the most calls in flight counts the wake's alone.
  w.__maxInFlight = w.__inFlight;
}

const record = (embedId: string) => (message: SvcEventMessage) => {
  w.__events.push({ embedId, type: message.type });
  const due = sleepOn;
  if (due?.type === message.type && w.__events.filter((event) => event.type === due.type).length >= due.count) {
    sleepOn = null;
    // In a task of its own: after the library has handled this event too.
    setTimeout(() => sleep(due.ms), 0);
  }
};
/** The app's `onError`: what it would send to its error tracker. */
const report = (embedId: string) => (error: ErrorPayload) => {
  w.__errors.push({ embedId, code: (error as { code?: string }).code ?? null, message: error.message });
};

/** The app's own fallback: the error's code and a button that starts the embed again. */
const fallback = (embedId: string): SvcErrorFallback =>
  function show(error, retry) {
    const { code } = error as { code?: string };
    return (
      <div data-testid={`fallback-${embedId}`} style={{ background: '#fee', height: '100%' }}>
        <p>
          This view could not load (<code data-testid={`code-${embedId}`}>{code ?? 'no code'}</code>).
        </p>
        <button type="button" data-testid={`retry-${embedId}`} onClick={retry}>
          Try again
        </button>
      </div>
    );
  };

const frameStyle = { height: 300, width: 600, border: '1px solid #ccd' } as const;
const small = { height: 120, width: 220 } as const;

/** `?scenario=switch`: one signed dashboard whose `session` prop the app sets when its viewer changes. */
function Switch() {
  const [session, setSession] = useState<string | undefined>(undefined);
  useEffect(() => {
    w.__setSession = setSession;
  }, []);
  return (
    <SvcProvider tenantOrigin={tenant} getSession={getSession}>
      <SvcDashboard embedId="main" publicId="sales-overview" session={session} onEvent={record('main')} onError={report('main')} errorFallback={fallback('main')} style={frameStyle} />
    </SvcProvider>
  );
}

/** `?scenario=wake&count=20`: signed dashboards whose renewals fall due together while the machine sleeps. */
function Wake({ count }: { count: number }) {
  return (
    <SvcProvider tenantOrigin={tenant} getSession={getSession}>
      {Array.from({ length: count }, (_, index) => `d${index}`).map((id) => (
        <SvcDashboard key={id} embedId={id} publicId="sales-overview" onEvent={record(id)} onError={report(id)} errorFallback={fallback(id)} style={small} />
      ))}
    </SvcProvider>
  );
}

/**
 * `?scenario=failures`: an app with one working embed among three that cannot work (a tenant origin without a
 * scheme, a tenant nobody answers at, a tenant whose pages refuse to be framed), and a counter of its own. The
 * two private embeds that wait for a `ready` are given a time limit on it, on the embed and on the provider.
 */
function Failures() {
  const [clicks, setClicks] = useState(0);
  const readyTimeoutMs = Number(params.get('readyTimeoutMs'));
  const count = useCallback(() => setClicks((value) => value + 1), []);
  return (
    <>
      <header>
        <button type="button" data-testid="counter" onClick={count}>
          Clicked {clicks} times
        </button>
      </header>
      <SvcDashboard embedId="good" tenantOrigin={tenant} publicId="sales-overview" onEvent={record('good')} onError={report('good')} errorFallback={fallback('good')} style={frameStyle} />
      <SvcDashboard
        embedId="badprop"
        tenantOrigin="acme.example.com"
        publicId="sales-overview"
        onEvent={record('badprop')}
        onError={report('badprop')}
        errorFallback={fallback('badprop')}
        style={frameStyle}
      />
      <SvcDashboard
        embedId="unreachable"
        tenantOrigin={params.get('unreachable') ?? ''}
        publicId="sales-overview"
        readyTimeoutMs={readyTimeoutMs}
        onEvent={record('unreachable')}
        onError={report('unreachable')}
        errorFallback={fallback('unreachable')}
        style={frameStyle}
      />
      <SvcProvider tenantOrigin={params.get('blocked') ?? ''} readyTimeoutMs={readyTimeoutMs}>
        <SvcDashboard embedId="blocked" publicId="sales-overview" onEvent={record('blocked')} onError={report('blocked')} errorFallback={fallback('blocked')} style={frameStyle} />
      </SvcProvider>
    </>
  );
}

function Host() {
  if (scenario === 'wake') return <Wake count={Number(params.get('count') ?? 20)} />;
  if (scenario === 'failures') return <Failures />;
  return <Switch />;
}

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <Host />
  </StrictMode>,
);
