import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningEmulator, startEmulator } from '../../../src/emulator/index.js';
import { callEmulator } from './support/callEmulator.js';

// The publish semantics of spec-decisions.md ("Management API behaviour the emulator implements") and the
// dashboard a first publish creates, which is what the embed page of that dashboard shows. Each test starts
// its own emulator inside the test, so the ids it sees start from the seeded state and a start-up that
// fails is that test's failure.
const publishOn = (target: RunningEmulator, deploymentId: number, workbookId: number, body?: unknown) =>
  callEmulator(target.url, 'POST', `/api/v1/deployments/${deploymentId}/workbooks/${workbookId}/publish`, { auth: `Bearer ${target.credentials.apiToken}`, body });

/** Runs `test` against a fresh emulator, closed afterwards. */
async function withEmulator(test: (publish: (deploymentId: number, workbookId: number, body?: unknown) => ReturnType<typeof publishOn>, emu: RunningEmulator) => Promise<void>, stateFile?: string): Promise<void> {
  const emu = await startEmulator({ port: 0, quiet: true, stateFile });
  try {
    await test((deploymentId, workbookId, body) => publishOn(emu, deploymentId, workbookId, body), emu);
  } finally {
    await emu.close();
  }
}

/** The sample dashboard a workbook gets on its first publish without a config. */
const SAMPLE_WIDGETS = [
  {
    id: 'title',
    type: 'TEXT',
    position: { x: 0, y: 0, w: 6, h: 2 },
    config: {
      title: 'Orders at a glance',
      text: 'Sample orders of the first half of 2026 across four regions and five categories. Pick a status or a time grain: every chart follows.',
    },
  },
  { id: 'status-filter', type: 'FILTER', position: { x: 6, y: 0, w: 3, h: 2 }, config: { filterKey: 'orders.status', title: 'Status' } },
  { id: 'grain', type: 'TIME_GRAIN', position: { x: 9, y: 0, w: 3, h: 2 }, config: { grains: ['day', 'week', 'month'], title: 'Time grain' } },
  { id: 'revenue-by-region', type: 'CHART', position: { x: 0, y: 2, w: 6, h: 4 }, config: { title: 'Revenue by region', dimension: 'region', measure: 'revenue' } },
  { id: 'orders-by-category', type: 'CHART', position: { x: 6, y: 2, w: 6, h: 4 }, config: { title: 'Orders by category', dimension: 'category', measure: 'count' } },
  { id: 'revenue-over-time', type: 'CHART', position: { x: 0, y: 6, w: 12, h: 4 }, config: { title: 'Revenue over time', dimension: 'order_date', measure: 'revenue' } },
  { id: 'revenue-by-status', type: 'CHART', position: { x: 0, y: 10, w: 12, h: 3 }, config: { title: 'Revenue by status', dimension: 'status', measure: 'revenue' } },
];

describe('the first publish of a workbook', () => {
  it('creates the sample dashboard, named after the workbook, with one report snapshot per chart', () =>
    withEmulator(async (publish) => {
      const first = await publish(42, 131);
      expect(first.status).toBe(200);
      const { id, versionId, publicId } = first.json;
      expect(publicId).toMatch(new RegExp(`^dash-${id}-[0-9a-f]{8}$`));
      expect(first.json).toEqual({
        id,
        publicId,
        deploymentId: 42,
        workbookId: 131,
        status: 'published',
        allowEmbed: true,
        config: { title: 'Regional performance', widgets: SAMPLE_WIDGETS, layout: { rowHeight: 60, cols: { lg: 12 } } },
        versionNumber: 1,
        versionId,
        reportSnapshots: SAMPLE_WIDGETS.filter((w) => w.type === 'CHART').map((w, index) => ({
          id: id * 100 + index,
          reportId: id * 10 + index,
          versionNumber: 1,
          kind: 'vega',
          name: w.id,
          title: w.config.title,
        })),
        createdBy: 1,
        title: 'Regional performance',
        description: null,
        fromSharedWorkspace: false,
        restrictDataDownload: false,
        useBoardDashboards: false,
      });
    }));

  it('titles the dashboard from the body when it gives a title', () =>
    withEmulator(async (publish) => {
      const first = await publish(42, 132, { workbookId: 132, title: 'Fulfilment at a glance' });
      expect(first.json).toMatchObject({ title: 'Fulfilment at a glance', config: { title: 'Fulfilment at a glance' } });
    }));

  it('takes a config from the body as it is, and gives each untitled chart an untitled snapshot', () =>
    withEmulator(async (publish) => {
      const widgets = [
        { id: 'untitled', type: 'CHART', position: { x: 0, y: 0, w: 12, h: 4 }, config: { dimension: 'region', measure: 'revenue' } },
        { id: 'bare', type: 'CHART', position: { x: 0, y: 4, w: 12, h: 4 } },
      ];
      const first = await publish(43, 140, { workbookId: 140, config: { widgets } });
      expect(first.json.config).toEqual({ widgets });
      expect(first.json.reportSnapshots).toEqual([
        expect.objectContaining({ name: 'untitled', title: null }),
        expect.objectContaining({ name: 'bare', title: null }),
      ]);
      expect(first.json.title).toBe('Scratchpad');
    }));
});

describe('a re-publish', () => {
  it('keeps the dashboard, its public id, title, description and config, and counts the version up', () =>
    withEmulator(async (publish) => {
      const first = await publish(42, 131, { workbookId: 131, description: 'EU and US' });
      const again = await publish(42, 131);
      expect(again.json).toMatchObject({
        id: first.json.id,
        publicId: first.json.publicId,
        title: 'Regional performance',
        description: 'EU and US',
        config: first.json.config,
        versionNumber: 2,
        versionId: first.json.versionId + 1,
      });
      expect(again.json.reportSnapshots[1]).toMatchObject({ id: first.json.id * 100 + 1, versionNumber: 2 });
      // Naming the same dashboard explicitly is the same re-publish.
      const named = await publish(42, 131, { workbookId: 131, dashboardId: first.json.id, title: 'Regions' });
      expect(named.json).toMatchObject({ id: first.json.id, versionNumber: 3, title: 'Regions', description: 'EU and US' });
    }));

  it('lays a config from the body over the current one, keeping what the body leaves out', () =>
    withEmulator(async (publish) => {
      const before = await publish(42, 130);
      const after = await publish(42, 130, { workbookId: 130, config: { title: 'Sales, renamed' } });
      expect(after.json.config).toEqual({ ...before.json.config, title: 'Sales, renamed' });
      expect(after.json.title).toBe(before.json.title);
    }));

  it('issues version ids from one counter shared by every dashboard, and dashboard ids one by one', () =>
    withEmulator(async (publish) => {
      // The seeded dashboard took the first id and version id.
      const a = await publish(42, 131);
      const b = await publish(42, 132);
      const c = await publish(42, 131);
      expect([a.json.id, b.json.id, c.json.id]).toEqual([2, 3, 2]);
      expect([a.json.versionId, b.json.versionId, c.json.versionId]).toEqual([9001, 9002, 9003]);
    }));
});

describe('a refused publish', () => {
  it('says what does not match', () =>
    withEmulator(async (publish) => {
      const cases: [number, number, unknown, number, string][] = [
        [42, 131, { workbookId: 999 }, 400, 'workbookId 999 in the body differs from 131 in the path'],
        [77, 131, undefined, 404, 'deployment 77 does not exist'],
        [42, 140, undefined, 404, 'workbook 140 does not exist in deployment 42'],
        [42, 131, { workbookId: 131, dashboardId: 1 }, 404, 'dashboard 1 does not belong to workbook 131'],
        [42, 131, { workbookId: 131, dashboardId: 999 }, 404, 'dashboard 999 does not belong to workbook 131'],
      ];
      for (const [deploymentId, workbookId, body, status, message] of cases) {
        expect((await publish(deploymentId, workbookId, body)).json.error, message).toEqual({ status, message });
      }
    }));
});

describe('a state file', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'svc-emu-publish-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  /** A state file holding one published dashboard, renumbered, with the counters given. */
  const writeState = (file: string, dashboard: { id: number; versionId: number }, counters: { nextDashboardId: number; nextVersionId: number }) =>
    withEmulator(async (publish) => {
      const published = (await publish(42, 130)).json;
      writeFileSync(file, JSON.stringify({ version: 1, dashboards: [{ ...published, ...dashboard }], ...counters }));
    });

  it('never hands out an id it holds, even when its counters were edited below them', async () => {
    const file = join(dir, 'behind.json');
    await writeState(file, { id: 5, versionId: 9500 }, { nextDashboardId: 2, nextVersionId: 9001 });
    await withEmulator(async (publish) => {
      expect((await publish(42, 131)).json).toMatchObject({ id: 6, versionId: 9501, versionNumber: 1 });
    }, file);
  });

  it('carries on from counters ahead of the ids it holds', async () => {
    const file = join(dir, 'ahead.json');
    await writeState(file, { id: 5, versionId: 9500 }, { nextDashboardId: 10, nextVersionId: 9900 });
    await withEmulator(async (publish) => {
      expect((await publish(42, 131)).json).toMatchObject({ id: 10, versionId: 9900 });
      // The dashboard of the file is served as it was saved: no seeded dashboard replaces it.
      expect((await publish(42, 130)).json).toMatchObject({ id: 5, versionId: 9901 });
    }, file);
  });

  it('starts with the seeded dashboard when the file does not exist yet, and refuses one it cannot read', async () => {
    await withEmulator(async (publish, emu) => {
      expect((await callEmulator(emu.url, 'GET', '/embed/dashboard/sales-overview')).status).toBe(200);
      expect((await publish(42, 130)).json).toMatchObject({ id: 1, publicId: 'sales-overview', title: 'Sales overview', versionNumber: 2 });
    }, join(dir, 'new.json'));
    // A directory where the file should be: there, but unreadable.
    await expect(startEmulator({ port: 0, quiet: true, stateFile: dir })).rejects.toThrow(`The emulator state file ${dir} cannot be read: EISDIR`);
  });
});
