import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningEmulator, startEmulator } from '../../../dist/emulator/index.js';
import { mintSession, readBoot } from './support/emulatorClient.js';
import { type EmbedPage, openEmbed } from './support/embedPage.js';
import { startEmbedRig } from './support/embedRig.js';

// In-place session renewal as the newer platform does it, on short token lifetimes: minted for 6 s,
// trusted for 5 s, announced 2 s ahead (3 s after the exchange).
const rig = startEmbedRig();
let renewing: RunningEmulator;
let older: RunningEmulator;

beforeAll(async () => {
  [renewing, older] = await Promise.all([
    startEmulator({ port: 0, host: 'localhost', quiet: true, embedTokenTtlMs: 6000, embedTokenTrustMarginMs: 1000, sessionExpiringLeadMs: 2000 }),
    startEmulator({ port: 0, host: 'localhost', quiet: true, embedTokenTtlMs: 3000, embedTokenTrustMarginMs: 1000, inPlaceRenewal: false }),
  ]);
});
afterAll(async () => {
  await renewing?.close();
  await older?.close();
});

const APP = '/embed/d/42/app/workbook/130';

async function open(emulator: RunningEmulator, path: string): Promise<EmbedPage> {
  const embed = await openEmbed(rig.browser, rig.hostServer.origin, `${emulator.url}${path}`);
  await embed.waitForEvent('svc:event:ready');
  return embed;
}

/** Milliseconds from `start` until the host page has `count` events of `type`. */
async function arrivalAfter(embed: EmbedPage, type: Parameters<EmbedPage['waitForEvent']>[0], start: number, count = 1): Promise<number> {
  await embed.waitForEvent(type, count);
  return Date.now() - start;
}

/** Sends set-session and waits until the embed answers it: a new ready, or an error about the action. */
async function setSession(embed: EmbedPage, sessionId: string): Promise<void> {
  const before = (await embed.events()).length;
  await embed.send('svc:action:set-session', { sessionId });
  await embed.page.waitForFunction(
    (n) => window.svcEvents.slice(n).some((e) => e.type === 'svc:event:ready' || (e.type === 'svc:event:error' && e.payload.context === 'svc:action:set-session')),
    before,
  );
}

describe('emulator page in Chromium: in-place session renewal', () => {
  it('announces the end 3 s after the exchange, expires at 5 s keeping its state, and carries on in place with a new session', async () => {
    const embed = await open(renewing, `${APP}?session=${await mintSession(renewing, { creatorMode: true })}`);
    const { frame } = embed;
    const boot = await readBoot(frame);
    const mintedAt = boot.serverNow ?? 0;
    await frame.fill('[data-testid="agent-input"]', 'revenue by region, unsent');
    const timeOrigin = await frame.evaluate(() => performance.timeOrigin);

    // expiresAt = minted + ttl - margin; the event arrives lead ms before it.
    const expiringAfter = await arrivalAfter(embed, 'svc:event:session-expiring', mintedAt);
    const [expiring] = await embed.eventsOf('svc:event:session-expiring');
    expect(expiring?.payload.expiresAt).toBe(boot.tokenExpiresAt);
    // serverNow is read just after the exchange, on a busy machine some milliseconds later (the node tests pin it exactly).
    expect(Math.abs((boot.tokenExpiresAt ?? 0) - mintedAt - 5000)).toBeLessThanOrEqual(50);
    expect(expiringAfter).toBeGreaterThanOrEqual(2900);
    expect(expiringAfter).toBeLessThan(4000);

    const expiredAfter = await arrivalAfter(embed, 'svc:event:session-expired', mintedAt);
    expect(expiredAfter).toBeGreaterThanOrEqual(4900);
    expect(expiredAfter).toBeLessThan(6000);
    expect(await embed.frame.isVisible('[data-testid="session-expired"]')).toBe(true);
    // Older hosts' signal follows the new event.
    const fatal = await embed.waitForEvent('svc:event:error');
    expect(fatal.payload).toMatchObject({ name: 'SessionExpiredError', fatal: true });
    const types = (await embed.events()).map((event) => event.type);
    expect(types.slice(-3)).toEqual(['svc:event:session-expiring', 'svc:event:session-expired', 'svc:event:error']);

    const sessionId = await mintSession(renewing, { creatorMode: true });
    const renewedAt = Date.now();
    await setSession(embed, sessionId);
    const ready = await embed.waitForEvent('svc:event:ready', 2);
    expect(ready.payload).toEqual({ embedTenant: 'acme', deploymentId: 42, mode: 'signed', surface: 'app' });
    // The same document, the same path and the same unsent input: nothing reloaded.
    expect(await frame.evaluate(() => performance.timeOrigin)).toBe(timeOrigin);
    expect(await frame.inputValue('[data-testid="agent-input"]')).toBe('revenue by region, unsent');
    const address = new URL(frame.url());
    expect(address.pathname).toBe(APP);
    // No token in the address, ever: the page keeps it in memory.
    expect(address.searchParams.has('embedToken')).toBe(false);
    expect(address.search).not.toContain(sessionId);
    expect(await frame.isVisible('[data-testid="session-expired"]')).toBe(false);
    expect(await frame.$eval('#root', (root) => (root as HTMLElement).inert)).toBe(false);
    // The page acts for the viewer again.
    await frame.click('[data-testid="agent-submit"]');
    expect((await embed.waitForEvent('svc:event:ai-query', 2)).payload).toMatchObject({ query: 'revenue by region, unsent', status: 'completed' });
    // The new token has its own schedule: announced about 3 s after the renewal.
    const secondExpiring = await arrivalAfter(embed, 'svc:event:session-expiring', renewedAt, 2);
    expect(secondExpiring).toBeGreaterThanOrEqual(2500);
    expect(secondExpiring).toBeLessThan(4000);
    expect(embed.pageErrors).toEqual([]);
    await embed.page.close();
  });

  it('refuses, without ending the page, a session of another viewer, another deployment, a used one and an unknown one', async () => {
    const embed = await open(rig.emulator, `/embed/dashboard/sales-overview?session=${await mintSession(rig.emulator)}`);
    const used = await mintSession(rig.emulator);
    const spent = await openEmbed(rig.browser, rig.hostServer.origin, `${rig.emulator.url}/embed/chat?sessionId=${used}`);
    await spent.waitForEvent('svc:event:ready');
    await spent.page.close();
    const cases: [string, RegExp][] = [
      [await mintSession(rig.emulator, { externalId: 'eve@example.com' }), /another viewer/],
      [await mintSession(rig.emulator, { deploymentId: 43 }), /deployment 43/],
      [used, /already used/],
      ['ses_never_issued', /not valid/],
    ];
    for (const [index, [sessionId, reason]] of cases.entries()) {
      await setSession(embed, sessionId);
      const refusal = await embed.waitForEvent('svc:event:error', index + 1);
      expect(refusal.payload).toEqual({ name: 'SessionError', message: expect.stringMatching(reason), context: 'svc:action:set-session', fatal: false });
      expect(refusal.payload.message).not.toContain(sessionId);
    }
    expect(await embed.eventsOf('svc:event:ready')).toHaveLength(1);
    // The page kept its token: it still acts for its viewer.
    await embed.send('svc:action:refresh');
    await embed.waitForEvent('svc:event:dashboard-loaded', 2);
    // The other viewer's session was refused before it was spent: it still opens a page of its own.
    const unspent = await openEmbed(rig.browser, rig.hostServer.origin, `${rig.emulator.url}/embed/chat?sessionId=${cases[0]?.[0]}`);
    expect((await unspent.waitForEvent('svc:event:ready')).payload.mode).toBe('signed');
    await unspent.page.close();
    await embed.page.close();
  });

  it('refuses set-session in private mode, and announces the end on demand (warn-embed-tokens) at the next action or return to the foreground', async () => {
    const privately = await open(rig.emulator, '/embed/dashboard/sales-overview');
    await setSession(privately, await mintSession(rig.emulator));
    expect((await privately.waitForEvent('svc:event:error')).payload).toMatchObject({ name: 'SessionError', message: expect.stringMatching(/private mode/), fatal: false });
    await privately.page.close();

    const embed = await open(rig.emulator, `/embed/chat?sessionId=${await mintSession(rig.emulator)}`);
    const boot = await readBoot(embed.frame);
    expect(await embed.eventsOf('svc:event:session-expiring')).toEqual([]);
    expect(rig.emulator.warnEmbedTokens()).toBeGreaterThanOrEqual(1);
    // The next action asks the server: the page learns its token is in its window.
    await embed.send('svc:action:refresh');
    expect((await embed.waitForEvent('svc:event:session-expiring')).payload).toEqual({ expiresAt: boot.tokenExpiresAt });
    expect(await embed.eventsOf('svc:event:session-expired')).toEqual([]);
    await embed.page.close();

    // A tab coming back to the foreground asks too, without any action: what timers missed is caught up.
    const background = await open(rig.emulator, `/embed/chat?sessionId=${await mintSession(rig.emulator)}`);
    expect(rig.emulator.warnEmbedTokens()).toBe(1);
    await background.frame.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    expect((await background.waitForEvent('svc:event:session-expiring')).payload.expiresAt).toBe((await readBoot(background.frame)).tokenExpiresAt);
    await background.page.close();
  });

  it('speaks the older protocol with inPlaceRenewal: false: no new events, set-session unknown, expiry ends the page', async () => {
    const session = await mintSession(older);
    const embed = await open(older, `/embed/dashboard/sales-overview?session=${await mintSession(older)}`);
    await setSession(embed, session);
    const unknown = await embed.waitForEvent('svc:event:error');
    expect(unknown.payload).toEqual({ name: 'UnknownActionError', message: 'unknown action type "svc:action:set-session"', context: 'svc:action:set-session', fatal: false });
    const fatal = await embed.waitForEvent('svc:event:error', 2);
    expect(fatal.payload).toMatchObject({ name: 'SessionExpiredError', context: 'session', fatal: true });
    expect(await embed.frame.isVisible('[data-testid="error-state"]')).toBe(true);
    const types = new Set((await embed.events()).map((event) => event.type));
    expect(types.has('svc:event:session-expiring') || types.has('svc:event:session-expired')).toBe(false);
    await embed.page.close();
    // The session it did not know what to do with was not spent.
    const fresh = await open(older, `/embed/chat?sessionId=${session}`);
    expect((await fresh.eventsOf('svc:event:ready'))[0]?.payload.mode).toBe('signed');
    await fresh.page.close();
  });
});
