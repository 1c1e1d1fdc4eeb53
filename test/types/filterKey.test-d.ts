import { describe, expectTypeOf, it } from 'vitest';
import type { Filters, SvcDashboardProps } from '../../src/index.js';
import { isFilterKey } from '../../src/protocol/index.js';

describe('filter keys', () => {
  it('accept "<semantic_view>.<dimension>" and refuse a key without a dot', () => {
    const good: Filters = { 'orders.region': { value: 'EU' }, 'orders.status': null };
    // @ts-expect-error: a filter key names a semantic view and a dimension
    const bad: Filters = { region: { value: 'EU' } };
    // @ts-expect-error: the component's filters prop is typed the same way
    const props: Pick<SvcDashboardProps, 'filters'> = { filters: { region: 1 } };
    expectTypeOf(good).toEqualTypeOf<Filters>();
    expectTypeOf([bad, props]).not.toBeAny();
  });

  it('narrows a checked string to a filter key', () => {
    const key: string = 'orders.region';
    if (isFilterKey(key)) expectTypeOf(key).toEqualTypeOf<`${string}.${string}`>();
  });
});
