import type { EmulatorDataset } from '../../../../src/emulator/EmulatorBootConfig.js';

type Row = EmulatorDataset['rows'][number];

/** What one row adds to a measure: `count` counts rows, other measures are summed. */
const amount = (row: Row, measure: string): number => (measure === 'count' ? 1 : Number(row[measure]));

/** Rounds to cents, as the page does for sums of prices. */
const cents = (value: number): number => Math.round(value * 100) / 100;

/** Sums `measure` per value of `key(row)`, straight from the rows: what a chart must show. */
export function sumsBy(rows: readonly Row[], key: (row: Row) => string, measure: string): Record<string, number> {
  const sums: Record<string, number> = {};
  for (const row of rows) sums[key(row)] = (sums[key(row)] ?? 0) + amount(row, measure);
  return Object.fromEntries(Object.entries(sums).map(([name, value]) => [name, cents(value)]));
}

/** The total of a measure over rows. */
export function total(rows: readonly Row[], measure: string): number {
  return cents(rows.reduce((sum, row) => sum + amount(row, measure), 0));
}
