// @vitest-environment node
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { SvcApp, SvcChat, SvcDashboard, useSvcEmbed } from '../../../src/index.js';

const TENANT = 'https://acme.example.com';

function Status() {
  return <output>{useSvcEmbed('d', (s) => s.status)}</output>;
}

describe('server rendering', () => {
  it('runs without window', () => {
    expect(typeof window).toBe('undefined');
  });

  it.each([
    ['SvcDashboard', <SvcDashboard key="d" tenantOrigin={TENANT} publicId="sales" session="s1" filters={{ 'orders.status': { value: 'open' } }} embedId="d" loading="Loading" />, `${TENANT}/embed/dashboard/sales?session=s1&amp;f_orders.status=%7B%22value%22%3A%22open%22%7D`],
    ['SvcApp', <SvcApp key="a" tenantOrigin={TENANT} deploymentId={42} session="s2" />, `${TENANT}/embed/d/42/app?session=s2`],
    ['SvcChat', <SvcChat key="c" tenantOrigin={TENANT} locale="de-DE" />, `${TENANT}/embed/chat?locale=de-DE`],
  ])('renders %s to HTML with its iframe and address', (_name, element, src) => {
    const html = renderToString(element);
    expect(html).toContain('<iframe');
    expect(html).toContain(`src="${src}"`);
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
