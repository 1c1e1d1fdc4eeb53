import { act } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SvcDashboard } from '../../../src/index.js';
import { embedParking, keepAlive, preloadEmbed } from '../../../src/keepAlive/index.js';
import { TENANT } from '../support/frames.js';

afterEach(() => {
  embedParking.clear();
  document.body.innerHTML = '';
  vi.restoreAllMocks();
});

const failed = (error: { message: string }) => <p>failed: {error.message}</p>;

function Page() {
  return (
    <SvcDashboard
      tenantOrigin={TENANT}
      publicId="sales"
      embedId="sales"
      keepAlive={keepAlive}
      getSession={() => Promise.reject(new Error('backend down'))}
      loading="Loading"
      errorFallback={failed}
      onError={() => {}}
    />
  );
}

describe('hydrating over a preloaded embed', () => {
  it('shows what the server showed, then the preloaded embed as it is (here failed), without a mismatch', async () => {
    const html = renderToString(<Page />);
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    expect(container.textContent).toBe('Loading');
    // Preloaded before hydration reached the embed (a route prefetch, say), and failed meanwhile.
    const getSession = vi.fn(() => Promise.reject(new Error('backend down')));
    preloadEmbed({ surface: 'dashboard', tenantOrigin: TENANT, publicId: 'sales', embedId: 'sales', getSession });
    await vi.waitFor(() => expect(getSession).toHaveBeenCalledTimes(1));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(embedParking.size).toBe(1);
    const wrapper = container.querySelector('[data-svc-embed]');
    const recoverable = vi.fn();
    const errors = vi.spyOn(console, 'error');
    let root: ReturnType<typeof hydrateRoot> | undefined;
    await act(async () => {
      root = hydrateRoot(container, <Page />, { onRecoverableError: recoverable });
    });
    expect(recoverable).not.toHaveBeenCalled();
    expect(errors).not.toHaveBeenCalled();
    expect(container.querySelector('[data-svc-embed]')).toBe(wrapper);
    // The mount took the preloaded embed from the lot, failure and all: nothing loaded a second time.
    expect(embedParking.size).toBe(0);
    expect(getSession).toHaveBeenCalledTimes(1);
    expect(container.textContent).toMatch(/^failed: SVC301 getSession failed: backend down/);
    act(() => root?.unmount());
  });
});
