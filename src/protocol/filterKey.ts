/**
 * A filter key is `<semantic_view>.<dimension>`: two internal names (letters, digits, `_`, not starting
 * with a digit) joined by one dot. The platform reads them from `f_<key>` query parameters.
 */
export const FILTER_KEY_PATTERN = /^[A-Za-z_][A-Za-z0-9_]*\.[A-Za-z_][A-Za-z0-9_]*$/;

/**
 * The type of a filter key: `<semantic_view>.<dimension>`. Types catch a key without a dot (`{ region: ... }`);
 * the names themselves are checked at run time against {@link FILTER_KEY_PATTERN}.
 */
export type FilterKey = `${string}.${string}`;

/** The prefix of a filter's query parameter name. */
export const FILTER_PARAMETER_PREFIX = 'f_';

/** Whether `key` is a well-formed `<semantic_view>.<dimension>` filter key. */
export function isFilterKey(key: unknown): key is FilterKey {
  return typeof key === 'string' && FILTER_KEY_PATTERN.test(key);
}
