import { isRecord } from '../../protocol/fieldChecks.js';
import type { JsonValue } from '../../protocol/filterValue.js';
import type { EmulatorDataset, EmulatorWidget } from '../EmulatorBootConfig.js';
import { TIME_GRAINS, type TimeGrain } from './bucketTime.js';

/** What a CHART widget shows: one measure, grouped by one dimension (none: a single number). */
export interface ChartSpec {
  readonly title: string;
  /** The data set column to group by, or `null` for a single-number (KPI) chart. */
  readonly dimension: string | null;
  /** The data set column to sum. */
  readonly measure: string;
}

/** What a FILTER widget shows: the current value of one filter key. */
export interface FilterSpec {
  readonly title: string;
  /** The filter key, `<semantic_view>.<dimension>`. */
  readonly key: string;
}

/** What a TIME_GRAIN widget offers. */
export interface TimeGrainSpec {
  readonly title: string | null;
  readonly grains: readonly TimeGrain[];
  readonly initial: TimeGrain;
}

type Config = { readonly [key: string]: JsonValue };

/** The first string among the config's `keys`, looking one level into arrays (`measures: ['revenue']`). */
function pickString(config: Config | null, ...keys: string[]): string | null {
  if (!config) return null;
  for (const key of keys) {
    const value = config[key];
    if (typeof value === 'string' && value.trim() !== '') return value.trim();
    if (Array.isArray(value) && typeof value[0] === 'string') return value[0];
  }
  return null;
}

/** A nested object of the config (`query`), when present. */
function pickObject(config: Config | null, key: string): Config | null {
  const value = config?.[key];
  return isRecord(value) ? (value as Config) : null;
}

/** `orders.revenue` or `revenue` -> the data set's column name, when the data set has it. */
function column(dataset: EmulatorDataset, name: string | null, columns: readonly string[]): string | null {
  if (name === null) return null;
  const bare = name.startsWith(`${dataset.view}.`) ? name.slice(dataset.view.length + 1) : name;
  if (columns.includes(bare)) return bare;
  return columns.includes(name) ? name : null;
}

/** `order_date` -> `Order date`, for titles the config does not give. */
export function humanize(name: string): string {
  const text = name.replace(/^[^.]*\./, '').replace(/_/g, ' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * Reads a CHART widget's config. Widget configs are free-form on the platform, so the usual spellings are
 * accepted (`dimension`/`dimensions`/`groupBy`, `measure`/`measures`/`metric`, or a `query` object with
 * `dimensions`/`measures`/`timeDimensions`); a measure the data set lacks falls back to its first measure.
 */
export function readChartSpec(widget: EmulatorWidget, dataset: EmulatorDataset): ChartSpec {
  const config = widget.config;
  const query = pickObject(config, 'query');
  const timeDimensions = query?.timeDimensions;
  const timeDimension =
    Array.isArray(timeDimensions) && typeof timeDimensions[0] === 'object' && timeDimensions[0] !== null
      ? pickString(timeDimensions[0] as Config, 'dimension')
      : null;
  const measure =
    column(dataset, pickString(config, 'measure', 'measures', 'metric') ?? pickString(query, 'measures'), dataset.measures) ??
    dataset.measures[0] ??
    '';
  const chartType = pickString(config, 'chartType', 'visualization');
  const dimensionName =
    pickString(config, 'dimension', 'dimensions', 'groupBy', 'xAxis') ?? pickString(query, 'dimensions') ?? timeDimension;
  const dimension = chartType === 'kpi' || chartType === 'number' ? null : column(dataset, dimensionName, dataset.dimensions);
  const title =
    pickString(config, 'title', 'name') ?? (dimension ? `${humanize(measure)} by ${humanize(dimension).toLowerCase()}` : humanize(measure));
  return { title, dimension, measure };
}

/** Reads a FILTER widget's config: the filter key (`filterKey`, `key`, `member`, `dimension`). */
export function readFilterSpec(widget: EmulatorWidget, dataset: EmulatorDataset): FilterSpec {
  const name = pickString(widget.config, 'filterKey', 'key', 'member', 'dimension') ?? dataset.dimensions[0] ?? 'filter';
  const key = name.includes('.') ? name : `${dataset.view}.${name}`;
  return { title: pickString(widget.config, 'title', 'label', 'name') ?? humanize(key), key };
}

/** Reads a TEXT widget's content (`text`, `content`, `markdown`, `body`, `title`). */
export function readText(widget: EmulatorWidget): string {
  return pickString(widget.config, 'text', 'content', 'markdown', 'body', 'title') ?? '';
}

/** The agent an AI widget's config names (`agentId`, `agent`), if any. */
export function readAgentId(widget: EmulatorWidget): string | null {
  return pickString(widget.config, 'agentId', 'agent');
}

/** A widget's own title, when its config has one. */
export function readTitle(widget: EmulatorWidget): string | null {
  return pickString(widget.config, 'title', 'name', 'label');
}

/** Reads a TIME_GRAIN widget's config: the grains offered (`grains`) and the first one (`defaultGrain`). */
export function readTimeGrainSpec(widget: EmulatorWidget): TimeGrainSpec {
  const listed = widget.config?.grains ?? widget.config?.options;
  const grains = Array.isArray(listed)
    ? TIME_GRAINS.filter((grain) => listed.some((g) => typeof g === 'string' && g.toLowerCase() === grain))
    : [];
  const offered = grains.length > 0 ? grains : TIME_GRAINS;
  const wanted = pickString(widget.config, 'defaultGrain', 'grain', 'value')?.toLowerCase();
  const initial = offered.find((grain) => grain === wanted) ?? (offered.includes('month') ? 'month' : (offered[0] ?? 'month'));
  return { title: readTitle(widget), grains: offered, initial };
}
