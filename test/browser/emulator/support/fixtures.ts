import type { EmulatorBootConfig, EmulatorDataset, EmulatorWidget } from '../../../../src/emulator/EmulatorBootConfig.js';

const STATUSES = ['completed', 'pending', 'cancelled'] as const;
const REGIONS = ['North', 'South', 'East', 'West'] as const;
const CATEGORIES = ['Books', 'Games', 'Tools'] as const;

/** A small deterministic `orders` data set: 72 rows over six months. */
export function ordersDataset(): EmulatorDataset {
  const rows: { [column: string]: string | number }[] = [];
  for (let i = 0; i < 72; i += 1) {
    const month = (i % 6) + 1;
    const day = ((i * 7) % 27) + 1;
    rows.push({
      status: STATUSES[i % 3] as string,
      region: REGIONS[i % 4] as string,
      category: CATEGORIES[(i * 5) % 3] as string,
      order_date: `2025-0${month}-${String(day).padStart(2, '0')}`,
      count: 1,
      revenue: 50 + ((i * 37) % 200) + (i % 4) * 25,
    });
  }
  return { view: 'orders', dimensions: ['status', 'region', 'category', 'order_date'], measures: ['count', 'revenue'], rows };
}

/** The widgets of the test dashboard: a chart per dimension kind, text, a filter and a time grain. */
export const WIDGETS: readonly EmulatorWidget[] = [
  { id: 'w-text', type: 'TEXT', position: { x: 0, y: 0, w: 6, h: 2 }, config: { text: 'Orders placed in the first half of 2025.' } },
  { id: 'w-filter', type: 'FILTER', position: { x: 6, y: 0, w: 3, h: 2 }, config: { dimension: 'status', title: 'Status' } },
  { id: 'w-grain', type: 'TIME_GRAIN', position: { x: 9, y: 0, w: 3, h: 2 }, config: { defaultGrain: 'month' } },
  { id: 'w-region', type: 'CHART', position: { x: 0, y: 2, w: 6, h: 6 }, config: { title: 'Revenue by region', measure: 'orders.revenue', dimension: 'orders.region' } },
  { id: 'w-month', type: 'CHART', position: { x: 6, y: 2, w: 6, h: 6 }, config: { title: 'Orders by month', measure: 'count', dimension: 'order_date' } },
];

type Overrides = { -readonly [K in keyof EmulatorBootConfig]?: EmulatorBootConfig[K] };

/** A boot config for a surface, as the emulator server would write it; `overrides` replace fields. */
export function bootConfig(surface: EmulatorBootConfig['surface'], overrides: Overrides = {}): EmulatorBootConfig {
  const base = {
    surface,
    mode: 'signed' as const,
    embedTenant: 'acme',
    deploymentId: 42,
    viewer: { name: 'Dana Analyst', email: 'dana@example.com' },
    allowExport: false,
    locale: null,
    filters: {},
    params: {},
    theme: null,
    dataset: ordersDataset(),
  };
  switch (surface) {
    case 'dashboard':
      return {
        ...base,
        path: '/embed/dashboard/sales-overview',
        publicId: 'sales-overview',
        dashboard: { title: 'Sales overview', description: 'Orders and revenue', widgets: WIDGETS },
        ...overrides,
      };
    case 'app':
      return {
        ...base,
        path: '/embed/d/42/app',
        app: {
          folders: [
            { id: 7, name: 'Finance' },
            { id: 8, name: 'Marketing' },
          ],
          workbooks: [
            { id: 130, name: 'Quarterly revenue', folderId: 7 },
            { id: 131, name: 'Campaigns', folderId: 8 },
            { id: 132, name: 'Scratchpad', folderId: null },
          ],
        },
        ...overrides,
      };
    case 'chat':
      return { ...base, path: '/embed/chat', ...overrides };
  }
}
