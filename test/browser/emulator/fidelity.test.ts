import { crc32 } from 'node:zlib';
import type { Download } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { startEmulator } from '../../../dist/emulator/index.js';
import { mintSession } from './support/emulatorClient.js';
import { type EmbedPage, openEmbed } from './support/embedPage.js';
import { startEmbedRig } from './support/embedRig.js';
import { readDownload } from './support/readDownload.js';

const rig = startEmbedRig();

async function open(path: string, emulatorUrl = rig.emulator.url): Promise<EmbedPage> {
  const embed = await openEmbed(rig.browser, rig.hostServer.origin, `${emulatorUrl}${path}`);
  await embed.page.waitForFunction(() => window.svcEvents.length > 0);
  return embed;
}

/** The entries of a stored zip, each checked against the CRC-32 its headers record. */
function readStoredZip(bytes: Buffer): Map<string, string> {
  const entries = new Map<string, string>();
  let at = 0;
  while (bytes.readUInt32LE(at) === 0x04034b50) {
    expect(bytes.readUInt16LE(at + 8), 'stored, not compressed').toBe(0);
    const crc = bytes.readUInt32LE(at + 14);
    const size = bytes.readUInt32LE(at + 18);
    const nameLength = bytes.readUInt16LE(at + 26);
    const name = bytes.subarray(at + 30, at + 30 + nameLength).toString('utf8');
    const data = bytes.subarray(at + 30 + nameLength, at + 30 + nameLength + size);
    expect(crc32(data), `CRC of ${name}`).toBe(crc);
    entries.set(name, data.toString('utf8'));
    at += 30 + nameLength + size;
  }
  // The central directory lists every entry, and the end record points at it.
  const end = bytes.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  expect(bytes.readUInt16LE(end + 10)).toBe(entries.size);
  expect(bytes.readUInt32LE(end + 16)).toBe(at);
  return entries;
}

/** Checks a PDF's structure: header, trailer, and every cross-reference offset pointing at its object. */
function checkPdf(bytes: Buffer): string {
  const text = bytes.toString('latin1');
  expect(text.startsWith('%PDF-1.')).toBe(true);
  expect(text.trimEnd().endsWith('%%EOF')).toBe(true);
  const xrefAt = Number(/startxref\n(\d+)/.exec(text)?.[1]);
  expect(text.slice(xrefAt, xrefAt + 4)).toBe('xref');
  const offsets = [...text.slice(xrefAt).matchAll(/^(\d{10}) 00000 n $/gm)].map((m) => Number(m[1]));
  expect(offsets.length).toBeGreaterThan(4);
  for (const [index, offset] of offsets.entries()) expect(text.slice(offset).startsWith(`${index + 1} 0 obj`)).toBe(true);
  return text;
}

async function download(embed: EmbedPage, selector: string): Promise<{ file: Download; bytes: Buffer }> {
  const [file] = await Promise.all([embed.page.waitForEvent('download'), embed.frame.click(selector)]);
  return { file, bytes: await readDownload(file) };
}

describe('emulator fidelity in Chromium: downloads', () => {
  it('saves real CSV, XLSX, PNG and PDF files and reports each format', async () => {
    const embed = await open('/embed/dashboard/sales-overview?allowExport=true');
    await embed.waitForEvent('svc:event:dashboard-loaded');
    const widget = '[data-widget-id="revenue-by-region"]';

    const csv = await download(embed, `${widget} [data-testid="download-csv"]`);
    expect(csv.file.suggestedFilename()).toBe('revenue-by-region.csv');
    const csvLines = csv.bytes.toString('utf8').trim().split('\r\n');
    expect(csvLines[0]).toBe('region,revenue');

    const xlsx = await download(embed, `${widget} [data-testid="download-xlsx"]`);
    expect(xlsx.file.suggestedFilename()).toBe('revenue-by-region.xlsx');
    const parts = readStoredZip(xlsx.bytes);
    expect([...parts.keys()].sort()).toEqual(['[Content_Types].xml', '_rels/.rels', 'xl/_rels/workbook.xml.rels', 'xl/workbook.xml', 'xl/worksheets/sheet1.xml']);
    const sheet = parts.get('xl/worksheets/sheet1.xml') ?? '';
    // The same figures as the CSV, numbers as numbers.
    for (const line of csvLines.slice(1)) {
      const [region, revenue] = line.split(',');
      expect(sheet).toContain(`<t xml:space="preserve">${region}</t></is></c><c r="B`);
      expect(sheet).toContain(`<v>${revenue}</v>`);
    }

    const png = await download(embed, `${widget} [data-testid="download-png"]`);
    expect(png.file.suggestedFilename()).toBe('revenue-by-region.png');
    expect(png.bytes.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    expect(png.bytes.subarray(12, 16).toString('latin1')).toBe('IHDR');
    expect([png.bytes.readUInt32BE(16), png.bytes.readUInt32BE(20)]).toEqual([1600, 900]);

    const sheetAll = readStoredZip((await download(embed, '[data-testid="export-dashboard-xlsx"]')).bytes).get('xl/worksheets/sheet1.xml') ?? '';
    expect(sheetAll.match(/<row /g)).toHaveLength(201);

    const pdf = await download(embed, '[data-testid="export-dashboard-pdf"]');
    expect(pdf.file.suggestedFilename()).toBe('sales-overview.pdf');
    const pdfText = checkPdf(pdf.bytes);
    expect(pdfText).toContain('(Sales overview) Tj');
    expect(pdfText).toContain('(Revenue over time');

    const downloads = (await embed.eventsOf('svc:event:download')).map((event) => event.payload);
    expect(downloads).toEqual([
      { format: 'csv', target: 'widget', widgetId: 'revenue-by-region', title: 'Revenue by region', rowCount: 4 },
      { format: 'xlsx', target: 'widget', widgetId: 'revenue-by-region', title: 'Revenue by region', rowCount: 4 },
      { format: 'png', target: 'widget', widgetId: 'revenue-by-region', title: 'Revenue by region' },
      { format: 'xlsx', target: 'dashboard', title: 'Sales overview', rowCount: 200 },
      { format: 'pdf', target: 'dashboard', title: 'Sales overview' },
    ]);
    expect(embed.pageErrors).toEqual([]);
    await embed.page.close();
  });
});

describe('emulator fidelity in Chromium: the seeded dashboard', () => {
  it('regroups its date chart by the time grain and shows its text widget', async () => {
    const embed = await open('/embed/dashboard/sales-overview');
    await embed.waitForEvent('svc:event:dashboard-loaded');
    const bars = async () => embed.frame.locator('[data-widget-id="revenue-over-time"] [data-testid="bar"]').evaluateAll((els) => els.map((el) => el.getAttribute('data-key')));
    const months = await bars();
    expect(months).toEqual(['2026-01', '2026-02', '2026-03', '2026-04', '2026-05', '2026-06']);
    await embed.frame.click('[data-grain="week"]');
    await embed.frame.waitForFunction(() => document.querySelectorAll('[data-widget-id="revenue-over-time"] [data-testid="bar"]').length > 6);
    const weeks = await bars();
    expect(weeks.length).toBeGreaterThanOrEqual(24);
    expect(weeks.every((key) => /^202[56]-\d\d-\d\d$/.test(key ?? '') && new Date(`${key}T00:00:00Z`).getUTCDay() === 1)).toBe(true);
    await embed.frame.click('[data-grain="day"]');
    await embed.frame.waitForFunction((count) => document.querySelectorAll('[data-widget-id="revenue-over-time"] [data-testid="bar"]').length > count, weeks.length);
    const text = embed.frame.locator('[data-widget-id="title"]');
    expect(await text.locator('h2').textContent()).toBe('Orders at a glance');
    expect(await text.locator('[data-testid="text-widget"]').textContent()).toMatch(/Sample orders/);
    await embed.page.close();
  });
});

describe('emulator fidelity in Chromium: events', () => {
  it('reports the agent in ai-query, answers in the locale, and a signed chat reports its deployment', async () => {
    const session = await mintSession(rig.emulator);
    const chat = await open(`/embed/chat?sessionId=${session}&locale=de-DE&agentId=sales-agent`);
    expect((await chat.waitForEvent('svc:event:ready')).payload).toMatchObject({ mode: 'signed', deploymentId: 42, surface: 'chat' });
    await chat.frame.fill('[data-testid="chat-input"]', 'revenue by region');
    await chat.frame.click('[data-testid="chat-send"]');
    const done = await chat.waitForEvent('svc:event:ai-query', 2);
    expect(done.payload).toMatchObject({ status: 'completed', agentId: 'sales-agent' });
    expect(await chat.frame.textContent('[data-testid="chat-answer"]')).toMatch(/^Revenue nach region, über 200 Zeilen:[\s\S]*Gesamt: /);
    await chat.page.close();

    const dashboard = await open('/embed/dashboard/sales-overview');
    await dashboard.waitForEvent('svc:event:dashboard-loaded');
    await dashboard.frame.fill('[data-testid="agent-input"]', 'orders by status');
    await dashboard.frame.click('[data-testid="agent-submit"]');
    expect((await dashboard.waitForEvent('svc:event:ai-query')).payload).toMatchObject({ status: 'submitted', agentId: 'svc-emulator-agent' });
    await dashboard.page.close();
  });

  it('obeys a refresh sent with no payload at all', async () => {
    const embed = await open('/embed/dashboard/sales-overview');
    await embed.waitForEvent('svc:event:dashboard-loaded');
    await embed.sendRaw({ source: 'svc-embed', direction: 'action', type: 'svc:action:refresh', timestamp: Date.now() });
    await embed.waitForEvent('svc:event:dashboard-loaded', 2);
    // A refresh with a payload of the wrong kind is still refused.
    await embed.sendRaw({ source: 'svc-embed', direction: 'action', type: 'svc:action:refresh', payload: 'now', timestamp: Date.now() });
    expect((await embed.waitForEvent('svc:event:error')).payload).toMatchObject({ context: 'svc:action:refresh', fatal: false });
    expect((await embed.eventsOf('svc:event:error')).length).toBe(1);
    await embed.page.close();
  });
});

describe('emulator fidelity in Chromium: sessions', () => {
  it('refuses a session loaded twice with SessionError, and does not spend a session a page refused', async () => {
    const session = await mintSession(rig.emulator);
    const refused = await open(`/embed/dashboard/no-such-dashboard?session=${session}`);
    expect((await refused.waitForEvent('svc:event:error')).payload).toMatchObject({ name: 'NotFoundError', fatal: true });
    await refused.page.close();
    const first = await open(`/embed/dashboard/sales-overview?session=${session}`);
    expect((await first.waitForEvent('svc:event:ready')).payload).toMatchObject({ mode: 'signed' });
    await first.page.close();
    const second = await open(`/embed/dashboard/sales-overview?session=${session}`);
    const error = await second.waitForEvent('svc:event:error');
    expect(error.payload).toMatchObject({ name: 'SessionError', fatal: true, message: expect.stringMatching(/already used/) });
    expect(await second.eventsOf('svc:event:ready')).toEqual([]);
    await second.page.close();
  });

  it('shows the expired state at its next action once its token expired: session-expired, then the fatal SessionExpiredError', async () => {
    const embed = await open(`/embed/dashboard/sales-overview?session=${await mintSession(rig.emulator)}`);
    await embed.waitForEvent('svc:event:dashboard-loaded');
    expect(rig.emulator.expireEmbedTokens()).toBeGreaterThanOrEqual(1);
    const started = Date.now();
    await embed.send('svc:action:set-color-scheme', { scheme: 'dark' });
    const error = await embed.waitForEvent('svc:event:error');
    // Well before the periodic check (20 s): the action itself asked.
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(error.payload).toEqual({ name: 'SessionExpiredError', message: expect.stringMatching(/session expired/i), context: 'session', fatal: true });
    // The newer protocol's event comes first; older hosts act on the fatal error after it.
    const types = (await embed.events()).map((event) => event.type);
    expect(types.indexOf('svc:event:session-expired')).toBe(types.indexOf('svc:event:error') - 1);
    expect(await embed.frame.getAttribute('[data-testid="session-expired"]', 'data-error-name')).toBe('SessionExpiredError');
    // The surface is kept, out of the viewer's reach; a host action is not applied, and the host is told.
    expect(await embed.frame.$eval('#root', (root) => (root as HTMLElement).inert)).toBe(true);
    await embed.send('svc:action:refresh');
    const dropped = await embed.waitForEvent('svc:event:error', 2);
    expect(dropped.payload).toMatchObject({ name: 'SessionExpiredError', context: 'svc:action:refresh', fatal: false });
    expect(await embed.eventsOf('svc:event:dashboard-loaded')).toHaveLength(1);
    await embed.page.close();
  });

  it('notices an expired token by itself, without any action, within its check interval', async () => {
    const emulator = await startEmulator({ port: 0, host: 'localhost', tokenCheckIntervalMs: 300 });
    try {
      const chat = await open(`/embed/chat?sessionId=${await mintSession(emulator)}`, emulator.url);
      await chat.waitForEvent('svc:event:view');
      // Served by POST, as a test runner or another process would.
      const answer = await fetch(`${emulator.url}/_emulator/expire-embed-tokens`, { method: 'POST' });
      expect(await answer.json()).toEqual({ expired: 1 });
      const error = await chat.waitForEvent('svc:event:error');
      expect(error.payload).toMatchObject({ name: 'SessionExpiredError', fatal: true });
      expect(error.surface).toBe('chat');
      await chat.page.close();
    } finally {
      await emulator.close();
    }
  });
});
