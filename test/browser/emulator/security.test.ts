import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningEmulator, startEmulator } from '../../../dist/emulator/index.js';
import { createActionMessage } from '../../../src/protocol/index.js';
import { connectChromium } from '../support/connectChromium.js';
import { mintSession } from './support/emulatorClient.js';
import { openEmbed } from './support/embedPage.js';
import { startHostServer, type TestServer } from './support/servers.js';

let browser: Browser;
let emulator: RunningEmulator;
let hostServer: TestServer;
let foreignServer: TestServer;
/** The emulator's clock, moved forward by the expiry test. */
let clockOffset = 0;

beforeAll(async () => {
  [browser, emulator, hostServer, foreignServer] = await Promise.all([
    connectChromium(),
    startEmulator({ port: 0, host: 'localhost', now: () => Date.now() + clockOffset }),
    startHostServer(),
    startHostServer(),
  ]);
});

afterAll(async () => {
  await browser?.close();
  await emulator?.close();
  await hostServer?.close();
  await foreignServer?.close();
});

/** Opens an address of the emulator in the host page and waits for the page script to report something. */
async function open(path: string) {
  const embed = await openEmbed(browser, hostServer.origin, `${emulator.url}${path}`);
  await embed.page.waitForFunction(() => window.svcEvents.length > 0);
  return embed;
}

/** Asserts the embed shows its error state and reported exactly one fatal error, and no ready. */
async function expectErrorState(embed: Awaited<ReturnType<typeof open>>, message: RegExp): Promise<void> {
  const error = await embed.waitForEvent('svc:event:error');
  expect(error.payload).toMatchObject({ fatal: true });
  expect(error.payload.message).toMatch(message);
  expect((await embed.events()).map((event) => event.type)).toEqual(['svc:event:error']);
  expect(await embed.frame.textContent('[data-testid="error-message"]')).toBe(error.payload.message);
  expect(await embed.frame.isVisible('[data-testid="error-state"]')).toBe(true);
}

describe('emulator page in Chromium: error states', () => {
  it('shows an error and sends a fatal error, not ready, for a session used twice', async () => {
    const session = await mintSession(emulator);
    const first = await open(`/embed/dashboard/sales-overview?session=${session}`);
    expect((await first.events())[0]?.type).toBe('svc:event:ready');
    await first.page.close();
    const second = await open(`/embed/dashboard/sales-overview?session=${session}`);
    await expectErrorState(second, /already used/);
    await second.page.close();
  });

  it('shows an error for an expired session', async () => {
    const session = await mintSession(emulator);
    clockOffset = 6 * 60 * 1000;
    try {
      const embed = await open(`/embed/chat?sessionId=${session}`);
      await expectErrorState(embed, /expired/);
      expect((await embed.events())[0]?.surface).toBe('chat');
      await embed.page.close();
    } finally {
      clockOffset = 0;
    }
  });

  it('shows an error for an app address without a session and for an unknown dashboard', async () => {
    const app = await open('/embed/d/42/app');
    await expectErrorState(app, /signed-only/);
    await app.page.close();
    const missing = await open('/embed/dashboard/no-such-dashboard');
    await expectErrorState(missing, /no-such-dashboard/);
    await missing.page.close();
  });

  it('shows an error and reports it when the boot config cannot be read', async () => {
    const embed = await openEmbed(browser, hostServer.origin, `${hostServer.origin}/broken-embed`);
    const error = await embed.waitForEvent('svc:event:error');
    expect(error.payload).toMatchObject({ name: 'BootConfigError', context: 'boot', fatal: true });
    expect(await embed.frame.isVisible('[data-testid="error-state"]')).toBe(true);
    await embed.page.close();
  });
});

describe('emulator page in Chromium: who may drive it', () => {
  it('ignores actions from a sibling window on the host origin and from a foreign origin', async () => {
    const embed = await open('/embed/dashboard/sales-overview');
    await embed.waitForEvent('svc:event:dashboard-loaded');
    const dark = encodeURIComponent(JSON.stringify(createActionMessage('svc:action:set-color-scheme', { scheme: 'dark' })));
    const bad = encodeURIComponent(JSON.stringify({ source: 'svc-embed', direction: 'action', type: 'svc:action:set-filter', payload: {}, timestamp: 1 }));
    const target = encodeURIComponent(emulator.url);
    for (const origin of [hostServer.origin, foreignServer.origin]) {
      await embed.page.evaluate((src) => window.addSibling(src), `${origin}/sibling?target=${target}&action=${dark}`);
      await embed.page.evaluate((src) => window.addSibling(src), `${origin}/sibling?target=${target}&action=${bad}`);
    }
    // The page counts the messages it ignored: all four arrived, and none took effect or got an answer.
    await embed.frame.waitForSelector('html[data-ignored-messages="4"]');
    expect(await embed.frame.getAttribute('html', 'data-color-scheme')).toBe('light');
    expect(await embed.eventsOf('svc:event:error')).toEqual([]);
    expect(await embed.otherMessages()).toEqual([]);

    // The same actions from the parent window are obeyed, and the bad one is answered.
    await embed.send('svc:action:set-color-scheme', { scheme: 'dark' });
    await embed.frame.waitForSelector('html[data-color-scheme="dark"]');
    await embed.sendRaw({ source: 'svc-embed', direction: 'action', type: 'svc:action:set-filter', payload: {}, timestamp: 1 });
    expect((await embed.waitForEvent('svc:event:error')).payload).toMatchObject({ context: 'svc:action:set-filter', fatal: false });
    expect(embed.pageErrors).toEqual([]);
    await embed.page.close();
  });
});
