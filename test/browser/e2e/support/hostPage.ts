import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import type { RunningEmulator } from '../../../../src/emulator/index.js';
import { mintSession } from '../../emulator/support/emulatorClient.js';
import { connectChromium } from '../../support/connectChromium.js';
import { startBuiltEmulator } from '../../support/startBuiltEmulator.js';
import { startHostApp } from './hostApp.js';

/** What a host-app test drives: Chromium, the host app, and the emulator the host embeds from. */
export interface HostRig {
  readonly browser: Browser;
  readonly host: Awaited<ReturnType<typeof startHostApp>>;
  readonly emulator: RunningEmulator;
}

/**
 * Connects to Chromium and starts a quiet emulator on localhost and the host app before the file's tests, and
 * closes them after. Call it at the top of a test file; its parts are there once the tests run.
 */
export function hostRigForFile(): HostRig {
  const rig = {} as { -readonly [K in keyof HostRig]: HostRig[K] };
  beforeAll(async () => {
    [rig.browser, rig.emulator, rig.host] = await Promise.all([connectChromium(), startBuiltEmulator({ port: 0, host: 'localhost', quiet: true }), startHostApp()]);
  });
  afterAll(async () => {
    await rig.browser?.close();
    await Promise.all([rig.emulator?.close(), rig.host?.close()]);
  });
  return rig;
}

/**
 * Mints a session on `tenant` the way an app's backend does, for one viewer; the app surface needs a session
 * minted in creator mode.
 */
export function mintForSurface(tenant: RunningEmulator, surface: string, viewer = 'viewer-1'): Promise<string> {
  return mintSession(tenant, { externalId: viewer, ...(surface === 'app' ? { creatorMode: true } : {}) });
}

/** A page of the host app, with what it asked of the tenant. */
export interface HostPage {
  readonly page: Page;
  /** The embed documents the page requested: each is one iframe load. */
  readonly documents: string[];
  /** The sessions the page's `getSession` was given, in order: each was minted for it. */
  readonly sessions: string[];
}

/**
 * Opens the host app of `rig` in a new page, embedding from the rig's emulator, with `query` (the scenario and
 * its settings) in its address. The page's `getSession` mints on that emulator ({@link mintForSurface}), or
 * answers with what `mintFor` gives (a test holding or replacing the backend's answer).
 * `withoutMoveBefore` takes `Element.prototype.moveBefore` away before any script runs, as a browser without
 * it would be.
 */
export async function openHostPage(
  rig: HostRig,
  query: Record<string, string>,
  {
    withoutMoveBefore = false,
    mintFor = (surface: string) => mintForSurface(rig.emulator, surface),
  }: { withoutMoveBefore?: boolean; mintFor?: (surface: string) => Promise<string> } = {},
): Promise<HostPage> {
  const tenant = rig.emulator;
  const page = await rig.browser.newPage({ viewport: { width: 1000, height: 900 } });
  if (withoutMoveBefore) await page.addInitScript(() => delete (Element.prototype as { moveBefore?: unknown }).moveBefore);
  const documents: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'document' && new URL(request.url()).pathname.startsWith('/embed/')) documents.push(request.url());
  });
  const sessions: string[] = [];
  await page.exposeFunction('mintSession', async (surface: string) => {
    const session = await mintFor(surface);
    sessions.push(session);
    return session;
  });
  await page.goto(`${rig.host.url}/?${new URLSearchParams({ tenant: tenant.url, ...query })}`);
  return { page, documents, sessions };
}
