import { act, render } from '@testing-library/react';
import { StrictMode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { embedRegistry, getMessageRouterStats, SvcDashboard } from '../../../src/index.js';
import { heldActionCount } from '../../../src/controller/heldActions.js';
import { TENANT } from './harness.js';

describe('mount and unmount cycles', () => {
  it('200 cycles leave no window listener, route, registry entry or held action behind', () => {
    const add = vi.spyOn(window, 'addEventListener');
    const remove = vi.spyOn(window, 'removeEventListener');
    const { rerender, unmount } = render(<StrictMode>{null}</StrictMode>);
    for (let i = 0; i < 200; i++) {
      act(() => rerender(<StrictMode><SvcDashboard tenantOrigin={TENANT} publicId="sales" colorScheme="dark" filters={{ 'orders.region': { value: i } }} /></StrictMode>));
      expect(getMessageRouterStats().routes).toBe(1);
      act(() => rerender(<StrictMode>{null}</StrictMode>));
    }
    unmount();
    const messageAdds = add.mock.calls.filter(([type]) => type === 'message').length;
    const messageRemoves = remove.mock.calls.filter(([type]) => type === 'message').length;
    expect(messageAdds).toBeGreaterThanOrEqual(200);
    expect(messageAdds - messageRemoves).toBe(0);
    expect(getMessageRouterStats()).toEqual({ routes: 0, listening: false });
    expect(embedRegistry.getSnapshot().size).toBe(0);
    expect(heldActionCount()).toBe(0);
    expect(document.querySelectorAll('iframe')).toHaveLength(0);
  }, 60_000);
});
