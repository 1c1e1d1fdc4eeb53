import { describe, expect, it } from 'vitest';
import { createActionMessage, createActionQueue } from '../../../../src/protocol/index.js';

describe('the pre-ready queue', () => {
  it('never merges a theme with a filter, even when the theme carries a field named like the filter parameter', () => {
    const queue = createActionQueue(10);
    const filter = createActionMessage('svc:action:set-filter', { filterUrlParameter: 'f_orders.status={"value":"open"}' });
    const theme = createActionMessage('svc:action:set-theme', {
      primaryColor: '#123456',
      filterUrlParameter: 'f_orders.status={"value":"open"}',
    } as never);
    // A theme passes fields it does not know on, so the queued theme does carry this one.
    expect(theme.payload).toHaveProperty('filterUrlParameter');
    expect(queue.push(filter)).toBeUndefined();
    expect(queue.push(theme)).toBeUndefined();
    expect(queue.drain()).toEqual([filter, theme]);
  });
});
