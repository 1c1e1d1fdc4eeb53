import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Browser, chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator } from '../../../src/emulator/index.js';

// `frameAncestors: 'none'` must do in a real browser what the platform's pages do for a host missing from the
// account's allowed embed origins: the frame is blocked and the embed page never runs. Chromium, with a host
// page on another origin (127.0.0.1 hosts, the emulator answers on localhost).
const EXECUTABLE = ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((path) => existsSync(path)) ?? '/usr/bin/chromium';

let browser: Browser;
let host: Server;
let hostOrigin: string;

beforeAll(async () => {
  browser = await chromium.launch({
    executablePath: EXECUTABLE,
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
  // The host page frames whatever `?src=` names.
  host = createServer((request, response) => {
    const src = new URL(request.url ?? '/', 'http://x').searchParams.get('src') ?? '';
    response.writeHead(200, { 'content-type': 'text/html' });
    response.end(`<!doctype html><iframe id="embed" src="${src.replace(/"/g, '&quot;')}" width="800" height="600"></iframe>`);
  });
  await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
  hostOrigin = `http://127.0.0.1:${(host.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => host?.close(resolve));
});

/** Whether the emulator's embed page ran inside the host's frame. */
async function embedRan(frameAncestors: 'none' | 'self' | readonly string[] | undefined): Promise<boolean> {
  const emulator = await startEmulator({ port: 0, quiet: true, ...(frameAncestors === undefined ? {} : { frameAncestors }) });
  const page = await browser.newPage();
  try {
    const port = new URL(emulator.url).port;
    const src = `http://localhost:${port}/embed/dashboard/sales-overview`;
    // The host's load event waits for its frame, loaded or blocked (a blocked frame shows an error page).
    await page.goto(`${hostOrigin}/?src=${encodeURIComponent(src)}`, { waitUntil: 'load' });
    // A blocked frame is left on an error page, not the emulator's address.
    const child = page.frames().find((frame) => frame !== page.mainFrame() && frame.url().startsWith(`http://localhost:${port}/`));
    if (child === undefined) return false;
    return await child.evaluate(() => document.getElementById('svc-emulator-boot') !== null).catch(() => false);
  } finally {
    await page.close();
    await emulator.close();
  }
}

describe('frameAncestors in Chromium', () => {
  it('lets any site frame the embed pages by default', async () => {
    expect(await embedRan(undefined)).toBe(true);
  });

  it("blocks the frame with 'none', and with a list that leaves the host out", async () => {
    expect(await embedRan('none')).toBe(false);
    expect(await embedRan(['https://app.example.com'])).toBe(false);
  });

  it('lets a listed host frame them', async () => {
    expect(await embedRan([hostOrigin])).toBe(true);
  });
}, 60_000);
