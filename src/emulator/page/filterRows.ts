import type { JsonValue } from '../../protocol/filterValue.js';
import type { EmulatorDataset } from '../EmulatorBootConfig.js';

/** A data set row. */
export type Row = EmulatorDataset['rows'][number];

/** A filter the page can apply: its column and the values a row may have. */
interface Condition {
  readonly column: string;
  readonly values: readonly (string | number | boolean | null)[];
}

/**
 * The values a filter selects when it has the documented form `{ "value": scalar | scalar[] }` ("equals"),
 * or `null` when the page does not understand the value (any other JSON: the emulator invents no operators).
 * An empty list selects nothing in particular, so it filters nothing.
 */
export function selectedValues(value: JsonValue): readonly (string | number | boolean | null)[] | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const keys = Object.keys(value);
  if (keys.length !== 1 || keys[0] !== 'value') return null;
  const inner = (value as { readonly value: JsonValue }).value;
  const list = Array.isArray(inner) ? inner : [inner];
  return list.every((item) => item === null || typeof item !== 'object')
    ? (list as (string | number | boolean | null)[])
    : null;
}

/**
 * Why the page cannot apply a filter to the data set, or `null` when it can: the key must name a dimension
 * of the data set's view, and the value must have the documented form.
 */
export function filterProblem(dataset: EmulatorDataset, key: string, value: JsonValue): string | null {
  const prefix = `${dataset.view}.`;
  if (!key.startsWith(prefix) || !dataset.dimensions.includes(key.slice(prefix.length))) {
    return `"${key}" is not a dimension of the "${dataset.view}" view (${dataset.dimensions.join(', ')})`;
  }
  if (selectedValues(value) === null) return `the value of "${key}" is not of the form {"value": <scalar or array>}`;
  return null;
}

function toCondition(dataset: EmulatorDataset, key: string, value: JsonValue): Condition | null {
  const prefix = `${dataset.view}.`;
  if (!key.startsWith(prefix)) return null;
  const column = key.slice(prefix.length);
  if (!dataset.dimensions.includes(column)) return null;
  const values = selectedValues(value);
  if (values === null || values.length === 0) return null;
  return { column, values };
}

function matches(cell: string | number | undefined, values: Condition['values']): boolean {
  // Address parameters carry JSON, so `2025` and `"2025"` mean the same cell value.
  return values.some((value) => cell === value || (cell !== undefined && String(cell) === String(value)));
}

/**
 * The rows that pass every filter the page understands; filters on other views or columns, and values of
 * an undocumented form, are kept in the page state and shown, but filter nothing.
 */
export function filterRows(dataset: EmulatorDataset, filters: { readonly [key: string]: JsonValue }): readonly Row[] {
  const conditions = Object.entries(filters)
    .map(([key, value]) => toCondition(dataset, key, value))
    .filter((condition): condition is Condition => condition !== null);
  if (conditions.length === 0) return dataset.rows;
  return dataset.rows.filter((row) => conditions.every(({ column, values }) => matches(row[column], values)));
}
