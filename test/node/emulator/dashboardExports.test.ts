import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningEmulator, startEmulator } from '../../../src/emulator/index.js';
import { seedWorkspace } from '../../../src/emulator/seedWorkspace.js';
import { callEmulator } from './support/callEmulator.js';
import { readPdf, readPng } from './support/readExportFiles.js';
import { request } from 'node:http';

// Host-driven export: a job per request (queued, rendering, done), its PNG or PDF file, the print layout
// with every table row and a filter summary, and everything dropped five minutes after submission.
let emu: RunningEmulator;
let now = Date.UTC(2026, 9, 1);

beforeAll(async () => {
  emu = await startEmulator({ port: 0, quiet: true, now: () => now });
});
afterAll(() => emu.close());

const auth = () => `Bearer ${emu.credentials.apiToken}`;
const call = (method: string, path: string, body?: unknown) => callEmulator(emu.url, method, `/api/v1/deployments/42/dashboard-exports${path}`, { auth: auth(), body });

/** Downloads a file as bytes with its headers. */
function download(jobId: string): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; bytes: Uint8Array }> {
  return new Promise((resolve, reject) => {
    const outgoing = request(new URL(`/api/v1/deployments/42/dashboard-exports/${jobId}/download`, emu.url), { headers: { authorization: auth() } }, (incoming) => {
      const chunks: Buffer[] = [];
      incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
      incoming.on('end', () => resolve({ status: incoming.statusCode ?? 0, headers: incoming.headers, bytes: new Uint8Array(Buffer.concat(chunks)) }));
    });
    outgoing.on('error', reject);
    outgoing.end();
  });
}

/** Starts a job and polls it to the end, recording the states it went through. */
async function runJob(body: Record<string, unknown>): Promise<{ jobId: string; states: string[] }> {
  const started = await call('POST', '', body);
  expect(started.status, started.text).toBe(202);
  expect(started.json).toEqual({ jobId: expect.stringMatching(/^exp_/), status: 'queued' });
  const states = [started.json.status as string];
  while (!['done', 'failed'].includes(states.at(-1) as string)) {
    const polled = await call('GET', `/${started.json.jobId}`);
    expect(polled.status).toBe(200);
    states.push(polled.json.status);
    expect(states.length).toBeLessThan(5);
  }
  return { jobId: started.json.jobId as string, states };
}

describe('a dashboard export', () => {
  it('goes queued, rendering, done, and its PNG is a valid image of the dashboard', async () => {
    const { jobId, states } = await runJob({ publicId: 'sales-overview', format: 'png' });
    expect(states).toEqual(['queued', 'rendering', 'done']);
    const file = await download(jobId);
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['content-disposition']).toBe('attachment; filename="sales-overview.png"');
    const png = readPng(file.bytes);
    expect(png.width).toBe(1200);
    expect(png.height).toBeGreaterThan(600);
    // The page's background, a card's white and a bar's blue are all there.
    expect(png.pixel(2, 2)).toEqual([246, 247, 249]);
    const colours = new Set<string>();
    for (let y = 0; y < png.height; y += 7) for (let x = 0; x < png.width; x += 7) colours.add(png.pixel(x, y).join(','));
    expect(colours).toContain('255,255,255');
    expect(colours).toContain('70,110,220');
  });

  it('renders a screenshot PDF as one page with every widget title', async () => {
    const { jobId } = await runJob({ publicId: 'sales-overview', format: 'pdf', layout: 'screenshot' });
    const file = await download(jobId);
    expect(file.headers['content-type']).toBe('application/pdf');
    const pdf = readPdf(file.bytes);
    expect(pdf.pages).toHaveLength(1);
    for (const title of ['Sales overview', 'Revenue by region', 'Orders by category', 'Revenue over time', 'Status']) expect(pdf.text).toContain(title);
  });

  it('renders the print layout as paginated A4 with a filter summary and every table row', async () => {
    const { jobId } = await runJob({ publicId: 'sales-overview', format: 'pdf', layout: 'print' });
    const file = await download(jobId);
    expect(file.headers['content-disposition']).toBe('attachment; filename="sales-overview-print.pdf"');
    const pdf = readPdf(file.bytes);
    expect(pdf.pages.length).toBeGreaterThan(2);
    for (const page of pdf.pages) expect([page.width, page.height]).toEqual([595, 842]);
    expect(pdf.pages.at(-1)?.texts).toContain(`Page ${pdf.pages.length} of ${pdf.pages.length}`);
    expect(pdf.text).toContain('Filters: Status (orders.status): all values');
    expect(pdf.text).toContain('Rendered as the API caller');
    // Every day of the date chart is a row of its table, whatever page it falls on.
    const days = new Set(seedWorkspace().dataset.rows.map((row) => row.order_date));
    const printed = new Set(pdf.text.split('\n').filter((line) => /^\d{4}-\d\d-\d\d \| /.test(line)).map((line) => line.slice(0, 10)));
    expect(printed).toEqual(days);
    for (const region of ['APAC', 'EU', 'LATAM', 'US']) expect(pdf.text).toMatch(new RegExp(`^${region} \\| [\\d.]+$`, 'm'));
  });

  it('renders as an embed user with renderAs, and records who', async () => {
    const { jobId } = await runJob({ publicId: 'sales-overview', format: 'pdf', layout: 'print', renderAs: { externalId: 'Dana', embedTenantName: 'acme' } });
    expect(readPdf((await download(jobId)).bytes).text).toContain('Rendered as embed user dana of embed tenant acme');
  });

  it('refuses png with the print layout, an unknown dashboard, and a file asked for too early', async () => {
    const png = await call('POST', '', { publicId: 'sales-overview', format: 'png', layout: 'print' });
    expect(png.status).toBe(400);
    expect(png.json.error.message).toMatch(/layout: the print layout is a paginated PDF: it needs format "pdf"/);
    expect((await call('POST', '', { publicId: 'nope', format: 'pdf' })).status).toBe(404);
    expect((await call('POST', '', { publicId: 'sales-overview', format: 'svg' })).status).toBe(400);
    const started = await call('POST', '', { publicId: 'sales-overview', format: 'pdf' });
    const early = await download(started.json.jobId);
    expect(early.status).toBe(409);
    // Another deployment cannot see the job.
    const other = await callEmulator(emu.url, 'GET', `/api/v1/deployments/43/dashboard-exports/${started.json.jobId}`, { auth: auth() });
    expect(other.status).toBe(404);
    // A key scoped to another deployment cannot start one.
    const scoped = await callEmulator(emu.url, 'POST', '/api/v1/deployments/43/dashboard-exports', {
      auth: `Bearer ${emu.credentials.scopedApiToken}`,
      body: { publicId: 'sales-overview', format: 'pdf' },
    });
    expect(scoped.status).toBe(403);
  });

  it('finishes on the clock too, and is dropped with its file five minutes after submission', async () => {
    const started = await call('POST', '', { publicId: 'sales-overview', format: 'pdf' });
    now += 1000;
    expect((await download(started.json.jobId)).status).toBe(200);
    now += 5 * 60_000 - 1001;
    expect((await call('GET', `/${started.json.jobId}`)).status).toBe(200);
    now += 1;
    expect((await call('GET', `/${started.json.jobId}`)).status).toBe(404);
    expect((await download(started.json.jobId)).status).toBe(404);
  });
});
