import type { EmulatorDataset } from '../EmulatorBootConfig.js';
import { aggregateRows } from './aggregateRows.js';
import { sumMeasure } from './aggregateRows.js';
import type { Row } from './filterRows.js';
import { humanize } from './readWidgetConfig.js';

/** Whether the question names a column, by its name (`order_date`) or in words (`order date`). */
function mentions(question: string, column: string): boolean {
  const text = question.toLowerCase();
  return text.includes(column.toLowerCase()) || text.includes(column.toLowerCase().replace(/_/g, ' '));
}

/**
 * The emulator agent's canned answer, computed from the data set: the measure and dimension the question
 * names (`revenue by region`), or else the first measure and a breakdown by the first dimension. Numbers are
 * formatted for the viewer's locale; the sentences are English, as the agent answers in the language the
 * emulator knows.
 *
 * @example
 * answerQuestion('revenue by region', dataset, rows, format);
 * // "Revenue by region, over 200 rows:\n• North: 12,345 ..."
 */
export function answerQuestion(
  question: string,
  dataset: EmulatorDataset,
  rows: readonly Row[],
  format: (value: number) => string,
): string {
  const measure = dataset.measures.find((name) => mentions(question, name)) ?? dataset.measures[0];
  if (measure === undefined) return 'This data set has no measures to answer from.';
  if (rows.length === 0) return `No rows match the current filters, so there is no ${humanize(measure).toLowerCase()} to report.`;
  const named = dataset.dimensions.find((name) => mentions(question, name));
  const dimension = named ?? dataset.dimensions[0];
  const total = format(sumMeasure(rows, measure));
  const lead = `${humanize(measure)}${dimension ? ` by ${humanize(dimension).toLowerCase()}` : ''}, over ${format(rows.length)} rows:`;
  if (!dimension) return `Total ${humanize(measure).toLowerCase()} is ${total} over ${format(rows.length)} rows.`;
  const groups = aggregateRows(rows, dimension, measure, 'month');
  const top = groups.slice(0, 5).map((group) => `• ${group.key}: ${format(group.value)}`);
  const more = groups.length > 5 ? [`• … and ${groups.length - 5} more`] : [];
  return [lead, ...top, ...more, `Total: ${total}.`].join('\n');
}
