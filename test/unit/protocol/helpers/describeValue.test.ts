import { describe, expect, it } from 'vitest';
import { describeValue } from '../../../../src/protocol/describeValue.js';
import { isFilterKey } from '../../../../src/protocol/filterKey.js';

describe('describeValue, the value as error text names it', () => {
  it.each([
    [null, 'null'],
    [undefined, 'undefined'],
    [['x'], 'an array'],
    ['abc', '"abc"'],
    ['x'.repeat(40), `"${'x'.repeat(40)}"`],
    ['x'.repeat(41), 'a string of 41 characters'],
    [42, '42'],
    [false, 'false'],
    [{ secret: 'x' }, 'an object'],
    [Symbol('s'), 'a symbol'],
    [10n, 'a bigint'],
    [() => 1, 'a function'],
  ])('describes %o as %s', (value, text) => {
    expect(describeValue(value)).toBe(text);
  });
});

describe('isFilterKey', () => {
  it('accepts only a string of the form view.dimension, not something that turns into one', () => {
    expect(isFilterKey('orders.status')).toBe(true);
    expect(isFilterKey(['orders.status'])).toBe(false);
    expect(isFilterKey({ toString: () => 'orders.status' })).toBe(false);
  });
});
