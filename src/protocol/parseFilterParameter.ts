import { describeValue } from './describeValue.js';
import { FILTER_PARAMETER_PREFIX, isFilterKey } from './filterKey.js';
import type { JsonValue } from './filterValue.js';
import { isDevelopment } from './isDevelopment.js';
import type { SvcErrorCode, SvcErrorNumber } from './SvcErrorCode.js';
import { errorText } from './svcError.js';

/** The result of {@link parseFilterParameter}. */
export type ParsedFilterParameter =
  | { readonly ok: true; readonly key: string; readonly value: JsonValue }
  | {
      readonly ok: false;
      /** What is wrong, starting with the code. */
      readonly reason: string;
      /** `SVC132` (not a filter parameter), `SVC130` (bad key) or `SVC133` (the value is not JSON). */
      readonly code: SvcErrorCode;
    };

/**
 * The key and value of a well-formed filter parameter, or the number of the code of the part that is wrong:
 * `132` (not a filter parameter), `130` (bad key) or `133` (the value is not JSON).
 */
export type FilterParameterParts = { readonly key: string; readonly value: JsonValue } | 130 | 132 | 133;

/**
 * Reads an unencoded filter parameter `f_<semantic_view>.<dimension>=<JSON>` into its parts: all an action's
 * check needs. {@link parseFilterParameter} adds the reason, for callers that show it.
 */
export function readFilterParameter(parameter: unknown): FilterParameterParts {
  if (typeof parameter !== 'string' || !parameter.startsWith(FILTER_PARAMETER_PREFIX) || !parameter.includes('=')) return 132;
  const equals = parameter.indexOf('=');
  const key = parameter.slice(FILTER_PARAMETER_PREFIX.length, equals);
  if (!isFilterKey(key)) return 130;
  try {
    return { key, value: JSON.parse(parameter.slice(equals + 1)) as JsonValue };
  } catch {
    return 133;
  }
}

/**
 * Reads an unencoded filter parameter `f_<semantic_view>.<dimension>=<JSON>`. Never throws: a malformed
 * parameter gives `{ ok: false, reason, code }`.
 *
 * @example
 * parseFilterParameter('f_orders.status={"value":"completed"}');
 * // { ok: true, key: 'orders.status', value: { value: 'completed' } }
 */
export function parseFilterParameter(parameter: unknown): ParsedFilterParameter {
  const parts = readFilterParameter(parameter);
  if (typeof parts === 'object') return { ok: true, ...parts };
  // Production names the part that is wrong (its code says how); development says what the form is.
  const reason = isDevelopment ? explainFilterParameter(parts, parameter) : parts === 132 ? 'filter parameter' : parts === 130 ? 'filter key' : 'filter value';
  return { ok: false, reason: errorText(parts, reason), code: `SVC${parts}` };
}

/** What is wrong with a filter parameter, and what its form is (development only). */
function explainFilterParameter(code: SvcErrorNumber, parameter: unknown): string {
  if (typeof parameter !== 'string') return `expected a string "f_<semantic_view>.<dimension>=<JSON>", got ${describeValue(parameter)}`;
  const key = parameter.slice(FILTER_PARAMETER_PREFIX.length, parameter.indexOf('='));
  return code === 132
    ? 'a filter parameter has the form "f_<semantic_view>.<dimension>=<JSON>"'
    : code === 130
      ? `filter key ${describeValue(key)} is not of the form "<semantic_view>.<dimension>"`
      : `the value of filter "${key}" is not valid JSON`;
}
