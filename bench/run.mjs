// `npm run bench`: every figure side by side with its baseline, medians of several runs, one table.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { cpus, tmpdir } from 'node:os';
import { extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { chromium } from 'playwright-core';
import { build } from 'vite';
import { measureSizes } from './size.mjs';

const here = fileURLToPath(new URL('.', import.meta.url));
const repo = fileURLToPath(new URL('..', import.meta.url));
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const percentile = (values, p) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.ceil((p / 100) * values.length) - 1)];
const round = (value, digits = 2) => Math.round(value * 10 ** digits) / 10 ** digits;

async function servePage() {
  const outDir = mkdtempSync(join(tmpdir(), 'svc-bench-'));
  await build({
    configFile: false,
    logLevel: 'silent',
    root: join(here, 'page'),
    plugins: [react()],
    resolve: { alias: { 'svc-embed-react': join(repo, 'dist/index.js') } },
    define: { 'process.env.NODE_ENV': '"production"' },
    build: { outDir, emptyOutDir: true },
  });
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    try {
      const body = readFileSync(join(outDir, path === '/' ? 'index.html' : path.replace(/\.\.+/g, '')));
      res.writeHead(200, { 'content-type': extname(path) === '.js' ? 'text/javascript' : 'text/html' });
      res.end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    close: () => new Promise((resolve) => { server.closeAllConnections(); server.close(resolve); rmSync(outDir, { recursive: true, force: true }); }),
  };
}

const { startEmulator } = await import(join(repo, 'dist/emulator/index.js'));
const [page0, emulator, browser] = await Promise.all([servePage(), startEmulator({ port: 0, host: 'localhost' }), chromium.launch({ executablePath: CHROMIUM, args: ARGS })]);
const context = await browser.newContext();
// In every frame, the embed's included: when the first action arrives. Date.now(), the clock the embed
// stamps `ready` with: performance.timeOrigin can sit tens of milliseconds off the wall clock.
await context.addInitScript(() => {
  // Only in embed frames: on the host page it would be one more listener in the dispatch figures.
  if (window === window.top) return;
  addEventListener('message', (event) => {
    if (event.data && event.data.direction === 'action' && window.__firstActionAt === undefined) window.__firstActionAt = Date.now();
  });
});
const page = await context.newPage();
await page.goto(page0.url);
await page.waitForFunction(() => document.title === 'bench ready');
const cdp = await context.newCDPSession(page);
const heap = async () => {
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('HeapProfiler.collectGarbage');
  return (await cdp.send('Runtime.getHeapUsage')).usedSize;
};

const results = { machine: `${cpus().length} cores, ${cpus()[0]?.model ?? 'unknown CPU'}, Node ${process.version}, Chromium ${browser.version()}`, at: new Date().toISOString(), figures: {} };

// 1. Size
results.figures.size = await measureSizes();

// 2. Dispatch cost: 100,000 messages per run, 15 pairs of runs. Each pair is measured back to back (which
// goes first alternates), and the ratio is the median of the pairs' ratios: this machine's speed drifts by
// tens of percent over a minute, which a ratio of two separate medians would mix in.
const N = 100_000;
const PAIRS = 15;
const raw = [];
const bridge = [];
const ratios = [];
await page.evaluate((n) => { window.bench.dispatch('raw', n / 10); window.bench.dispatch('bridge', n / 10); }, N);
for (let i = 0; i < PAIRS; i++) {
  const pair = {};
  for (const kind of i % 2 === 0 ? ['raw', 'bridge'] : ['bridge', 'raw']) {
    pair[kind] = await page.evaluate(([k, n]) => window.bench.dispatch(k, n), [kind, N]);
  }
  raw.push(pair.raw);
  bridge.push(pair.bridge);
  ratios.push(pair.bridge / pair.raw);
}
results.figures.dispatch = {
  messages: N,
  pairs: PAIRS,
  rawMsMedian: round(median(raw)),
  bridgeMsMedian: round(median(bridge)),
  rawNsPerMessage: round((median(raw) * 1e6) / N, 0),
  bridgeNsPerMessage: round((median(bridge) * 1e6) / N, 0),
  ratio: round(median(ratios)),
  ratioRange: [round(Math.min(...ratios)), round(Math.max(...ratios))],
  goal: 1.5,
};

// 3. Renders while 1,000 events of other kinds arrive.
results.figures.renders = { events: 1000, ...(await page.evaluate(() => window.bench.renders(1000))), goal: { host: 0, sibling: 0 } };

// 5. Leaks: 1,000 mount/unmount cycles.
await page.evaluate(() => window.bench.cycles(50));
const before = await heap();
const left = await page.evaluate(() => window.bench.cycles(1000));
const after = await heap();
results.figures.leaks = { cycles: 1000, ...left, heapGrowthBytes: after - before, goalHeapGrowthBytes: 1_000_000 };

// 4. Latency against the emulator.
const latencies = [];
const flushes = [];
for (let i = 0; i < 20; i++) {
  const { readyAt, hostFlushMs } = await page.evaluate((tenant) => window.bench.readyThenAction(tenant), emulator.url);
  flushes.push(hostFlushMs);
  const frame = page.frames().find((f) => f.url().includes('/embed/dashboard/'));
  const actionAt = await frame?.waitForFunction(() => window.__firstActionAt).then((h) => h.jsonValue());
  latencies.push(actionAt - readyAt);
  await page.evaluate(() => window.bench.unmountLatencyEmbed());
  await page.waitForTimeout(250);
}
const component = [];
const bare = [];
// Alternating which goes first, so neither always meets a warmer cache or the other's garbage.
for (let i = 0; i < 20; i++) {
  for (const kind of i % 2 === 0 ? ['bare', 'component'] : ['component', 'bare']) {
    const elapsed = await page.evaluate(([k, tenant]) => window.bench.mountToLoaded(k, tenant), [kind, emulator.url]);
    (kind === 'bare' ? bare : component).push(elapsed);
  }
}
results.figures.latency = {
  readyToFirstActionMsMedian: round(median(latencies)),
  readyToFirstActionMsP95: round(percentile(latencies, 95)),
  hostReadyToFlushedMsMedian: round(median(flushes), 3),
  hostReadyToFlushedMsP95: round(percentile(flushes, 95), 3),
  note: 'end to end: both ends read Date.now() (1 ms resolution); it includes the embed page rendering its widgets before it reads its message queue. host: from the ready message reaching the window to the queue flushed (performance.now())',
  mountToLoadedComponentMsMedian: round(median(component)),
  mountToLoadedBareIframeMsMedian: round(median(bare)),
  ratio: round(median(component) / median(bare)),
  goal: 1.05,
};

await browser.close();
await Promise.all([emulator.close(), page0.close()]);

const KB = (bytes) => `${(bytes / 1024).toFixed(2)} KB`;
const lines = [
  `svc-embed-react benchmark, ${results.at}`,
  `machine: ${results.machine}`,
  '',
  '| figure | ours | baseline | goal |',
  '|---|---|---|---|',
  ...results.figures.size
    .filter((r) => r.ours)
    .map((r) => `| size: ${r.name} (${r.what}), min+gzip | ${KB(r.gzip)} | | ${r.name.endsWith('protocol') ? '<= 5 KB' : '<= 8 KB'} |`),
  `| dispatch, per message (${N.toLocaleString('en')} messages; median of ${PAIRS} paired runs) | ${results.figures.dispatch.bridgeNsPerMessage} ns | raw listener ${results.figures.dispatch.rawNsPerMessage} ns (x${results.figures.dispatch.ratio}, pairs x${results.figures.dispatch.ratioRange.join('-x')}) | <= 1.5x |`,
  `| re-renders while 1,000 events arrive | host ${results.figures.renders.host}, sibling ${results.figures.renders.sibling} | | 0, 0 |`,
  `| ready -> queued actions posted, in the host (median / p95 of 20) | ${results.figures.latency.hostReadyToFlushedMsMedian} / ${results.figures.latency.hostReadyToFlushedMsP95} ms | | |`,
  `| ready leaves the embed -> first action handled there (median / p95 of 20; includes the embed rendering) | ${results.figures.latency.readyToFirstActionMsMedian} / ${results.figures.latency.readyToFirstActionMsP95} ms | | |`,
  `| mount -> dashboard-loaded (median of 20, alternating) | ${results.figures.latency.mountToLoadedComponentMsMedian} ms | bare iframe ${results.figures.latency.mountToLoadedBareIframeMsMedian} ms (x${results.figures.latency.ratio}) | <= 1.05x |`,
  `| 1,000 mount/unmount cycles | routes ${left.routes}, listening ${left.listening}, registry ${left.registry}, iframes ${left.iframes}; heap ${(results.figures.leaks.heapGrowthBytes / 1024).toFixed(1)} KB | | 0 left; heap < 1 MB |`,
  '',
  '| peer SDK (what is imported) | min+gzip |',
  '|---|---|',
  ...results.figures.size.map((r) => `| ${r.name} (${r.what}) | ${r.error ? `failed: ${r.error}` : KB(r.gzip)} |`),
];
console.log(lines.join('\n'));
mkdirSync(join(here, 'results'), { recursive: true });
writeFileSync(join(here, 'results', 'latest.json'), `${JSON.stringify(results, null, 2)}\n`);
writeFileSync(join(here, 'results', `bench-${results.at.replace(/[:.]/g, '-')}.json`), `${JSON.stringify(results, null, 2)}\n`);
writeFileSync(join(here, 'results', 'latest.md'), `${lines.join('\n')}\n`);
