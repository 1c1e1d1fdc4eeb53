import { act } from '@testing-library/react';
import { StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getMessageRouterStats, SvcChat, SvcDashboard } from '../../../src/index.js';
import { TENANT } from '../support/frames.js';


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
    // No iframe in the server HTML: its document would load (and post ready) before anything listens.
    expect(container.querySelectorAll('iframe')).toHaveLength(0);
    const wrappersBefore = [...container.querySelectorAll('[data-svc-embed]')];
    expect(wrappersBefore).toHaveLength(2);
    const errors = vi.spyOn(console, 'error');
    const recoverable = vi.fn();
    let root: ReturnType<typeof hydrateRoot> | undefined;
    await act(async () => {
      root = hydrateRoot(container, <Page />, { onRecoverableError: recoverable });
    });
    expect(recoverable).not.toHaveBeenCalled();
    expect(errors).not.toHaveBeenCalled();
    // The very same wrapper elements are kept (hydration re-created nothing), and each embed made one iframe.
    expect([...container.querySelectorAll('[data-svc-embed]')]).toEqual(wrappersBefore);
    const iframes = [...container.querySelectorAll('iframe')];
    expect(iframes.map((iframe) => iframe.getAttribute('data-svc-embed-id'))).toEqual(
      wrappersBefore.map((wrapper) => wrapper.getAttribute('data-svc-embed')),
    );
    expect(iframes[0]?.src).toBe(`${TENANT}/embed/dashboard/sales?f_orders.status=%7B%22value%22%3A%22open%22%7D`);
    expect(iframes[1]?.src).toBe(`${TENANT}/embed/chat?sessionId=abc`);
    expect(getMessageRouterStats()).toEqual({ routes: 2, listening: true });
    act(() => root?.unmount());
    expect(getMessageRouterStats()).toEqual({ routes: 0, listening: false });
  });
});
