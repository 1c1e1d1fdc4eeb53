// The emulator page's data logic, run in Node: what the charts, filters, exports and routes compute.
import { describe, expect, it } from 'vitest';
import type { EmulatorDataset, EmulatorWidget } from '../../../src/emulator/EmulatorBootConfig.js';
import { aggregateRows, sumMeasure } from '../../../src/emulator/page/aggregateRows.js';
import { answerQuestion } from '../../../src/emulator/page/answerQuestion.js';
import { bucketTime } from '../../../src/emulator/page/bucketTime.js';
import { csvFileName, toCsv } from '../../../src/emulator/page/downloadCsv.js';
import { filterProblem, filterRows } from '../../../src/emulator/page/filterRows.js';
import { readChartSpec, readFilterSpec, readTimeGrainSpec } from '../../../src/emulator/page/readWidgetConfig.js';
import { resolveAppRoute } from '../../../src/emulator/page/resolveAppRoute.js';

const dataset: EmulatorDataset = {
  view: 'orders',
  dimensions: ['status', 'region', 'order_date'],
  measures: ['count', 'revenue'],
  rows: [
    { status: 'completed', region: 'EU', order_date: '2026-01-01', revenue: 10.1 },
    { status: 'completed', region: 'US', order_date: '2026-01-05', revenue: 20.2 },
    { status: 'cancelled', region: 'EU', order_date: '2026-04-30', revenue: 5 },
    { status: 'shipped', region: 'APAC', order_date: '2026-02-14', revenue: 7.7 },
    { status: '2026', region: 'EU', order_date: '2026-02-15', revenue: 1 },
  ],
};

const widget = (config: EmulatorWidget['config'], type: EmulatorWidget['type'] = 'CHART'): EmulatorWidget => ({
  id: 'w',
  type,
  position: { x: 0, y: 0, w: 1, h: 1 },
  config,
});

describe('toCsv', () => {
  it('quotes what needs quoting, ends lines with CRLF, and never lets a cell become a formula', () => {
    const csv = toCsv(['name', 'value'], [
      ['plain', 1.5],
      ['with, comma', 2],
      ['say "hi"', 3],
      ['two\nlines', 4],
      ['=HYPERLINK("x")', 5],
      ['-1+1', Number.NaN],
    ]);
    expect(csv.split('\r\n')).toEqual([
      'name,value',
      'plain,1.5',
      '"with, comma",2',
      '"say ""hi""",3',
      '"two\nlines",4',
      `"'=HYPERLINK(""x"")",5`,
      "'-1+1,",
      '',
    ]);
  });

  it('makes file names from titles', () => {
    expect(csvFileName('Revenue by région / 2026')).toBe('revenue-by-region-2026.csv');
    expect(csvFileName('***')).toBe('export.csv');
  });
});

describe('bucketTime', () => {
  it.each([
    ['day', '2026-01-01'],
    ['week', '2025-12-29'],
    ['month', '2026-01'],
    ['quarter', '2026-Q1'],
    ['year', '2026'],
  ] as const)('puts 2026-01-01 (a Thursday) in the %s bucket %s', (grain, bucket) => {
    expect(bucketTime('2026-01-01T10:00:00Z', grain)).toBe(bucket);
  });
});

describe('aggregateRows and sumMeasure', () => {
  it('sums a measure per group, largest first, and counts rows for count', () => {
    expect(aggregateRows(dataset.rows, 'region', 'revenue', 'month')).toEqual([
      { key: 'US', value: 20.2 },
      { key: 'EU', value: 16.1 },
      { key: 'APAC', value: 7.7 },
    ]);
    expect(aggregateRows(dataset.rows, 'region', 'count', 'month')).toEqual([
      { key: 'EU', value: 3 },
      { key: 'APAC', value: 1 },
      { key: 'US', value: 1 },
    ]);
    expect(sumMeasure(dataset.rows, 'revenue')).toBe(44);
  });

  it('groups dates by grain, in time order', () => {
    expect(aggregateRows(dataset.rows, 'order_date', 'count', 'quarter')).toEqual([
      { key: '2026-Q1', value: 4 },
      { key: '2026-Q2', value: 1 },
    ]);
  });
});

describe('filterRows', () => {
  it('applies the documented {"value": ...} form, one value or several', () => {
    expect(filterRows(dataset, { 'orders.region': { value: 'EU' } })).toHaveLength(3);
    expect(filterRows(dataset, { 'orders.region': { value: ['US', 'APAC'] }, 'orders.status': { value: 'completed' } })).toEqual([
      dataset.rows[1],
    ]);
    // Address parameters are JSON: the number 2026 matches the text "2026".
    expect(filterRows(dataset, { 'orders.status': { value: 2026 } })).toEqual([dataset.rows[4]]);
  });

  it('filters nothing on other views, unknown columns, empty lists or undocumented forms, and says why', () => {
    for (const [key, value] of [
      ['customers.region', { value: 'EU' }],
      ['orders.colour', { value: 'red' }],
      ['orders.region', { value: [] }],
      ['orders.region', { operator: 'contains', value: 'E' }],
      ['orders.region', 'EU'],
    ] as const) {
      expect(filterRows(dataset, { [key]: value })).toBe(dataset.rows);
    }
    expect(filterProblem(dataset, 'customers.region', { value: 'EU' })).toMatch(/not a dimension of the "orders" view/);
    expect(filterProblem(dataset, 'orders.region', { operator: 'contains', value: 'E' })).toMatch(/not of the form/);
    expect(filterProblem(dataset, 'orders.region', { value: ['EU'] })).toBeNull();
  });
});

describe('widget configs', () => {
  it('reads the usual spellings of a chart config', () => {
    expect(readChartSpec(widget({ dimension: 'region', measure: 'revenue', title: 'R' }), dataset)).toEqual({ title: 'R', dimension: 'region', measure: 'revenue' });
    expect(readChartSpec(widget({ dimensions: ['orders.status'], measures: ['orders.count'] }), dataset)).toEqual({
      title: 'Count by status',
      dimension: 'status',
      measure: 'count',
    });
    expect(readChartSpec(widget({ query: { measures: ['orders.revenue'], timeDimensions: [{ dimension: 'orders.order_date' }] } }), dataset)).toMatchObject({
      dimension: 'order_date',
      measure: 'revenue',
    });
    expect(readChartSpec(widget({ measure: 'revenue', chartType: 'kpi', dimension: 'region' }), dataset).dimension).toBeNull();
    // An unknown measure falls back to the data set's first one, an unknown dimension to a single number.
    expect(readChartSpec(widget({ measure: 'profit', dimension: 'planet' }), dataset)).toMatchObject({ measure: 'count', dimension: null });
    expect(readChartSpec(widget(null), dataset)).toMatchObject({ measure: 'count', dimension: null });
  });

  it('reads filter keys and time grains', () => {
    expect(readFilterSpec(widget({ filterKey: 'orders.status', title: 'Status' }, 'FILTER'), dataset)).toEqual({ key: 'orders.status', title: 'Status' });
    expect(readFilterSpec(widget({ dimension: 'region' }, 'FILTER'), dataset)).toEqual({ key: 'orders.region', title: 'Region' });
    expect(readTimeGrainSpec(widget({ grains: ['Week', 'year', 'fortnight'], defaultGrain: 'year' }, 'TIME_GRAIN'))).toEqual({
      title: null,
      grains: ['week', 'year'],
      initial: 'year',
    });
    expect(readTimeGrainSpec(widget(null, 'TIME_GRAIN')).initial).toBe('month');
  });
});

describe('resolveAppRoute', () => {
  const workspace = { folders: [{ id: 7, name: 'Sales' }], workbooks: [{ id: 130, name: 'Overview', folderId: 7 }] };
  it('maps app paths to pages, and refuses paths outside the app', () => {
    const base = '/embed/d/42/app';
    expect(resolveAppRoute(base, base, workspace)).toEqual({ kind: 'home' });
    expect(resolveAppRoute(base, `${base}/folder/7`, workspace)).toEqual({ kind: 'folder', folder: workspace.folders[0] });
    expect(resolveAppRoute(base, `${base}/workbook/130`, workspace)).toEqual({ kind: 'workbook', workbook: workspace.workbooks[0] });
    expect(resolveAppRoute(base, `${base}/workbook/131`, workspace)).toEqual({ kind: 'not-found' });
    expect(resolveAppRoute(base, `${base}/settings`, workspace)).toEqual({ kind: 'not-found' });
    expect(resolveAppRoute(base, '/embed/d/43/app', workspace)).toBeNull();
    expect(resolveAppRoute(base, '/embed/d/42/apple', workspace)).toBeNull();
  });
});

describe('answerQuestion', () => {
  const format = (value: number) => new Intl.NumberFormat('en-US').format(value);
  it('answers with the measure and dimension the question names', () => {
    const answer = answerQuestion('How much revenue per region?', dataset, dataset.rows, format);
    expect(answer.split('\n')).toEqual(['Revenue by region, over 5 rows:', '• US: 20.2', '• EU: 16.1', '• APAC: 7.7', 'Total: 44.']);
  });

  it('says so when no rows are left', () => {
    expect(answerQuestion('revenue', dataset, [], format)).toMatch(/No rows match/);
  });
});
