// @vitest-environment node
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { SvcApp, SvcChat, SvcDashboard, SvcProvider, useSvcEmbed } from '../../../src/index.js';
import { TENANT } from '../support/frames.js';


function Status() {
  return <output>{useSvcEmbed('d', (s) => s.status)}</output>;
}

describe('server rendering', () => {
  it('runs without window', () => {
    expect(typeof window).toBe('undefined');
  });

  it.each([
    ['SvcDashboard', <SvcDashboard key="d" tenantOrigin={TENANT} publicId="sales" session="s1" filters={{ 'orders.status': { value: 'open' } }} embedId="d" loading="Loading" />],
    ['SvcApp', <SvcApp key="a" tenantOrigin={TENANT} deploymentId={42} session="s2" />],
    ['SvcChat', <SvcChat key="c" tenantOrigin={TENANT} locale="de-DE" />],
  ])('renders %s to HTML as a busy placeholder with a preconnect, and no iframe or session', (_name, element) => {
    const html = renderToString(element);
    // The iframe is made after hydration, when the host listens: a server-rendered one would load, post
    // ready before anything listens, and spend a single-use session.
    expect(html).not.toContain('<iframe');
    expect(html).not.toMatch(/s1|s2/);
    expect(html).toContain(`<link rel="preconnect" href="${TENANT}"/>`);
    expect(html).toContain('aria-busy="true"');
  });

  it('prints no warning while rendering on the server (no layout effect runs there)', () => {
    const error = vi.spyOn(console, 'error');
    const warn = vi.spyOn(console, 'warn');
    try {
      renderToString(<SvcDashboard tenantOrigin={TENANT} publicId="sales" onView={() => {}} />);
      expect(error).not.toHaveBeenCalled();
      expect(warn).not.toHaveBeenCalled();
    } finally {
      error.mockRestore();
      warn.mockRestore();
    }
  });

  it('renders the tenant from a surrounding provider', () => {
    const html = renderToString(
      <SvcProvider tenantOrigin={TENANT}>
        <SvcDashboard publicId="sales" />
      </SvcProvider>,
    );
    expect(html).toContain(`href="${TENANT}"`);
  });

  it('renders the loading fallback and a loading status from hooks', () => {
    const html = renderToString(
      <>
        <SvcDashboard tenantOrigin={TENANT} publicId="sales" embedId="d" loading="Loading dashboard" />
        <Status />
      </>,
    );
    expect(html).toContain('Loading dashboard');
    expect(html).toContain('<output>loading</output>');
  });
});
