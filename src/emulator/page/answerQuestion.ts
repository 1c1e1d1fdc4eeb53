import type { EmulatorDataset } from '../EmulatorBootConfig.js';
import { aggregateRows } from './aggregateRows.js';
import { sumMeasure } from './aggregateRows.js';
import type { Row } from './filterRows.js';
import { fill, type Labels, labelsFor } from './labels.js';
import { humanize } from './readWidgetConfig.js';

/** Whether the question names a column, by its name (`order_date`) or in words (`order date`). */
function mentions(question: string, column: string): boolean {
  const text = question.toLowerCase();
  return text.includes(column.toLowerCase()) || text.includes(column.toLowerCase().replace(/_/g, ' '));
}

/**
 * The emulator agent's canned answer, computed from the data set: the measure and dimension the question
 * names (`revenue by region`), or else the first measure and a breakdown by the first dimension. The
 * sentences come from the viewer's locale's labels (English by default) and numbers are in its format;
 * column names stay as the data set spells them.
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
  labels: Labels = labelsFor('en-US'),
): string {
  const measure = dataset.measures.find((name) => mentions(question, name)) ?? dataset.measures[0];
  if (measure === undefined) return labels.answerNoMeasures;
  const measureName = humanize(measure);
  if (rows.length === 0) return fill(labels.answerNoRows, { measure: measureName.toLowerCase() });
  const named = dataset.dimensions.find((name) => mentions(question, name));
  const dimension = named ?? dataset.dimensions[0];
  const total = format(sumMeasure(rows, measure));
  if (!dimension) return fill(labels.answerTotalOnly, { measure: measureName.toLowerCase(), total, count: format(rows.length) });
  const lead = fill(labels.answerLead, { measure: measureName, dimension: humanize(dimension).toLowerCase(), count: format(rows.length) });
  const groups = aggregateRows(rows, dimension, measure, 'month');
  const top = groups.slice(0, 5).map((group) => `• ${group.key}: ${format(group.value)}`);
  const more = groups.length > 5 ? [`• ${fill(labels.answerMore, { count: format(groups.length - 5) })}`] : [];
  return [lead, ...top, ...more, fill(labels.answerTotal, { total })].join('\n');
}
