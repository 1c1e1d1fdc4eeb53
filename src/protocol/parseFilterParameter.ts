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
 * Reads an unencoded filter parameter `f_<semantic_view>.<dimension>=<JSON>`. Never throws: a malformed
 * parameter gives `{ ok: false, reason, code }`.
 *
 * @example
 * parseFilterParameter('f_orders.status={"value":"completed"}');
 * // { ok: true, key: 'orders.status', value: { value: 'completed' } }
 */
export function parseFilterParameter(parameter: unknown): ParsedFilterParameter {
  // Production names the part that is wrong (its code says how); development says what the form is. Callers pass
  // `isDevelopment ? explanation : short form`, which a production bundle folds to the short form.
  const fail = (code: SvcErrorNumber, reason: string): ParsedFilterParameter => ({ ok: false, reason: errorText(code, reason), code: `SVC${code}` });
  if (typeof parameter !== 'string' || !parameter.startsWith(FILTER_PARAMETER_PREFIX) || !parameter.includes('=')) {
    return fail(
      132,
      isDevelopment
        ? typeof parameter === 'string'
          ? 'a filter parameter has the form "f_<semantic_view>.<dimension>=<JSON>"'
          : `expected a string "f_<semantic_view>.<dimension>=<JSON>", got ${describeValue(parameter)}`
        : 'filter parameter',
    );
  }
  const equals = parameter.indexOf('=');
  const key = parameter.slice(FILTER_PARAMETER_PREFIX.length, equals);
  if (!isFilterKey(key)) {
    return fail(130, isDevelopment ? `filter key ${describeValue(key)} is not of the form "<semantic_view>.<dimension>"` : 'filter key');
  }
  try {
    return { ok: true, key, value: JSON.parse(parameter.slice(equals + 1)) as JsonValue };
  } catch {
    return fail(133, isDevelopment ? `the value of filter "${key}" is not valid JSON` : 'filter value');
  }
}
