/** The time grains a dashboard can group dates by. */
export const TIME_GRAINS = ['day', 'week', 'month', 'quarter', 'year'] as const;

/** One of {@link TIME_GRAINS}. */
export type TimeGrain = (typeof TIME_GRAINS)[number];

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})/;

/** Whether a value is an ISO date (`2025-03-14`, optionally with a time): such columns are bucketed by grain. */
export function isIsoDate(value: unknown): value is string {
  return typeof value === 'string' && ISO_DATE.test(value);
}

/**
 * The bucket an ISO date falls in: `2025-03-14` is `2025-03-14` (day), `2025-03-10` (week, starting
 * Monday), `2025-03` (month), `2025-Q1` (quarter), `2025` (year). Labels sort in time order as text.
 */
export function bucketTime(value: string, grain: TimeGrain): string {
  const match = ISO_DATE.exec(value);
  if (!match) return value;
  const [, year = '', month = '', day = ''] = match;
  switch (grain) {
    case 'day':
      return `${year}-${month}-${day}`;
    case 'week': {
      const date = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
      const sinceMonday = (date.getUTCDay() + 6) % 7;
      date.setUTCDate(date.getUTCDate() - sinceMonday);
      return date.toISOString().slice(0, 10);
    }
    case 'month':
      return `${year}-${month}`;
    case 'quarter':
      return `${year}-Q${Math.floor((Number(month) - 1) / 3) + 1}`;
    case 'year':
      return year;
  }
}
