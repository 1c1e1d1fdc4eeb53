import { describe, expect, it } from 'vitest';
import { mintSession, publishDashboard } from './support/emulatorClient.js';
import { openEmbed } from './support/embedPage.js';
import { startEmbedRig } from './support/embedRig.js';
import { readDownload } from './support/readDownload.js';

// The platform's newer embedding features as the emulator's page shows them (spec-decisions.md, "The
// platform's newer embedding features"): time zones, placement switches, session settings, the viewer's
// profile and branch, dashboard-level exports, revocation. Few page loads, each checking several things.

const rig = startEmbedRig();
const PROFILE = { displayName: 'Dana Scully', picture: 'https://avatars.example.com/dana.png' };

const open = (path: string) => openEmbed(rig.browser, rig.hostServer.origin, `${rig.emulator.url}${path}`);
const html = (embed: Awaited<ReturnType<typeof open>>, name: string) => embed.frame.evaluate((key) => document.documentElement.dataset[key], name);
const count = (embed: Awaited<ReturnType<typeof open>>, testId: string) => embed.frame.locator(`[data-testid="${testId}"]`).count();

describe('emulator page in Chromium: the newer platform features', () => {
  it('a dashboard: session zone, then the runtime action; hiding switches only on "false"; AI taken away; profile, branch; PNG and PDF exports', async () => {
    const publicId = await publishDashboard(rig.emulator, 'Entitlements', [
      { id: 'w-region', type: 'CHART', position: { x: 0, y: 0, w: 6, h: 4 }, config: { title: 'Revenue by region', measure: 'orders.revenue', dimension: 'orders.region' } },
      { id: 'w-ai', type: 'AI', position: { x: 6, y: 0, w: 6, h: 4 }, config: { title: 'Ask' } },
    ]);
    const session = await mintSession(rig.emulator, {
      settings: { allowAi: false, showDashboardSettings: false, timezone: 'Asia/Tokyo' },
      branchName: 'staging',
      userProfile: PROFILE,
    });
    // Every hiding switch at the exact "false" but two: a near miss ("0", "FALSE") changes nothing.
    const query = new URLSearchParams({
      session,
      allowExport: 'true',
      showDashboardBackButton: 'false',
      showDashboardEditButton: 'false',
      showDashboardDuplicateButton: '0',
      showDashboardTitle: 'FALSE',
    });
    const embed = await open(`/embed/dashboard/${publicId}?${query}`);
    await embed.waitForEvent('svc:event:dashboard-loaded');

    // The zone: the session's (no address parameter), drawn with Intl in that zone.
    expect(await html(embed, 'timezone')).toBe('Asia/Tokyo');
    expect(await html(embed, 'timezoneSource')).toBe('session');
    expect(await embed.frame.textContent('[data-testid="as-of"]')).toMatch(/GMT\+9/);
    // The runtime action wins over every source; a bare offset or an unknown zone is ignored (the zone stays).
    await embed.send('svc:action:set-timezone', { timezone: 'America/New_York' });
    await embed.frame.waitForSelector('html[data-timezone="America/New_York"][data-timezone-source="action"]');
    await embed.send('svc:action:set-timezone', { timezone: '+05:30' });
    await embed.send('svc:action:set-timezone', { timezone: 'Mars/Olympus_Mons' });
    await embed.send('svc:action:set-locale', { locale: 'de-DE' });
    await embed.frame.waitForSelector('html[data-locale="de-DE"]');
    expect(await html(embed, 'timezone')).toBe('America/New_York');
    const drawn = await embed.frame.evaluate(() => {
      const element = document.querySelector<HTMLElement>('[data-testid="as-of"]');
      const at = Number(element?.dataset.at);
      const expected = new Intl.DateTimeFormat('de-DE', { year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', timeZone: 'America/New_York', timeZoneName: 'short' }).format(at);
      return { text: element?.textContent, expected };
    });
    expect(drawn.text).toBe(drawn.expected);
    expect(await embed.eventsOf('svc:event:error')).toEqual([]);

    // Placement switches: hidden only on the exact literal.
    expect(await count(embed, 'dashboard-back')).toBe(0);
    expect(await count(embed, 'dashboard-edit')).toBe(0);
    expect(await count(embed, 'dashboard-duplicate')).toBe(1);
    expect(await count(embed, 'dashboard-title')).toBe(1);
    // Session settings: no agent, no AI widget (allowAi: false); no settings control (showDashboardSettings: false).
    expect(await count(embed, 'agent-input')).toBe(0);
    expect(await embed.frame.locator('[data-widget-id="w-ai"]').count()).toBe(0);
    expect(await count(embed, 'dashboard-settings')).toBe(0);
    expect((await embed.eventsOf('svc:event:dashboard-loaded'))[0]?.payload.widgetCount).toBe(1);
    // The viewer's profile and the session's branch.
    expect(await embed.frame.textContent('[data-testid="viewer-name"]')).toBe('Dana Scully');
    expect(await embed.frame.getAttribute('[data-testid="viewer-picture"]', 'src')).toBe(PROFILE.picture);
    expect(await embed.frame.getAttribute('[data-testid="viewer-picture"]', 'referrerpolicy')).toBe('no-referrer');
    expect(await embed.frame.textContent('[data-testid="branch"]')).toBe('staging');

    // The dashboard-level export menu: PNG and PDF, each a real file and a download event on the dashboard.
    const title = (await embed.frame.textContent('[data-testid="dashboard-title"]')) ?? '';
    const [png] = await Promise.all([embed.page.waitForEvent('download'), embed.frame.click('[data-testid="export-dashboard-png"]')]);
    expect((await embed.waitForEvent('svc:event:download')).payload).toEqual({ format: 'png', target: 'dashboard', title });
    expect((await readDownload(png)).subarray(1, 4).toString('latin1')).toBe('PNG');
    const [pdf] = await Promise.all([embed.page.waitForEvent('download'), embed.frame.click('[data-testid="export-dashboard-pdf"]')]);
    expect((await embed.waitForEvent('svc:event:download', 2)).payload).toEqual({ format: 'pdf', target: 'dashboard', title });
    const pdfText = (await readDownload(pdf)).toString('latin1');
    expect(pdfText.startsWith('%PDF-')).toBe(true);
    // The printed figures say when they were read, in the zone in force.
    expect(pdfText).toMatch(/GMT-5|EST/);
    expect(embed.pageErrors).toEqual([]);
    await embed.page.close();
  });

  it('the address zone wins over the session zone; the app hides its back button and the creator controls the session withholds', async () => {
    const session = await mintSession(rig.emulator, {
      creatorMode: true,
      settings: { timezone: 'Asia/Tokyo', showWorkbookShare: false, showGroupByCube: false, showWorkbookChat: false },
    });
    const embed = await open(`/embed/d/42/app/workbook/130?session=${session}&timezone=Europe%2FBerlin&showWorkbookBackButton=false`);
    await embed.waitForEvent('svc:event:view');
    expect(await html(embed, 'timezone')).toBe('Europe/Berlin');
    expect(await html(embed, 'timezoneSource')).toBe('address');
    expect(await count(embed, 'workbook-back')).toBe(0);
    expect(await count(embed, 'workbook-share')).toBe(0);
    expect(await count(embed, 'group-by-cube')).toBe(0);
    expect(await count(embed, 'agent-input')).toBe(0);
    // What the session leaves alone stays: member names, chat authoring.
    expect(await count(embed, 'member-names')).toBe(1);
    expect(await count(embed, 'chat-authoring')).toBe(1);
    await embed.page.close();

    // A bare offset in the address is ignored: the session's zone shows, and the back button is there.
    const other = await open(`/embed/d/42/app/workbook/130?session=${await mintSession(rig.emulator, { creatorMode: true, settings: { timezone: 'Asia/Tokyo' } })}&timezone=%2B05%3A30`);
    await other.waitForEvent('svc:event:view');
    expect(await html(other, 'timezoneSource')).toBe('session');
    expect(await count(other, 'workbook-back')).toBe(1);
    expect(await count(other, 'workbook-share')).toBe(1);
    await other.page.close();
  });

  it('a chat without AI fails with a fatal AiNotAllowedError, and a revoked session ends like an expired one', async () => {
    const chat = await open(`/embed/chat?sessionId=${await mintSession(rig.emulator, { settings: { allowAi: false } })}`);
    const error = await chat.waitForEvent('svc:event:error');
    expect(error.payload).toMatchObject({ name: 'AiNotAllowedError', fatal: true });
    expect(await chat.eventsOf('svc:event:ready')).toEqual([]);
    expect(await count(chat, 'chat-input')).toBe(0);
    await chat.page.close();

    const session = await mintSession(rig.emulator);
    const embed = await open(`/embed/chat?sessionId=${session}`);
    await embed.waitForEvent('svc:event:ready');
    const revoked = await fetch(`${rig.emulator.url}/api/v1/embed/session/revoke`, {
      method: 'POST',
      headers: { authorization: `Bearer ${rig.emulator.credentials.apiToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ sessionId: session }),
    });
    expect(revoked.status).toBe(204);
    // The token is refused at its next request: the page reports it as an expiry.
    await embed.send('svc:action:refresh');
    await embed.waitForEvent('svc:event:error');
    const types = (await embed.events()).map((event) => event.type);
    expect(types.slice(-2)).toEqual(['svc:event:session-expired', 'svc:event:error']);
    expect((await embed.eventsOf('svc:event:error'))[0]?.payload).toMatchObject({ name: 'SessionExpiredError', fatal: true, message: expect.stringMatching(/revoked/) });
    await embed.page.close();
  });
});
