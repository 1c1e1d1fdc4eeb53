import { act } from '@testing-library/react';
import { StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getMessageRouterStats, SvcChat, SvcDashboard } from '../../../src/index.js';

const TENANT = 'https://acme.example.com';

function Page() {
  return (
    <StrictMode>
      <SvcDashboard tenantOrigin={TENANT} publicId="sales" filters={{ 'orders.status': { value: 'open' } }} loading="Loading" />
      <SvcChat tenantOrigin={TENANT} session="abc" />
    </StrictMode>
  );
}

afterEach(() => {
  document.body.innerHTML = '';
  vi.restoreAllMocks();
});

describe('hydration', () => {
  it('hydrates server HTML without mismatches, then connects', async () => {
    const html = renderToString(<Page />);
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const iframesBefore = [...container.querySelectorAll('iframe')];
    const errors = vi.spyOn(console, 'error');
    const recoverable = vi.fn();
    let root: ReturnType<typeof hydrateRoot> | undefined;
    await act(async () => {
      root = hydrateRoot(container, <Page />, { onRecoverableError: recoverable });
    });
    expect(recoverable).not.toHaveBeenCalled();
    expect(errors).not.toHaveBeenCalled();
    // The very same iframe elements are kept: hydration did not re-create (and so reload) them.
    expect([...container.querySelectorAll('iframe')]).toEqual(iframesBefore);
    expect(getMessageRouterStats()).toEqual({ routes: 2, listening: true });
    act(() => root?.unmount());
    expect(getMessageRouterStats()).toEqual({ routes: 0, listening: false });
  });
});
