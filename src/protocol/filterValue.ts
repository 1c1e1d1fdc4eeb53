import type { FilterKey } from './filterKey.js';

/** A JSON value: what a filter's value may be once serialised. */
export type JsonValue = string | number | boolean | null | readonly JsonValue[] | { readonly [key: string]: JsonValue };

/** A scalar a documented filter value may hold. */
export type FilterScalar = string | number | boolean | null;

/**
 * A filter value. The only documented form is `{ value: scalar | scalar[] }` ("equals" when no operator is
 * given); any other JSON is passed through untouched, and `null` clears the filter (a project decision).
 */
export type FilterValue = { readonly value: FilterScalar | readonly FilterScalar[] } | JsonValue;

/** Filters by `<semantic_view>.<dimension>` key: `{ 'orders.region': { value: 'EU' } }`. */
export type Filters = Readonly<Record<FilterKey, FilterValue>>;
