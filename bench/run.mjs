// `npm run bench`: every figure side by side with its baseline, medians of several runs, one table.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { cpus, tmpdir } from 'node:os';
import { extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { build as esbuild } from 'esbuild';
import { chromium } from 'playwright-core';
import { build } from 'vite';
import { measureScrub } from './scrub.mjs';
import { measureSizes } from './size.mjs';

const here = fileURLToPath(new URL('.', import.meta.url));
const repo = fileURLToPath(new URL('..', import.meta.url));
// The full browser, the one the README's figures were measured in (the test suite prefers the headless shell).
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(CHROMIUM)) {
  console.error(`npm run bench measures in Chromium at ${CHROMIUM}, which is missing: install Debian's package with "apt-get install -y chromium", or point CHROMIUM_PATH at a Chromium or Chrome binary.`);
  process.exit(1);
}
/**
 * The budgets the project holds, as the size test holds them: min+gzip bytes of the React entry
 * (`import { SvcDashboard }`) and of the whole protocol entry, and the bridge's dispatch per message against a
 * raw `message` listener.
 */
const SIZE_BUDGETS = { 'svc-embed-react': 10_240, 'svc-embed-react/protocol': 6_144 };
const DISPATCH_GOAL = 1.5;
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const percentile = (values, p) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.ceil((p / 100) * values.length) - 1)];
/** Progress on standard error, so a long run shows where it is. */
const progress = (what) => process.stderr.write(`[bench ${new Date().toISOString().slice(11, 19)}] ${what}\n`);
const round = (value, digits = 2) => Math.round(value * 10 ** digits) / 10 ** digits;

/**
 * Builds the bench pages and serves them on 127.0.0.1: `/` the measurement page, `/ssr` the dashboard page
 * rendered to HTML here (react-dom/server, per request) for hydration, `/csr` the same page with an empty root
 * (mounted client-only by the same script).
 */
async function servePage(tenant) {
  const outDir = mkdtempSync(join(tmpdir(), 'svc-bench-'));
  const keepAliveEntry = join(repo, 'dist/keepAlive/index.js');
  // Longest first: the subpath must not be read as the main entry plus a path.
  const alias = {
    'svc-embed-react/keep-alive': keepAliveEntry,
    'svc-embed-react': join(repo, 'dist/index.js'),
  };
  await build({
    configFile: false,
    logLevel: 'silent',
    root: join(here, 'page'),
    plugins: [react()],
    resolve: { alias },
    define: { 'process.env.NODE_ENV': '"production"' },
    build: { outDir, emptyOutDir: true, rollupOptions: { input: { main: join(here, 'page/index.html'), ssr: join(here, 'page/ssr.html') } } },
  });
  // The server side: one CommonJS bundle with its own React, so nothing depends on where it is loaded from.
  const serverFile = join(outDir, 'server.cjs');
  await esbuild({
    stdin: {
      contents: "import { createElement } from 'react'; import { renderToString } from 'react-dom/server'; import { DashboardPage } from './DashboardPage'; export const render = (tenant) => renderToString(createElement(DashboardPage, { tenant }));",
      resolveDir: join(here, 'page'),
      loader: 'tsx',
    },
    bundle: true,
    platform: 'node',
    format: 'cjs',
    jsx: 'automatic',
    alias,
    nodePaths: [join(repo, 'node_modules')],
    define: { 'process.env.NODE_ENV': '"production"' },
    outfile: serverFile,
    logLevel: 'silent',
  });
  const { render } = createRequire(import.meta.url)(serverFile);
  const template = readFileSync(join(outDir, 'ssr.html'), 'utf8').replace('__TENANT__', tenant);
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    if (path === '/ssr' || path === '/csr') {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end(path === '/ssr' ? template.replace('<!--app-->', render(tenant)) : template);
      return;
    }
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
    serverHtml: render(tenant),
    close: () => new Promise((resolve) => { server.closeAllConnections(); server.close(resolve); rmSync(outDir, { recursive: true, force: true }); }),
  };
}

const { startEmulator } = await import(join(repo, 'dist/emulator/index.js'));
const [emulator, browser] = await Promise.all([startEmulator({ port: 0, host: 'localhost' }), chromium.launch({ executablePath: CHROMIUM, args: ARGS })]);
const page0 = await servePage(emulator.url);
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

progress('size');
// 1. Size
results.figures.size = await measureSizes();

progress('dispatch');
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
  goal: DISPATCH_GOAL,
};

progress('scrub');
// 2b. The credential scrubber over 1 MB of adversarial inputs, with no secret and with the most a page remembers.
results.figures.scrub = await measureScrub();

progress('renders');
// 3. Renders while 1,000 events of other kinds arrive.
results.figures.renders = { events: 1000, ...(await page.evaluate(() => window.bench.renders(1000))), goal: { host: 0, sibling: 0 } };

progress('leaks');
// 5. Leaks: 1,000 mount/unmount cycles.
await page.evaluate(() => window.bench.cycles(50));
const before = await heap();
const left = await page.evaluate(() => window.bench.cycles(1000));
const after = await heap();
results.figures.leaks = { cycles: 1000, ...left, heapGrowthBytes: after - before, goalHeapGrowthBytes: 1_000_000 };

progress('latency');
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

const stats = (values, digits = 1) => ({ median: round(median(values), digits), p95: round(percentile(values, 95), digits), runs: values.length });
const isEmbedDocument = (request) => request.resourceType() === 'document' && new URL(request.url()).pathname.startsWith('/embed/');

progress('server rendering');
// 6. Server-rendered and hydrated vs client-only, from navigation start. Each run in a new context (cold
// cache, new connections), alternating which goes first.
const SSR_RUNS = 16;
const ssrRuns = { ssr: [], csr: [] };
for (let i = 0; i < SSR_RUNS; i++) {
  for (const kind of i % 2 === 0 ? ['ssr', 'csr'] : ['csr', 'ssr']) {
    const ctx = await browser.newContext();
    const tab = await ctx.newPage();
    await tab.goto(`${page0.url}/${kind}`);
    await tab.waitForFunction(() => window.__timings?.readyAt !== undefined && window.__timings?.shownAt !== undefined, null, { timeout: 15_000 });
    ssrRuns[kind].push(
      await tab.evaluate(() => ({
        ...window.__timings,
        fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
        htmlBytes: performance.getEntriesByType('navigation')[0]?.transferSize ?? 0,
      })),
    );
    await ctx.close();
  }
}
const pick = (runs, field) => runs.map((r) => r[field]);
results.figures.serverRendering = Object.fromEntries(
  Object.entries(ssrRuns).map(([kind, runs]) => [
    kind,
    { ready: stats(pick(runs, 'readyAt')), shown: stats(pick(runs, 'shownAt')), iframeCreated: stats(pick(runs, 'frameCreatedAt')), firstContentfulPaint: stats(pick(runs, 'fcp')) },
  ]),
);
results.figures.serverRendering.serverHtml = {
  preconnect: /<link rel="preconnect" href="[^"]+"/.test(page0.serverHtml),
  iframe: page0.serverHtml.includes('<iframe'),
  bytes: Buffer.byteLength(page0.serverHtml),
  html: page0.serverHtml,
};

progress('keep-alive');
// 7. Keep-alive revisits, fresh mounts and preloaded mounts, on the moveBefore path and on the overlay path.
const KEEP_RUNS = 20;
const FRESH_RUNS = 12;
const PRELOAD_RUNS = 12;
results.figures.keepAlive = {};
for (const path of ['move', 'overlay']) {
  const ctx = await browser.newContext({ viewport: { width: 1000, height: 900 } });
  // Before the app loads: a browser without moveBefore, where the iframe lives in a layer over its host.
  if (path === 'overlay') await ctx.addInitScript(() => delete Element.prototype.moveBefore);
  const tab = await ctx.newPage();
  let documents = 0;
  tab.on('request', (request) => {
    if (isEmbedDocument(request)) documents += 1;
  });
  await tab.goto(page0.url);
  await tab.waitForFunction(() => document.title === 'bench ready');
  const hasMove = await tab.evaluate(() => typeof Element.prototype.moveBefore === 'function');
  if (hasMove !== (path === 'move')) throw new Error(`${path} path: moveBefore is ${hasMove ? 'there' : 'missing'}`);

  progress(`keep-alive, ${path} path: fresh mounts`);
  const fresh = [];
  for (let i = 0; i < FRESH_RUNS; i++) fresh.push(await tab.evaluate((t) => window.bench.freshMount(t), emulator.url));

  progress(`keep-alive, ${path} path: revisits`);
  await tab.evaluate((t) => window.bench.keepAliveStart(t), emulator.url);
  const revisits = [];
  const documentsBefore = documents;
  for (let i = 0; i < KEEP_RUNS; i++) revisits.push(await tab.evaluate((t) => window.bench.keepAliveRevisit(t), emulator.url));
  const revisitDocuments = documents - documentsBefore;
  await tab.evaluate(() => window.bench.keepAliveStop());

  progress(`keep-alive, ${path} path: preloads`);
  const preloaded = [];
  let preloadDocuments = 0;
  for (let i = 0; i < PRELOAD_RUNS; i++) {
    const embedId = await tab.evaluate((t) => window.bench.preloadAndWait(t), emulator.url);
    const atMount = documents;
    preloaded.push(await tab.evaluate(([t, id]) => window.bench.mountPreloaded(t, id), [emulator.url, embedId]));
    preloadDocuments += documents - atMount;
  }
  await ctx.close();
  results.figures.keepAlive[path] = {
    revisit: { ms: stats(revisits.map((r) => r.ms)), frames: stats(revisits.map((r) => r.frames), 0), embedDocuments: revisitDocuments },
    fresh: { ms: stats(fresh.map((r) => r.ms)), frames: stats(fresh.map((r) => r.frames), 0) },
    preloaded: {
      readyMs: stats(preloaded.map((r) => r.readyMs), 2),
      shownMs: stats(preloaded.map((r) => r.ms)),
      shownFrames: stats(preloaded.map((r) => r.frames), 0),
      readyInFirstCommit: preloaded.filter((r) => r.readyInFirstCommit).length,
      embedDocumentsAtMount: preloadDocuments,
    },
  };
}

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
    .map((r) => {
      const budget = SIZE_BUDGETS[r.name];
      const goal = `<= ${budget.toLocaleString('en')} B (${budget / 1024} KB)`;
      if (r.error) return `| size: ${r.name} (${r.what}), min+gzip | failed: ${r.error} | | ${goal} |`;
      // The budget holds for both bundlers: the headroom is the smaller one's.
      const largest = Math.max(r.gzip, r.esbuildGzip ?? 0);
      return `| size: ${r.name} (${r.what}), min+gzip | ${KB(r.gzip)} (${r.gzip.toLocaleString('en')} B; esbuild ${(r.esbuildGzip ?? 0).toLocaleString('en')} B) | | ${goal} with either bundler, headroom ${(budget - largest).toLocaleString('en')} B |`;
    }),
  `| dispatch, per message (${N.toLocaleString('en')} messages; median of ${PAIRS} paired runs) | ${results.figures.dispatch.bridgeNsPerMessage} ns | raw listener ${results.figures.dispatch.rawNsPerMessage} ns (x${results.figures.dispatch.ratio}, pairs x${results.figures.dispatch.ratioRange.join('-x')}) | <= ${DISPATCH_GOAL}x |`,
  ...(() => {
    const { rows, buildMs, goalMs, secrets } = results.figures.scrub;
    const worst = rows.reduce((a, b) => (b.processorMedian > a.processorMedian ? b : a));
    const inputs = new Set(rows.map((row) => row.input)).size;
    return [
      `| scrub 1 MB, slowest of ${inputs} adversarial inputs with 0 and ${secrets} remembered secrets (median processor time; node bench/scrub.mjs lists each) | ${round(worst.processorMedian, 1)} ms (${worst.input}, ${worst.secrets} secrets) | matcher of ${secrets} secrets built in ${round(buildMs, 1)} ms | < ${goalMs} ms |`,
    ];
  })(),
  `| re-renders while 1,000 events arrive | host ${results.figures.renders.host}, sibling ${results.figures.renders.sibling} | | 0, 0 |`,
  `| ready -> queued actions posted, in the host (median / p95 of 20) | ${results.figures.latency.hostReadyToFlushedMsMedian} / ${results.figures.latency.hostReadyToFlushedMsP95} ms | | |`,
  `| ready leaves the embed -> first action handled there (median / p95 of 20; includes the embed rendering) | ${results.figures.latency.readyToFirstActionMsMedian} / ${results.figures.latency.readyToFirstActionMsP95} ms | | |`,
  `| mount -> dashboard-loaded (median of 20, alternating) | ${results.figures.latency.mountToLoadedComponentMsMedian} ms | bare iframe ${results.figures.latency.mountToLoadedBareIframeMsMedian} ms (x${results.figures.latency.ratio}) | <= 1.05x |`,
  `| 1,000 mount/unmount cycles | routes ${left.routes}, listening ${left.listening}, registry ${left.registry}, iframes ${left.iframes}; heap ${(results.figures.leaks.heapGrowthBytes / 1024).toFixed(1)} KB | | 0 left; heap < 1 MB |`,
  ...(() => {
    const sr = results.figures.serverRendering;
    const ms = (s) => `${s.median} / ${s.p95} ms`;
    const html = `server HTML ${sr.serverHtml.bytes} B, preconnect ${sr.serverHtml.preconnect ? 'yes' : 'no'}, iframe ${sr.serverHtml.iframe ? 'yes' : 'no'}`;
    const rows = [
      `| navigation -> ready, server-rendered + hydrateRoot (median / p95 of ${sr.ssr.ready.runs}, cold context each) | ${ms(sr.ssr.ready)} | createRoot only ${ms(sr.csr.ready)} | |`,
      `| navigation -> shown (iframe opacity 1), server-rendered + hydrated | ${ms(sr.ssr.shown)} | createRoot only ${ms(sr.csr.shown)} | |`,
      `| navigation -> iframe created / first contentful paint, server-rendered (${html}) | ${ms(sr.ssr.iframeCreated)} / ${ms(sr.ssr.firstContentfulPaint)} | createRoot only ${ms(sr.csr.iframeCreated)} / ${ms(sr.csr.firstContentfulPaint)} | |`,
    ];
    for (const [path, k] of Object.entries(results.figures.keepAlive)) {
      const how = path === 'move' ? 'moveBefore path' : 'overlay path (no moveBefore)';
      rows.push(
        `| keepAlive revisit, flushSync mount -> iframe shown over its host, ${how} (median / p95 of ${k.revisit.ms.runs}) | ${k.revisit.frames.median} / ${k.revisit.frames.p95} frames, ${ms(k.revisit.ms)}; ${k.revisit.embedDocuments} embed documents | fresh mount ${k.fresh.frames.median} / ${k.fresh.frames.p95} frames, ${ms(k.fresh.ms)} | 1 frame, 0 documents |`,
        `| preloadEmbed, then mount (keepAlive, same identity) -> ready / -> shown, ${how} (median / p95 of ${k.preloaded.readyMs.runs}) | ${ms(k.preloaded.readyMs)} (ready in the mount's own commit: ${k.preloaded.readyInFirstCommit} of ${k.preloaded.readyMs.runs}) / ${k.preloaded.shownFrames.median} frames, ${ms(k.preloaded.shownMs)}; ${k.preloaded.embedDocumentsAtMount} embed documents | fresh mount ${ms(k.fresh.ms)} to shown | ready at mount |`,
      );
    }
    return rows;
  })(),
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
