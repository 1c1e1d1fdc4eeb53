import type { DataMeta, LoadQuery, QueryResult } from '../api/dataAndAi.js';
import type { EmulatorDataset } from './EmulatorBootConfig.js';
import { EmulatorHttpError } from './EmulatorState.js';
import { parseSql } from './parseSql.js';

type Row = EmulatorDataset['rows'][number];

/** Groups rows by dimensions and computes the measures (`count`, or the sum of a numeric column). */
function aggregate(
  dataset: EmulatorDataset,
  rows: readonly Row[],
  dimensions: readonly string[],
  measures: readonly string[],
): Record<string, string | number>[] {
  const groups = new Map<string, Row[]>();
  for (const row of rows) {
    const key = JSON.stringify(dimensions.map((d) => row[d]));
    const group = groups.get(key);
    if (group) group.push(row);
    else groups.set(key, [row]);
  }
  if (dimensions.length === 0 && groups.size === 0) groups.set('[]', []);
  return [...groups.values()].map((group) => {
    const out: Record<string, string | number> = {};
    for (const d of dimensions) out[`${dataset.view}.${d}`] = group[0]?.[d] ?? '';
    for (const m of measures) {
      out[`${dataset.view}.${m}`] =
        m === 'count' ? group.length : Math.round(group.reduce((sum, row) => sum + Number(row[m] ?? 0), 0) * 100) / 100;
    }
    return out;
  });
}

function member(dataset: EmulatorDataset, name: string, kind: 'dimensions' | 'measures'): string {
  const [view, field] = name.split('.');
  if (view !== dataset.view || field === undefined || !dataset[kind].includes(field)) {
    throw new EmulatorHttpError(400, `unknown ${kind === 'measures' ? 'measure' : 'dimension'} "${name.slice(0, 80)}"; known: ${dataset[kind].map((f) => `${dataset.view}.${f}`).join(', ')}`);
  }
  return field;
}

/** Answers a JSON query from the sample rows. */
export function loadQuery(dataset: EmulatorDataset, query: LoadQuery): QueryResult {
  const dimensions = (query.dimensions ?? []).map((d) => member(dataset, d, 'dimensions'));
  const measures = (query.measures ?? []).map((m) => member(dataset, m, 'measures'));
  if (dimensions.length === 0 && measures.length === 0) throw new EmulatorHttpError(400, 'a query needs at least one measure or dimension');
  let rows: readonly Row[] = dataset.rows;
  for (const filter of query.filters ?? []) {
    const field = member(dataset, filter.member, 'dimensions');
    const values = (filter.values ?? []).map(String);
    if (filter.operator === 'equals') rows = rows.filter((r) => values.includes(String(r[field])));
    else if (filter.operator === 'notEquals') rows = rows.filter((r) => !values.includes(String(r[field])));
    else throw new EmulatorHttpError(400, `filter operator "${filter.operator.slice(0, 40)}" is not supported (equals, notEquals)`);
  }
  let data = aggregate(dataset, rows, dimensions, measures);
  for (const [name, direction] of Object.entries(query.order ?? {}).reverse()) {
    data = [...data].sort((a, b) => {
      const x = a[name] ?? '';
      const y = b[name] ?? '';
      return (x < y ? -1 : x > y ? 1 : 0) * (direction === 'desc' ? -1 : 1);
    });
  }
  return { data: query.limit ? data.slice(0, query.limit) : data };
}

/** Answers the small SQL subset the emulator understands: `SELECT … FROM orders [WHERE c = 'v' [AND …]] [GROUP BY …] [LIMIT n]`. */
export function sqlQuery(dataset: EmulatorDataset, text: string): QueryResult {
  const help = `supported: SELECT <columns, COUNT(*), SUM(revenue)> FROM ${dataset.view} [WHERE column = 'value' [AND …]] [GROUP BY columns] [LIMIT n]`;
  const statement = parseSql(text, help);
  if (statement.from.toLowerCase() !== dataset.view) throw new EmulatorHttpError(400, `unknown table "${statement.from.slice(0, 60)}"; ${help}`);
  const filters = statement.where.map(({ column, value }) => ({ member: `${dataset.view}.${column}`, operator: 'equals', values: [value] }));
  const dimensions: string[] = [];
  const measures: string[] = [];
  for (const item of statement.select) {
    if (item.kind === 'count') measures.push(`${dataset.view}.count`);
    else if (item.kind === 'sum') measures.push(`${dataset.view}.${item.column}`);
    else dimensions.push(`${dataset.view}.${item.name}`);
  }
  const { groupBy, limit } = statement;
  if (groupBy) {
    const grouped = groupBy.map((name) => `${dataset.view}.${name}`);
    if (grouped.sort().join() !== [...dimensions].sort().join()) throw new EmulatorHttpError(400, 'GROUP BY must list the selected columns');
  } else if (measures.length > 0 && dimensions.length > 0) {
    throw new EmulatorHttpError(400, 'selecting columns with aggregates needs GROUP BY');
  }
  if (measures.length === 0) {
    // Plain rows.
    let rows = loadQuery(dataset, { dimensions, filters, measures: [`${dataset.view}.count`] }).data.map((row) => {
      const { [`${dataset.view}.count`]: _count, ...rest } = row;
      return rest;
    });
    if (limit !== null) rows = rows.slice(0, limit);
    return { data: rows };
  }
  return loadQuery(dataset, { dimensions, measures, filters, ...(limit !== null && limit > 0 ? { limit } : {}) });
}

/** The data model of the sample data set. */
export function datasetMeta(dataset: EmulatorDataset): DataMeta {
  return {
    cubes: [
      {
        name: dataset.view,
        measures: dataset.measures.map((m) => ({ name: `${dataset.view}.${m}`, type: m === 'count' ? 'count' : 'sum' })),
        dimensions: dataset.dimensions.map((d) => ({ name: `${dataset.view}.${d}`, type: d.endsWith('date') ? 'time' : 'string' })),
      },
    ],
  };
}

/** A canned answer to an AI question, computed from the data set, in the chunks it is streamed in. */
export function answerQuestion(dataset: EmulatorDataset, question: string): string[] {
  const byRegion = loadQuery(dataset, { dimensions: [`${dataset.view}.region`], measures: [`${dataset.view}.revenue`], order: { [`${dataset.view}.revenue`]: 'desc' } }).data;
  const top = byRegion[0];
  const total = byRegion.reduce((sum, row) => sum + Number(row[`${dataset.view}.revenue`] ?? 0), 0);
  const lead = `You asked: "${question.slice(0, 120)}". `;
  const body = top
    ? `Across ${dataset.rows.length} orders, revenue totals ${total.toFixed(2)}. ${String(top[`${dataset.view}.region`])} leads with ${Number(top[`${dataset.view}.revenue`]).toFixed(2)}.`
    : 'There is no data to answer from.';
  return `${lead}${body}`.match(/.{1,24}(\s|$)|\S+/g) ?? [body];
}
