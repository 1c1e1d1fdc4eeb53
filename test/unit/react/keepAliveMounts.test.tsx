import { cleanup } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SvcDashboard, SvcProvider } from '../../../src/index.js';
import { embedParking, keepAlive } from '../../../src/keepAlive/index.js';
import { frameOf, ready, renderStrict, TENANT } from './harness.js';

afterEach(() => {
  // Unmounted first: an embed that unmounts is parked, and the parking must end up empty.
  cleanup();
  embedParking.clear();
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

describe('parked embeds are out of reach', () => {
  it('an action without an embedId skips a parked embed and reaches the one mounted next', async () => {
    const { useSvcActions } = await import('../../../src/index.js');
    let send: ((scheme: 'dark') => void) | undefined;
    function Toolbar() {
      const actions = useSvcActions();
      send = (scheme) => actions.setColorScheme(scheme);
      return null;
    }
    const page = (which: 'a' | 'b' | null) => (
      <SvcProvider tenantOrigin={TENANT} keepAlive={keepAlive}>
        <Toolbar />
        {which && <SvcDashboard publicId="sales" embedId={which} />}
      </SvcProvider>
    );
    const { rerender } = renderStrict(page('a'));
    const a = frameOf('a');
    ready(a.win);
    rerender(page(null));
    expect(embedParking.size).toBe(1);
    // Only a parked embed on the page: the action waits instead of reaching it.
    send?.('dark');
    expect(a.actions()).toEqual([]);
    rerender(page('b'));
    const b = frameOf('b');
    ready(b.win);
    await vi.waitFor(() => expect(b.actions().map((action) => action.type)).toContain('svc:action:set-color-scheme'));
    expect(a.actions()).toEqual([]);
  });

  it('two mounts of one parked identity without an embedId each get an embed of their own, with a development error', () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const page = (count: number) => (
      <SvcProvider tenantOrigin={TENANT} keepAlive={keepAlive}>
        {['first', 'second'].slice(0, count).map((slot) => (
          <div key={slot} data-slot={slot}>
            <SvcDashboard publicId="sales" />
          </div>
        ))}
      </SvcProvider>
    );
    const { rerender } = renderStrict(page(1));
    rerender(page(0));
    expect(embedParking.size).toBe(1);
    rerender(page(2));
    // Each mount shows an iframe of its own (jsdom has no moveBefore: kept-alive iframes live in the overlay).
    const iframes = [...document.querySelectorAll('iframe')];
    expect(iframes).toHaveLength(2);
    expect(new Set(iframes.map((iframe) => iframe.getAttribute('data-svc-embed-id'))).size).toBe(2);
    expect(embedParking.size).toBe(0);
    expect(errors).toHaveBeenCalledWith(expect.stringContaining('embedId'));
  });
});
