import { describeValue } from './describeValue.js';
import { FILTER_PARAMETER_PREFIX, isFilterKey } from './filterKey.js';
import type { JsonValue } from './filterValue.js';

/** The result of {@link parseFilterParameter}. */
export type ParsedFilterParameter =
  | { readonly ok: true; readonly key: string; readonly value: JsonValue }
  | { readonly ok: false; readonly reason: string };

/**
 * Reads an unencoded filter parameter `f_<semantic_view>.<dimension>=<JSON>`. Never throws: a malformed
 * parameter gives `{ ok: false, reason }`.
 *
 * @example
 * parseFilterParameter('f_orders.status={"value":"completed"}');
 * // { ok: true, key: 'orders.status', value: { value: 'completed' } }
 */
export function parseFilterParameter(parameter: unknown): ParsedFilterParameter {
  if (typeof parameter !== 'string') {
    return { ok: false, reason: `expected a string "f_<semantic_view>.<dimension>=<JSON>", got ${describeValue(parameter)}` };
  }
  if (!parameter.startsWith(FILTER_PARAMETER_PREFIX)) {
    return { ok: false, reason: `a filter parameter starts with "${FILTER_PARAMETER_PREFIX}"` };
  }
  const equals = parameter.indexOf('=');
  if (equals < 0) return { ok: false, reason: 'a filter parameter has the form "f_<semantic_view>.<dimension>=<JSON>"' };
  const key = parameter.slice(FILTER_PARAMETER_PREFIX.length, equals);
  if (!isFilterKey(key)) {
    return { ok: false, reason: `filter key ${describeValue(key)} is not of the form "<semantic_view>.<dimension>"` };
  }
  const text = parameter.slice(equals + 1);
  try {
    return { ok: true, key, value: JSON.parse(text) as JsonValue };
  } catch {
    return { ok: false, reason: `the value of filter "${key}" is not valid JSON` };
  }
}
