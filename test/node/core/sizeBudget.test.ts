import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { bundleForBrowser, bundleWithEsbuild, measureBundle, SIZE_CASES } from '../../../bench/size.mjs';

// What an app pays, measured as the benchmark measures it: the built package bundled for the browser with
// react and react-dom external (zod and zustand count), minified, gzip level 9. `npm test` builds first.
// Each budget holds for rolldown (Vite) and for esbuild: they keep different code and gzip differently.
const KB = 1024;
const BUNDLERS = ['rolldown', 'esbuild'] as const;
const dist = fileURLToPath(new URL('../../../dist/', import.meta.url));

function sizeCase(name: string): string {
  const found = SIZE_CASES.find((item) => item.name === name);
  if (!found) throw new Error(`no size case named ${name}`);
  return found.code;
}

describe('size budgets', () => {
  it('measures the built package', () => {
    expect(existsSync(`${dist}index.js`), 'run `npm run build` first').toBe(true);
  });

  /**
   * The React entry's budget: 10 KB (10,240 B) with either bundler, the whole embed lifecycle included. They
   * keep different code and gzip differently, so each is held to it; keep-alive has its own entry, so it is not
   * counted here.
   */
  const REACT_ENTRY_BUDGET = 10 * KB;
  /** The protocol entry's budget: 6 KB (6,144 B). */
  const PROTOCOL_ENTRY_BUDGET = 6 * KB;

  /** Prints a figure beside its budget, so every run of the suite shows the headroom. */
  const report = (what: string, bundler: string, gzip: number, budget: number): void => {
    console.log(`${what} with ${bundler}: ${gzip} B min+gzip, budget ${budget} B, headroom ${budget - gzip} B`);
  };

  it.each(BUNDLERS)('import { SvcDashboard } from "svc-embed-react" is within its 10 KB budget with %s, zod-free, without keep-alive', async (bundler) => {
    const bundle = await measureBundle(sizeCase('svc-embed-react'), bundler);
    report('import { SvcDashboard }', bundler, bundle.gzip, REACT_ENTRY_BUDGET);
    expect(bundle.gzip).toBeLessThanOrEqual(REACT_ENTRY_BUDGET);
    // Keep-alive (parking area, overlay layer) is not in it: it comes only with svc-embed-react/keep-alive.
    const { js } = await (bundler === 'esbuild' ? bundleWithEsbuild(sizeCase('svc-embed-react')) : bundleForBrowser(sizeCase('svc-embed-react')));
    expect(js).not.toContain('data-svc-parking');
    // Development-only code (value descriptions, explanations) is gone from what either bundler ships.
    expect(js).not.toContain('a string of');
    expect(bundle.modules.filter((id) => id.includes('node_modules/zod/'))).toEqual([]);
    expect(bundle.modules.some((id) => id.includes('node_modules/zustand/'))).toBe(true);
  });

  it.each(BUNDLERS)('the whole svc-embed-react/protocol entry is zod-free and within its 6 KB budget with %s', async (bundler) => {
    // The wire format, the bridge and the page runtime (registry, session ledger, inspector). The embed
    // controller has its own entry, so it is not counted here.
    const bundle = await measureBundle(sizeCase('svc-embed-react/protocol'), bundler);
    report('svc-embed-react/protocol', bundler, bundle.gzip, PROTOCOL_ENTRY_BUDGET);
    expect(bundle.gzip).toBeLessThanOrEqual(PROTOCOL_ENTRY_BUDGET);
    expect(bundle.modules.filter((id) => id.includes('node_modules/zod/'))).toEqual([]);
  });

  it('the svc-embed-react/controller entry is zod-free and brings the protocol core with it', async () => {
    const bundle = await measureBundle(`export * from '${dist}controller/index.js';`);
    expect(bundle.modules.filter((id) => id.includes('node_modules/zod/'))).toEqual([]);
    expect(bundle.modules.some((id) => id.includes('node_modules/zustand/'))).toBe(true);
  });

  it('the zod schemas, for apps that want them, cost only their own entry', async () => {
    const bundle = await measureBundle(`export * from '${dist}schemas/index.js';`);
    expect(bundle.modules.some((id) => id.includes('node_modules/zod/'))).toBe(true);
    expect(bundle.modules.some((id) => id.includes('zustand'))).toBe(false);
  });
});

describe('a production bundle', () => {
  // The explanations are development-only; the checks are not. This runs the protocol as an app's
  // production build ships it, made by each bundler (each folds the development guards its own way).
  it.each(BUNDLERS)('made by %s drops the long explanations but still refuses everything it must, naming what is wrong', async (bundler) => {
    const code = sizeCase('svc-embed-react/protocol');
    const { js } = await (bundler === 'esbuild' ? bundleWithEsbuild(code) : bundleForBrowser(code));
    expect(js).not.toContain('expected an origin such as');
    expect(js).not.toContain('give each embed on the page its own embedId');
    // Error codes stay; the links to their Troubleshooting sections are development text.
    expect(js).not.toContain('docs-troubleshooting--docs');
    // Values are described in development texts only: production names the field.
    expect(js).not.toContain('a string of');
    // The embed controller (sessions, renewal, reveal) lives in its own entry.
    expect(js).not.toContain('getSession');
    const dir = mkdtempSync(join(tmpdir(), 'svc-production-'));
    try {
      const file = join(dir, 'protocol.mjs');
      writeFileSync(file, js);
      const core = (await import(pathToFileURL(file).href)) as typeof import('../../../src/protocol/index.js');
      const origin = 'https://acme.example.com';
      expect(() => core.normalizeTenantOrigin('http://acme.example.com')).toThrow(Object.assign(new TypeError('SVC103 tenantOrigin'), { code: 'SVC103' }));
      expect(() => core.normalizeTenantOrigin('https://user:secret@acme.example.com')).toThrow(/^SVC104 tenantOrigin$/);
      expect(() => core.buildEmbedUrl({ surface: 'dashboard', tenantOrigin: origin, publicId: '../x' })).toThrow(/^SVC111 publicId$/);
      expect(() =>
        core.buildEmbedUrl({ surface: 'dashboard', tenantOrigin: origin, publicId: 'p', params: { session: 'forged' } }),
      ).toThrow(/^SVC118 params\.session$/);
      expect(() => core.createActionMessage('svc:action:set-color-scheme', { scheme: 'sepia' as never })).toThrow(
        /^SVC141 svc:action:set-color-scheme payload\.scheme$/,
      );
      expect(core.parseEventMessage({ source: 'svc-embed', direction: 'event' })).toMatchObject({ ok: false, code: 'bad-envelope' });
      expect(() => (core.createActionMessage as (type: string) => unknown)('svc:action:launch')).toThrow(/^SVC140 type$/);
      const unknown = { source: 'svc-embed', direction: 'event', type: 'svc:event:launched', payload: {}, timestamp: 1, surface: 'dashboard' };
      expect(core.parseEventMessage(unknown)).toEqual({ ok: false, code: 'unknown-type', reason: 'type', type: 'svc:event:launched' });
      const bridge = core.createEmbedBridge({ surface: 'dashboard', tenantOrigin: origin, embedId: 'twin' });
      const twin = core.createEmbedBridge({ surface: 'dashboard', tenantOrigin: origin, embedId: 'twin' });
      const disconnect = bridge.connect(() => null);
      expect(() => twin.connect(() => null)).toThrow(/^SVC204 embedId "twin"$/);
      disconnect();
      // The message inspector is development-only: nothing reaches it in production, while debug hooks still hear.
      expect(js).not.toContain('action-queued');
      const entries: unknown[] = [];
      const reasons: string[] = [];
      const stop = core.embedInspector.subscribe((entry) => entries.push(entry));
      const quiet = core.createEmbedBridge({
        surface: 'dashboard',
        tenantOrigin: origin,
        embedId: 'quiet',
        maxQueuedActions: 1,
        onDebug: (report) => reasons.push(report.reason),
      });
      quiet.send('svc:action:refresh');
      quiet.send('svc:action:navigate', { path: '/orders' });
      stop();
      expect(entries).toEqual([]);
      expect(reasons).toEqual(['queue-overflow']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
