import { bucketTime, isIsoDate, type TimeGrain } from './bucketTime.js';
import type { Row } from './filterRows.js';

/** One group of an aggregation: the dimension value and the summed measure. */
export interface Group {
  readonly key: string;
  readonly value: number;
}

/**
 * What one row adds to a measure. `count` counts rows, as the emulator's data API computes it; any other
 * measure is the row's number, and text that is not a number counts as 0 rather than poisoning the sum.
 */
function contribution(row: Row, measure: string): number {
  if (measure === 'count') return 1;
  const cell = row[measure];
  const value = typeof cell === 'number' ? cell : Number(cell);
  return Number.isFinite(value) ? value : 0;
}

/** Sums a measure over rows (two decimals, so sums of prices do not show floating-point noise). */
export function sumMeasure(rows: readonly Row[], measure: string): number {
  let total = 0;
  for (const row of rows) total += contribution(row, measure);
  return Math.round(total * 100) / 100;
}

/**
 * Groups rows by a dimension and sums a measure in each group. Date dimensions (ISO dates) are grouped by
 * the time grain and come out in time order; other groups come out largest first, as bar charts read best.
 *
 * @example
 * aggregateRows(rows, 'region', 'revenue', 'month'); // [{ key: 'North', value: 1200 }, ...]
 */
export function aggregateRows(rows: readonly Row[], dimension: string, measure: string, grain: TimeGrain): Group[] {
  const sums = new Map<string, number>();
  let dates = rows.length > 0;
  for (const row of rows) {
    const cell = row[dimension];
    if (!isIsoDate(cell)) dates = false;
    const key = isIsoDate(cell) ? bucketTime(cell, grain) : String(cell ?? '');
    sums.set(key, (sums.get(key) ?? 0) + contribution(row, measure));
  }
  const groups = [...sums].map(([key, value]) => ({ key, value: Math.round(value * 100) / 100 }));
  return dates ? groups.sort((a, b) => a.key.localeCompare(b.key)) : groups.sort((a, b) => b.value - a.value || a.key.localeCompare(b.key));
}
