import { mkdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseEventMessage } from '../../../src/protocol/index.js';
import { mintSession, readBoot } from './support/emulatorClient.js';
import { openEmbed } from './support/embedPage.js';
import { startEmbedRig } from './support/embedRig.js';

const BASE = '/embed/d/42/app';
const rig = startEmbedRig();

/** Opens the creator-mode app (signed-only: with a fresh session) at `path`, and waits for its first view. */
async function openApp(path = BASE) {
  const session = await mintSession(rig.emulator, { creatorMode: true });
  const embed = await openEmbed(rig.browser, rig.hostServer.origin, `${rig.emulator.url}${path}?session=${session}`);
  await embed.waitForEvent('svc:event:view');
  return embed;
}

describe('emulator app page in Chromium', () => {
  it('sends ready then view for the home page', async () => {
    const embed = await openApp();
    const events = await embed.events();
    expect(events.map((event) => event.type)).toEqual(['svc:event:ready', 'svc:event:view']);
    for (const event of events) expect(parseEventMessage(event).ok).toBe(true);
    expect(events[0]?.payload).toEqual({ embedTenant: 'acme', deploymentId: 42, mode: 'signed', surface: 'app' });
    expect(events[1]?.payload).toEqual({ surface: 'app', path: BASE, title: 'Home' });
    const boot = await readBoot(embed.frame);
    expect(await embed.frame.locator('[data-testid="folder-list"] a').count()).toBe(boot.app?.folders.length);
    mkdirSync('test-results', { recursive: true });
    await embed.page.screenshot({ path: 'test-results/emulator-app.png' });
    expect(embed.pageErrors).toEqual([]);
    await embed.page.close();
  });

  it('routes in-embed links with pushState, reporting navigate and view for each', async () => {
    const embed = await openApp();
    const { frame } = embed;
    const boot = await readBoot(frame);
    const folder = boot.app?.folders[0];
    const workbook = boot.app?.workbooks.find((item) => item.folderId === folder?.id);
    if (!folder || !workbook) throw new Error('the seed has no folder with a workbook');

    await frame.click(`[data-testid="folder-list"] a[data-path="${BASE}/folder/${folder.id}"]`);
    const navigate = await embed.waitForEvent('svc:event:navigate');
    expect(navigate.payload).toEqual({ path: `${BASE}/folder/${folder.id}`, previousPath: BASE });
    const view = await embed.waitForEvent('svc:event:view', 2);
    expect(view.payload).toEqual({ surface: 'app', path: `${BASE}/folder/${folder.id}`, title: folder.name });
    expect(new URL(frame.url()).pathname).toBe(`${BASE}/folder/${folder.id}`);
    expect(await frame.textContent('[data-testid="app-main"] h1')).toBe(folder.name);

    await frame.click(`[data-testid="workbook-list"] a[data-path="${BASE}/workbook/${workbook.id}"]`);
    const second = await embed.waitForEvent('svc:event:navigate', 2);
    expect(second.payload).toEqual({ path: `${BASE}/workbook/${workbook.id}`, previousPath: `${BASE}/folder/${folder.id}` });
    expect((await embed.waitForEvent('svc:event:view', 3)).payload.title).toBe(workbook.name);
    expect(await frame.getAttribute('[data-testid="app-main"]', 'data-route')).toBe('workbook');
    // The page never reloaded: a single ready.
    expect(await embed.eventsOf('svc:event:ready')).toHaveLength(1);

    // The browser's back button inside the frame goes back in the app, and is reported too.
    await frame.evaluate(() => history.back());
    const back = await embed.waitForEvent('svc:event:navigate', 3);
    expect(back.payload).toEqual({ path: `${BASE}/folder/${folder.id}`, previousPath: `${BASE}/workbook/${workbook.id}` });
    await embed.page.close();
  });

  it('follows svc:action:navigate, and refuses a path outside the app without going anywhere', async () => {
    const embed = await openApp();
    const { frame } = embed;
    const boot = await readBoot(frame);
    const workbook = boot.app?.workbooks.at(-1);
    if (!workbook) throw new Error('the seed has no workbook');
    await embed.send('svc:action:navigate', { path: `${BASE}/workbook/${workbook.id}` });
    const navigate = await embed.waitForEvent('svc:event:navigate');
    expect(navigate.payload).toEqual({ path: `${BASE}/workbook/${workbook.id}`, previousPath: BASE });
    expect((await embed.waitForEvent('svc:event:view', 2)).payload).toEqual({ surface: 'app', path: `${BASE}/workbook/${workbook.id}`, title: workbook.name });
    expect(await frame.textContent('[data-testid="app-main"] h1')).toBe(workbook.name);
    mkdirSync('test-results', { recursive: true });
    await embed.page.screenshot({ path: 'test-results/emulator-app-workbook.png' });

    await embed.send('svc:action:navigate', { path: '/embed/chat' });
    const error = await embed.waitForEvent('svc:event:error');
    expect(error.payload).toMatchObject({ context: 'svc:action:navigate', fatal: false, name: 'NavigationError' });
    expect(new URL(frame.url()).pathname).toBe(`${BASE}/workbook/${workbook.id}`);

    // An unknown page inside the app is a page too: the app's not-found page.
    await embed.send('svc:action:navigate', { path: `${BASE}/workbook/999999` });
    expect((await embed.waitForEvent('svc:event:view', 3)).payload.path).toBe(`${BASE}/workbook/999999`);
    expect(await frame.getAttribute('[data-testid="app-main"]', 'data-route')).toBe('not-found');
    await embed.page.close();
  });

  it('opens straight on a deep path the server was asked for', async () => {
    const embed = await openApp(`${BASE}/workbook/130`);
    const [view] = await embed.eventsOf('svc:event:view');
    expect(view?.payload.path).toBe(`${BASE}/workbook/130`);
    expect(await embed.frame.getAttribute('[data-testid="app-main"]', 'data-route')).toBe('workbook');
    await embed.page.close();
  });

  it('reports an agent question asked in the app with the app surface', async () => {
    const embed = await openApp(`${BASE}/workbook/130`);
    await embed.frame.fill('[data-testid="agent-input"]', 'count by category');
    await embed.frame.click('[data-testid="agent-submit"]');
    const completed = await embed.waitForEvent('svc:event:ai-query', 2);
    expect(completed.surface).toBe('app');
    expect(completed.payload).toMatchObject({ query: 'count by category', status: 'completed' });
    await embed.page.close();
  });
});
