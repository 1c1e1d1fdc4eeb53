import type { Download } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { staticPlayground } from '../support/staticPlayground.js';
import { figure, poll, storyPlaygroundForFile } from '../support/storyPage.js';

// The platform recipes of the playground (stories/PlatformRecipes.stories.tsx) as `npm start` shows them, on the
// static development build with the emulators and the playground backend behind it: the time zone picker
// redraws the dashboard's dates in the zone picked, "Export to PDF" and "Print" return real PDFs through the
// app's server route, "Log out" revokes on the server (the emulator refuses the old session and its token) and
// takes the embed down, and what a plan allows is signed into the session while an address switch only shapes
// the placement. One page load per story, each covering several checks.

const { openStory } = storyPlaygroundForFile(staticPlayground('development'));
const ignore = () => undefined;

/** The whole file of a download (read through its stream: the shared Chromium runs as a remote browser). */
async function bytesOf(download: Download): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** What the emulator says of an embed token, as a running embed page asks it. */
async function tokenStatus(emulator: string, token: string): Promise<{ status: number; body: { error?: { name: string; message: string } } }> {
  const response = await fetch(`${emulator}/embed/token-status`, { headers: { 'x-embed-token': token } });
  return { status: response.status, body: (await response.json()) as { error?: { name: string; message: string } } };
}

/** The emulator's answer when a session id is offered for a token, as the embed page offers it. */
async function exchange(emulator: string, sessionId: string): Promise<{ status: number; body: { error?: { name: string; message: string } } }> {
  const response = await fetch(`${emulator}/api/v1/embed/session/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ sessionId }),
  });
  return { status: response.status, body: (await response.json()) as { error?: { name: string; message: string } } };
}

/** Whether the emulator's answer refuses a token or a session because it was revoked (not expired or used). */
const isRevoked = (answer: { status: number; body: { error?: { message: string } } }) =>
  answer.status === 401 && /revoked/.test(answer.body.error?.message ?? '');

describe('the platform recipes', () => {
  it('report page: the picker redraws the zone; export and print return PDFs with file names; log out revokes and unmounts; signing in mints anew', async () => {
    // What the playground backend handed out and what the embed page exchanged them for.
    const sessionIds: string[] = [];
    const tokens: string[] = [];
    const { page, problems } = await openStory('platform-recipes--report-page-with-time-zone-export-and-logout', (page) =>
      page.on('response', (response) => {
        const path = new URL(response.url()).pathname;
        if (path === '/playground-api/platform/session' && response.ok()) {
          void response.json().then((body: { sessionId: string }) => sessionIds.push(body.sessionId), ignore);
        }
        if (path === '/api/v1/embed/session/token' && response.ok()) {
          void response.json().then((body: { embedToken: string }) => tokens.push(body.embedToken), ignore);
        }
      }),
    );
    const iframe = page.locator('iframe[data-svc-embed-id="report"]');
    const embed = page.frameLocator('iframe[data-svc-embed-id="report"]');
    const html = embed.locator('html');

    // The time zone: the picker's value in the address at load, then the runtime action, in the same document.
    await expect.poll(() => figure(page, 'ready'), poll).toBe('1');
    await expect.poll(() => html.getAttribute('data-timezone'), poll).toBe('America/New_York');
    expect(await html.getAttribute('data-timezone-source')).toBe('address');
    const before = await embed.getByTestId('as-of').textContent();
    await page.getByLabel('Time zone').selectOption('Asia/Tokyo');
    await expect.poll(() => html.getAttribute('data-timezone'), poll).toBe('Asia/Tokyo');
    expect(await html.getAttribute('data-timezone-source')).toBe('action');
    await expect.poll(() => embed.getByTestId('as-of').textContent(), poll).not.toBe(before);
    const drawn = await embed.getByTestId('as-of').evaluate((element) => ({
      text: element.textContent,
      expected: new Intl.DateTimeFormat(document.documentElement.dataset.locale, {
        year: 'numeric',
        month: 'short',
        day: 'numeric',
        hour: '2-digit',
        minute: '2-digit',
        timeZone: 'Asia/Tokyo',
        timeZoneName: 'short',
      }).format(Number((element as HTMLElement).dataset.at)),
    }));
    expect(drawn.text).toBe(drawn.expected);
    expect(drawn.text).toMatch(/GMT\+9/);
    expect(await figure(page, 'ready')).toBe('1');

    // Export to PDF: a real PDF from the app's route, saved under the name the route gave.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export to PDF' }).click()]);
    expect(download.suggestedFilename()).toBe('sales-overview.pdf');
    const exported = (await bytesOf(download)).toString('latin1');
    expect(exported.startsWith('%PDF-')).toBe(true);
    expect(exported).toContain('/Title (Sales overview)');
    expect(exported).not.toContain('Filters: ');
    expect(await figure(page, 'export-status')).toBe('Downloaded sales-overview.pdf');

    // Print: the print layout (A4 pages, the filter summary line, page numbers), opened inline in a new tab.
    const printed = page.waitForResponse((response) => new URL(response.url()).pathname === '/playground-api/platform/export');
    const popup = page.waitForEvent('popup');
    await page.getByRole('button', { name: 'Print' }).click();
    const response = await printed;
    expect(new URL(response.url()).searchParams.get('layout')).toBe('print');
    expect(response.headers()['content-type']).toBe('application/pdf');
    expect(response.headers()['content-disposition']).toBe('inline; filename="sales-overview-print.pdf"');
    await expect.poll(() => figure(page, 'export-status'), poll).toBe('Opened sales-overview-print.pdf to print');
    await popup;
    // The file the new tab was given, read back from the page that holds it.
    const href = (await page.getByTestId('print-file').getAttribute('href')) ?? '';
    expect(href).toMatch(/^blob:/);
    const print = Buffer.from(await page.evaluate(async (url) => [...new Uint8Array(await (await fetch(url)).arrayBuffer())], href)).toString('latin1');
    expect(print.startsWith('%PDF-')).toBe(true);
    expect(print).toContain('/MediaBox [0 0 595 842]');
    expect(print).toContain('(Filters: ');
    expect(print).toMatch(/\(Page 1 of \d+\)/);
    // Rendered as the viewer (`renderAs`), not as the API key's account.
    expect(print).toContain('(Rendered as embed user playground-pro-viewer of embed tenant playground)');
    await (await popup).close();

    // Log out: the backend revokes the viewer's sessions, then the embed is taken down. (Other files share the
    // emulator and may expire every token of it meanwhile, which renews the embed with a new session: what is
    // checked is revocation, told apart from expiry by the emulator's message.)
    const emulator = new URL((await iframe.getAttribute('src')) ?? '').origin;
    const minted = [...sessionIds];
    const held = [...tokens];
    expect(minted.length).toBeGreaterThanOrEqual(1);
    expect(held.length).toBeGreaterThanOrEqual(1);
    for (const token of held) expect(isRevoked(await tokenStatus(emulator, token))).toBe(false);
    const readyBefore = Number(await figure(page, 'ready'));
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.getByTestId('signed-out').waitFor({ timeout: 30_000 });
    expect(await page.locator('iframe[data-svc-embed-id]').count()).toBe(0);
    expect(await figure(page, 'logout')).toBe(`Revoked ${minted.length} session(s)`);
    expect(await figure(page, 'signed-in')).toBe('no');
    // The emulator refuses the tokens the embed held and every session minted for the sign-in, as revoked.
    for (const token of held) {
      const refused = await tokenStatus(emulator, token);
      expect(refused.status).toBe(401);
      expect(refused.body.error).toMatchObject({ name: 'SessionExpiredError', message: expect.stringMatching(/revoked/) });
    }
    for (const sessionId of minted) expect(isRevoked(await exchange(emulator, sessionId))).toBe(true);
    // Signed out, the backend mints nothing (Chromium logs that refusal: the one console error expected below).
    expect(problems).toEqual([]);
    const signedOut = await page.evaluate(async () => (await fetch('/playground-api/platform/session?plan=pro', { method: 'POST' })).status);
    expect(signedOut).toBe(401);

    // Signing in again mounts the embed with a new session, which holds.
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => figure(page, 'ready'), poll).toBe(String(readyBefore + 1));
    expect(sessionIds.length).toBeGreaterThan(minted.length);
    expect(minted).not.toContain(sessionIds[minted.length]);
    await expect.poll(() => tokens.length, poll).toBeGreaterThan(held.length);
    expect(isRevoked(await tokenStatus(emulator, tokens[held.length] as string))).toBe(false);
    expect(problems).toEqual([expect.stringMatching(/status of 401 .*\/playground-api\/platform\/session\?plan=pro\)$/)]);
    await page.close();
  }, 120_000);

  it("entitlements: the basic viewer's chat fails with AiNotAllowedError, the pro viewer's answers; the header switch hides only the tile's header", async () => {
    const { page, problems } = await openStory('platform-recipes--entitlements-versus-placement');
    const frameOf = (embedId: string) => page.frameLocator(`iframe[data-svc-embed-id="${embedId}"]`);

    await expect.poll(() => figure(page, 'chat-basic'), poll).toBe('AiNotAllowedError');
    await page.getByText('Ask AI is part of the Pro plan.').waitFor({ timeout: 30_000 });
    await expect.poll(() => figure(page, 'chat-pro'), poll).toBe('ready');
    const pro = frameOf('chat-pro');
    await pro.getByTestId('chat-input').fill('revenue by region');
    await pro.getByTestId('chat-send').click();
    await expect.poll(() => pro.getByTestId('chat-answer').getAttribute('data-status'), poll).toBe('completed');

    // The same dashboard in two placements: the report page keeps its header, the tile's address hides it.
    await frameOf('placement-page').getByTestId('dashboard-header').waitFor({ timeout: 30_000 });
    await frameOf('placement-tile').getByTestId('dashboard-grid').waitFor({ timeout: 30_000 });
    expect(await frameOf('placement-tile').getByTestId('dashboard-header').count()).toBe(0);
    const address = (embedId: string) => page.locator(`iframe[data-svc-embed-id="${embedId}"]`).getAttribute('src');
    expect(new URL((await address('placement-tile')) ?? '').searchParams.get('showDashboardHeader')).toBe('false');
    expect(new URL((await address('placement-page')) ?? '').searchParams.has('showDashboardHeader')).toBe(false);
    expect(problems).toEqual([]);
    await page.close();
  }, 120_000);
});
