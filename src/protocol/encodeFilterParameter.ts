import { describeValue } from './describeValue.js';
import { FILTER_PARAMETER_PREFIX, isFilterKey } from './filterKey.js';
import type { FilterValue } from './filterValue.js';
import { isDevelopment } from './isDevelopment.js';
import { svcError } from './svcError.js';

/**
 * Serialises a filter's value to the JSON the platform reads, or throws a readable error for a value JSON
 * cannot carry (undefined, a function, a cycle, a bigint).
 */
export function stringifyFilterValue(key: string, value: FilterValue): string {
  let json: string | undefined;
  try {
    json = JSON.stringify(value);
  } catch (error) {
    if (isDevelopment) {
      throw svcError(131, `Filter ${describeValue(key)}: the value cannot be serialised as JSON (${(error as Error).name}).`);
    }
  }
  if (json === undefined) {
    throw svcError(
      131,
      isDevelopment
        ? `Filter ${describeValue(key)}: the value must be JSON (got ${typeof value}). Use null to clear it.`
        : 'filter value',
    );
  }
  return json;
}

/**
 * Builds the unencoded filter parameter `f_<semantic_view>.<dimension>=<JSON>`, the form
 * `svc:action:set-filter` carries (the embed address carries the same text, percent-encoded).
 *
 * @throws TypeError when the key is not `<semantic_view>.<dimension>` (`SVC130`) or the value is not JSON
 * (`SVC131`).
 * @example
 * encodeFilterParameter('orders.status', { value: 'completed' });
 * // 'f_orders.status={"value":"completed"}'
 */
export function encodeFilterParameter(key: string, value: FilterValue): string {
  if (!isFilterKey(key)) {
    throw svcError(
      130,
      isDevelopment
        ? `Filter key ${describeValue(key)} is not of the form "<semantic_view>.<dimension>" (for example "orders.status").`
        : 'filter key',
    );
  }
  return `${FILTER_PARAMETER_PREFIX}${key}=${stringifyFilterValue(key, value)}`;
}
