import type { DashboardConfig } from '../api/dashboard.js';

/** The widgets a workbook's first published dashboard gets when the publish names none: a useful sample. */
export const NEW_DASHBOARD_WIDGETS: NonNullable<DashboardConfig['widgets']> = [
  {
    id: 'title',
    type: 'TEXT',
    position: { x: 0, y: 0, w: 6, h: 2 },
    config: {
      title: 'Orders at a glance',
      text: 'Sample orders of the first half of 2026 across four regions and five categories. Pick a status or a time grain: every chart follows.',
    },
  },
  {
    id: 'status-filter',
    type: 'FILTER',
    position: { x: 6, y: 0, w: 3, h: 2 },
    config: { filterKey: 'orders.status', title: 'Status' },
  },
  {
    id: 'grain',
    type: 'TIME_GRAIN',
    position: { x: 9, y: 0, w: 3, h: 2 },
    config: { grains: ['day', 'week', 'month'], title: 'Time grain' },
  },
  {
    id: 'revenue-by-region',
    type: 'CHART',
    position: { x: 0, y: 2, w: 6, h: 4 },
    config: {
      title: 'Revenue by region',
      dimension: 'region',
      measure: 'revenue',
    },
  },
  {
    id: 'orders-by-category',
    type: 'CHART',
    position: { x: 6, y: 2, w: 6, h: 4 },
    config: {
      title: 'Orders by category',
      dimension: 'category',
      measure: 'count',
    },
  },
  {
    // A date chart, so the time grain selector has something to regroup.
    id: 'revenue-over-time',
    type: 'CHART',
    position: { x: 0, y: 6, w: 12, h: 4 },
    config: {
      title: 'Revenue over time',
      dimension: 'order_date',
      measure: 'revenue',
    },
  },
  {
    id: 'revenue-by-status',
    type: 'CHART',
    position: { x: 0, y: 10, w: 12, h: 3 },
    config: {
      title: 'Revenue by status',
      dimension: 'status',
      measure: 'revenue',
    },
  },
];
