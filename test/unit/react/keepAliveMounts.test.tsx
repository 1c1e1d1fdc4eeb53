import { cleanup } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SvcDashboard, SvcProvider } from '../../../src/index.js';
import { embedParking, keepAlive } from '../../../src/keepAlive/index.js';
import { frameOf, ready, renderStrict, TENANT } from './harness.js';

afterEach(() => {
  cleanup();
  embedParking.clear();
  vi.restoreAllMocks();
});

describe('keepAlive from a surrounding provider', () => {
  it('parks the embed when it unmounts and shows the same iframe again on the next mount', () => {
    const page = (shown: boolean) => (
      <SvcProvider tenantOrigin={TENANT} keepAlive={keepAlive}>
        {shown && <SvcDashboard publicId="sales" embedId="sales" />}
      </SvcProvider>
    );
    const { rerender } = renderStrict(page(true));
    const first = frameOf('sales');
    ready(first.win);
    rerender(page(false));
    expect(embedParking.size).toBe(1);
    expect(frameOf('sales').iframe).toBe(first.iframe);
    rerender(page(true));
    expect(embedParking.size).toBe(0);
    expect(frameOf('sales').iframe).toBe(first.iframe);
  });
});

describe('keepAlive on the embed', () => {
  it('keeps an embed’s iframe when another kept-alive embed is parked beside it', () => {
    const page = (both: boolean, scheme: 'light' | 'dark') => (
      <>
        <SvcDashboard tenantOrigin={TENANT} publicId="a" embedId="a" keepAlive={keepAlive} colorScheme={scheme} />
        {both && <SvcDashboard tenantOrigin={TENANT} publicId="b" embedId="b" keepAlive={keepAlive} />}
      </>
    );
    const { rerender } = renderStrict(page(true, 'light'));
    const a = frameOf('a');
    ready(a.win);
    rerender(page(false, 'light'));
    expect(embedParking.size).toBe(1);
    rerender(page(false, 'dark'));
    expect(frameOf('a').iframe).toBe(a.iframe);
    expect(a.actions().map((x) => x.payload)).toEqual([{ scheme: 'light' }, { scheme: 'dark' }]);
  });
});
