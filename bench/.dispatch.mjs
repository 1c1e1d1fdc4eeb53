// `npm run bench`: every figure side by side with its baseline, medians of several runs, one table.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { cpus, tmpdir } from 'node:os';
import { extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { chromium } from 'playwright-core';
import { build } from 'vite';

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

const [page0, browser] = await Promise.all([servePage(), chromium.launch({ executablePath: CHROMIUM, args: ARGS })]);
const context = await browser.newContext();
const page = await context.newPage();
await page.goto(page0.url);
await page.waitForFunction(() => document.title === 'bench ready');
const results = { figures: {} };
// 2. Dispatch cost: 100,000 messages, 7 runs each, alternating.
const N = 100_000;
const raw = [];
const bridge = [];
await page.evaluate((n) => { window.bench.dispatch('raw', n / 10); window.bench.dispatch('bridge', n / 10); }, N);
for (let i = 0; i < 7; i++) {
  raw.push(await page.evaluate((n) => window.bench.dispatch('raw', n), N));
  bridge.push(await page.evaluate((n) => window.bench.dispatch('bridge', n), N));
}
results.figures.dispatch = {
  messages: N,
  rawMsMedian: round(median(raw)),
  bridgeMsMedian: round(median(bridge)),
  rawNsPerMessage: round((median(raw) * 1e6) / N, 0),
  bridgeNsPerMessage: round((median(bridge) * 1e6) / N, 0),
  ratio: round(median(bridge) / median(raw)),
  goal: 1.5,
};

console.log(results.figures.dispatch);
await browser.close(); await page0.close();
