import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../../src/emulator/index.js';
import { connectChromium } from '../support/connectChromium.js';
import { startBuiltEmulator } from '../support/startBuiltEmulator.js';
import { buildExample, type ExampleBuild, ensureExampleInstalled, type ServedExample, serveExample, type Variant } from './support/reactCompilerApp.js';

/**
 * examples/react-compiler (a Vite app compiled with React Compiler, in React's development build under
 * StrictMode) against the package as packed, and the same app built without the compiler: the same steps in
 * Chromium must give the same actions to the embed, the same callbacks with the same values, the same documents
 * and sessions. The app runs on 127.0.0.1 and the tenant on localhost: two origins, as in production.
 *
 * Tokens are short-lived: each embed page announces its token's end 7 s after its load (trusted for 29 s, announced
 * 22 s ahead), and the app renews its session in place then, after the steps that re-render and change props
 * (which take well under a second: the clicks of a step run in one task of the page). A token outlives every
 * check the embed page makes of it during the run, whatever the machine's load.
 */

const TOKEN = { embedTokenTtlMs: 30_000, embedTokenTrustMarginMs: 1_000, sessionExpiringLeadMs: 22_000 };
/** How long to watch for something that must not happen (an action after a re-render, a late document). */
const SETTLE_MS = 400;

let browser: Browser;
let emulator: RunningEmulator;
const builds = new Map<Variant, ExampleBuild>();
const servers = new Map<Variant, ServedExample>();

beforeAll(async () => {
  ensureExampleInstalled();
  [browser, emulator] = await Promise.all([connectChromium(), startBuiltEmulator({ port: 0, host: 'localhost', quiet: true, ...TOKEN })]);
  // The tenant's origin is baked into each build: the emulator runs first.
  const made = await Promise.all((['compiled', 'without-compiler'] as const).map((variant) => buildExample(variant, emulator.url)));
  for (const build of made) {
    builds.set(build.variant, build);
    servers.set(build.variant, await serveExample(build.dir, { SVC_TENANT_ORIGIN: emulator.url, SVC_API_TOKEN: emulator.credentials.apiToken }));
  }
  console.log(`[react-compiler example] vite build: ${made.map((b) => `${b.variant} ${(b.ms / 1000).toFixed(1)} s`).join(', ')}`);
}, 240_000);

afterAll(async () => {
  await Promise.all([...servers.values()].map((server) => server.close()));
  for (const build of builds.values()) build.remove();
  await browser?.close();
  await emulator?.close();
});

/** An action an embed document received from the app. */
interface SeenAction {
  /** Which embed document received it: 0 for the first the run loaded, 1 for the next. */
  readonly doc: number;
  readonly type: string;
  readonly payload: unknown;
}

/** What one run of the steps saw. */
interface Run {
  /** The app's log: what its callbacks (getSession, onReady, onSessionExpiring, onError) reported, in order. */
  readonly log: string[];
  readonly actions: SeenAction[];
  /** Actions received during three re-renders with equal props. */
  readonly actionsDuringRerenders: number;
  /** Embed document requests to the tenant. */
  readonly documents: string[];
  /** Sessions the app's route minted. */
  readonly minted: number;
  /** Page errors, console errors and failed responses, of the app and the embeds. */
  readonly errors: string[];
}

/**
 * The steps, in a fresh browser context: load (StrictMode), three re-renders (new callbacks, equal props), a
 * filter and the colour scheme changed, the session renewed in place when the token nears its end, a remount.
 */
async function runSteps(variant: Variant): Promise<Run> {
  const server = servers.get(variant) as ServedExample;
  const context = await browser.newContext({ viewport: { width: 1100, height: 900 } });
  const actions: SeenAction[] = [];
  const docs = new Map<string, number>();
  const documents: string[] = [];
  const errors: string[] = [];
  try {
    // Inside each tenant document (a cross-origin frame), every action message the app posts to it, reported
    // back with the document's own id.
    await context.exposeBinding('svcActionSeen', (_source, doc: string, type: string, payload: unknown) => {
      if (!docs.has(doc)) docs.set(doc, docs.size);
      actions.push({ doc: docs.get(doc) as number, type, payload });
    });
    await context.addInitScript((tenant: string) => {
      if (location.origin !== tenant) return;
      const doc = `${performance.timeOrigin}-${Math.random()}`;
      addEventListener('message', (event: MessageEvent) => {
        const data = event.data as { source?: unknown; direction?: unknown; type?: unknown; payload?: unknown } | null;
        if (data?.source !== 'svc-embed' || data.direction !== 'action') return;
        (window as unknown as { svcActionSeen: (doc: string, type: unknown, payload: unknown) => void }).svcActionSeen(doc, data.type, data.payload);
      });
    }, emulator.url);
    const page = await context.newPage();
    page.on('request', (request) => {
      if (request.resourceType() === 'document' && request.url().startsWith(`${emulator.url}/embed/`)) documents.push(request.url());
    });
    page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(`console: ${message.text()}`);
    });
    page.on('response', (response) => {
      if (response.status() >= 400) errors.push(`http ${response.status()}: ${response.url()}`);
    });
    const logLine = (line: string, timeout = 20_000) => page.getByText(line, { exact: true }).first().waitFor({ timeout });
    const settle = () => page.waitForTimeout(SETTLE_MS);
    /**
     * Clicks the buttons whose labels start with `labels`, in order, inside the page: one task each, a few
     * milliseconds apart (React renders between them), however busy the machine running the test is.
     */
    const clickInPage = (labels: readonly string[]) =>
      page.evaluate(async (starts: readonly string[]) => {
        for (const start of starts) {
          const button = [...document.querySelectorAll('button')].find((each) => each.textContent?.startsWith(start));
          if (!button) throw new Error(`no button "${start}…"`);
          button.click();
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
      }, labels);

    await page.goto(server.url);
    await logLine('ready signed mount=1 tick=0');
    const beforeRerenders = actions.length;
    await clickInPage(['Re-render', 'Re-render', 'Re-render']);
    await page.getByRole('button', { name: 'Re-render (3)' }).waitFor();
    await settle();
    const actionsDuringRerenders = actions.length - beforeRerenders;

    const propActions = () => actions.filter((action) => action.type !== 'svc:action:set-session').length;
    const before = propActions();
    await clickInPage(['Region: EU', 'Dark mode']);
    await expect.poll(propActions).toBe(before + 2);

    // The token nears its end (7 s after the first load): renewed in place through the newest getSession.
    await logLine('ready signed mount=1 tick=3');
    await page.getByRole('button', { name: 'Remount' }).click();
    await logLine('ready signed mount=2 tick=3');
    await settle();
    return {
      log: await page.locator('[data-testid="log"] li').allTextContents(),
      actions,
      actionsDuringRerenders,
      documents,
      minted: server.minted(),
      errors,
    };
  } catch (error) {
    throw new Error(`${variant}: ${error instanceof Error ? error.message : String(error)}\nseen ${JSON.stringify({ actions, documents, errors })}`);
  } finally {
    await context.close();
  }
}

describe('examples/react-compiler: the embed under React Compiler behaves as without it', () => {
  it('the compiler ran: the compiled bundle holds its memo cache runtime, the other not', () => {
    const runtime = (build: ExampleBuild | undefined) => (build?.modules ?? []).filter((module) => module.endsWith('/react/compiler-runtime.js'));
    expect(runtime(builds.get('compiled'))).toHaveLength(1);
    expect(runtime(builds.get('without-compiler'))).toEqual([]);
    // Both bundles hold the app and the package as an app imports it.
    for (const build of builds.values()) {
      expect(build.modules.some((module) => module.endsWith('/src/App.tsx'))).toBe(true);
      expect(build.modules.some((module) => module.endsWith('/node_modules/svc-embed-react/dist/index.js'))).toBe(true);
    }
  });

  it('controlled props, callbacks new on every render, StrictMode, a remount and a renewal: the same with and without it', async () => {
    const [compiled, plain] = await Promise.all([runSteps('compiled'), runSteps('without-compiler')]);
    for (const [variant, run] of [['compiled', compiled], ['without compiler', plain]] as const) {
      console.log(`[react-compiler example] ${variant}: ${run.actions.length} actions, ${run.documents.length} documents, ${run.minted} sessions, log ${JSON.stringify(run.log)}`);
      // What each callback reported, with the render it came from: the newest render's callbacks are the ones
      // called (the renewal's getSession and ready after three re-renders say tick=3), once each, although
      // StrictMode mounted every effect twice.
      expect(run.log, variant).toEqual([
        'getSession initial mount=1 tick=0',
        'ready signed mount=1 tick=0',
        'session-expiring mount=1 tick=3',
        'getSession renewal mount=1 tick=3',
        'ready signed mount=1 tick=3',
        'getSession initial mount=2 tick=3',
        'ready signed mount=2 tick=3',
      ]);
      // One document per mount: the renewal kept the first, the remount made the second.
      expect(run.documents, variant).toHaveLength(2);
      expect(run.minted, variant).toBe(3);
      // Re-renders with equal props (new objects and functions each time without the compiler) send nothing.
      expect(run.actionsDuringRerenders, variant).toBe(0);
      // The changes reached the first document once each, in order; the renewal's session went to it in place.
      const first = run.actions.filter((action) => action.doc === 0 && action.type !== 'svc:action:set-session');
      expect(first.slice(-2).map(({ type, payload }) => [type, payload]), variant).toEqual([
        ['svc:action:set-filter', { filterUrlParameter: expect.stringContaining('US') }],
        ['svc:action:set-color-scheme', { scheme: 'dark' }],
      ]);
      expect(run.actions.filter((action) => action.type === 'svc:action:set-session').map((action) => action.doc), variant).toEqual([0]);
      expect(run.errors, variant).toEqual([]);
    }
    // And the two runs alike, action by action (each session id is new, so only its document is compared).
    const comparable = (run: Run) => run.actions.map(({ doc, type, payload }) => (type === 'svc:action:set-session' ? { doc, type } : { doc, type, payload }));
    expect(comparable(compiled)).toEqual(comparable(plain));
  }, 120_000);
});
