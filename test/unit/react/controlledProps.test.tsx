import { describe, expect, it, vi } from 'vitest';
import { getMessageRouterStats, SvcApp, SvcChat, SvcDashboard } from '../../../src/index.js';
import { emit, frameOf, ready, renderFailure, renderStrict, TENANT } from './harness.js';

describe('the address', () => {
  it('puts identity, initial filters and locale in the iframe address', () => {
    renderStrict(
      <SvcDashboard tenantOrigin={TENANT} publicId="sales" session="s1" locale="de-DE" allowExport filters={{ 'orders.status': { value: 'open' } }} />,
    );
    const { iframe } = frameOf();
    const url = new URL(iframe.src);
    expect(url.origin + url.pathname).toBe(`${TENANT}/embed/dashboard/sales`);
    expect(url.searchParams.get('session')).toBe('s1');
    expect(url.searchParams.get('locale')).toBe('de-DE');
    expect(url.searchParams.get('allowExport')).toBe('true');
    expect(url.searchParams.get('f_orders.status')).toBe('{"value":"open"}');
    expect(iframe.title).toBe('Analytics dashboard');
  });

  it('addresses the app and the chat surfaces', () => {
    renderStrict(
      <>
        <SvcApp tenantOrigin={TENANT} deploymentId={42} session="s2" embedId="app" />
        <SvcChat tenantOrigin={TENANT} session="s3" embedId="chat" title="Ask" />
      </>,
    );
    expect(frameOf('app').iframe.src).toBe(`${TENANT}/embed/d/42/app?session=s2`);
    expect(frameOf('chat').iframe.src).toBe(`${TENANT}/embed/chat?sessionId=s3`);
    expect(frameOf('chat').iframe.title).toBe('Ask');
  });

  it('changes the address and resets the state only when an identity prop changes', () => {
    const { rerender } = renderStrict(<SvcDashboard tenantOrigin={TENANT} publicId="a" filters={{ 'orders.status': { value: 1 } }} locale="de-DE" />);
    const first = frameOf();
    ready(first.win);
    rerender(<SvcDashboard tenantOrigin={TENANT} publicId="a" filters={{ 'orders.status': { value: 2 } }} locale="fr-FR" />);
    expect(frameOf().iframe).toBe(first.iframe);
    expect(first.iframe.src).toContain('locale=de-DE');
    rerender(<SvcDashboard tenantOrigin={TENANT} publicId="b" filters={{ 'orders.status': { value: 2 } }} locale="fr-FR" />);
    const second = frameOf();
    expect(second.iframe.src).toBe(`${TENANT}/embed/dashboard/b?locale=fr-FR&f_orders.status=%7B%22value%22%3A2%7D`);
    expect(getMessageRouterStats().routes).toBe(1);
  });
});

describe('controlled props', () => {
  it('sends initial values after ready, once, under StrictMode', () => {
    renderStrict(<SvcDashboard tenantOrigin={TENANT} publicId="sales" colorScheme="dark" theme={{ primaryColor: '#f00' }} path="/embed/dashboard/sales/tab-2" />);
    const { win, actions } = frameOf();
    expect(actions()).toEqual([]);
    ready(win);
    expect(actions()).toEqual([
      { type: 'svc:action:set-color-scheme', payload: { scheme: 'dark' }, target: TENANT },
      { type: 'svc:action:set-theme', payload: { primaryColor: '#f00' }, target: TENANT },
      { type: 'svc:action:navigate', payload: { path: '/embed/dashboard/sales/tab-2' }, target: TENANT },
    ]);
  });

  it('keeps only the latest value before ready', () => {
    const { rerender } = renderStrict(<SvcDashboard tenantOrigin={TENANT} publicId="sales" colorScheme="dark" />);
    rerender(<SvcDashboard tenantOrigin={TENANT} publicId="sales" colorScheme="light" />);
    rerender(<SvcDashboard tenantOrigin={TENANT} publicId="sales" colorScheme="auto" />);
    const { win, actions } = frameOf();
    ready(win);
    expect(actions().map((a) => a.payload)).toEqual([{ scheme: 'auto' }]);
  });

  it('sends a change once and nothing for re-renders with equal content', () => {
    const theme = () => ({ primaryColor: '#0b5fff', font: 'Inter', chat: { inputColor: '#eee' } });
    const { rerender } = renderStrict(<SvcChat tenantOrigin={TENANT} theme={theme()} colorScheme="light" />);
    const { win, actions } = frameOf();
    ready(win, 'chat');
    const afterReady = actions().length;
    rerender(<SvcChat tenantOrigin={TENANT} theme={{ chat: { inputColor: '#eee' }, font: 'Inter', primaryColor: '#0b5fff' }} colorScheme="light" />);
    rerender(<SvcChat tenantOrigin={TENANT} theme={theme()} colorScheme="light" />);
    expect(actions()).toHaveLength(afterReady);
    rerender(<SvcChat tenantOrigin={TENANT} theme={theme()} colorScheme="dark" />);
    rerender(<SvcChat tenantOrigin={TENANT} theme={theme()} colorScheme="dark" />);
    expect(actions().slice(afterReady)).toEqual([{ type: 'svc:action:set-color-scheme', payload: { scheme: 'dark' }, target: TENANT }]);
  });

  it('sends a locale change as an action, never as a new address', () => {
    const { rerender } = renderStrict(<SvcChat tenantOrigin={TENANT} locale="en-US" />);
    const { iframe, win, actions } = frameOf();
    const src = iframe.src;
    ready(win, 'chat');
    expect(actions()).toEqual([]); // the address already carried en-US
    rerender(<SvcChat tenantOrigin={TENANT} locale="ja-JP" />);
    expect(actions()).toEqual([{ type: 'svc:action:set-locale', payload: { locale: 'ja-JP' }, target: TENANT }]);
    expect(iframe.src).toBe(src);
  });

  it('diffs filters per key and clears a removed key with null', () => {
    const { rerender } = renderStrict(
      <SvcDashboard tenantOrigin={TENANT} publicId="sales" filters={{ 'orders.status': { value: 'open' }, 'orders.region': { value: ['EU', 'US'] } }} />,
    );
    const { win, actions } = frameOf();
    ready(win);
    expect(actions()).toEqual([]); // both were in the address
    rerender(<SvcDashboard tenantOrigin={TENANT} publicId="sales" filters={{ 'orders.region': { value: ['US', 'EU'] }, 'orders.status': { value: 'open' } }} />);
    expect(actions()).toHaveLength(1);
    expect(actions()[0]?.payload).toEqual({ filterUrlParameter: 'f_orders.region={"value":["US","EU"]}' });
    rerender(<SvcDashboard tenantOrigin={TENANT} publicId="sales" filters={{ 'orders.region': { value: ['US', 'EU'] }, 'orders.category': { value: 'toys' } }} />);
    expect(actions().slice(1).map((a) => a.payload)).toEqual([
      { filterUrlParameter: 'f_orders.category={"value":"toys"}' },
      { filterUrlParameter: 'f_orders.status=null' },
    ]);
    rerender(<SvcDashboard tenantOrigin={TENANT} publicId="sales" filters={{ 'orders.region': { value: ['US', 'EU'] }, 'orders.category': { value: 'toys' } }} />);
    expect(actions()).toHaveLength(3);
  });

  it('re-applies every current value after a later ready (the embed reloaded)', () => {
    const { rerender } = renderStrict(
      <SvcDashboard tenantOrigin={TENANT} publicId="sales" colorScheme="dark" locale="de-DE" filters={{ 'orders.status': { value: 'open' } }} />,
    );
    const { win, actions } = frameOf();
    ready(win);
    rerender(<SvcDashboard tenantOrigin={TENANT} publicId="sales" colorScheme="dark" locale="de-DE" filters={{ 'orders.region': { value: 'EU' } }} path="/p" />);
    const before = actions().length;
    ready(win);
    expect(actions().slice(before).map((a) => [a.type, a.payload])).toEqual([
      ['svc:action:set-color-scheme', { scheme: 'dark' }],
      ['svc:action:set-locale', { locale: 'de-DE' }],
      ['svc:action:set-filter', { filterUrlParameter: 'f_orders.region={"value":"EU"}' }],
      ['svc:action:set-filter', { filterUrlParameter: 'f_orders.status=null' }],
      ['svc:action:navigate', { path: '/p' }],
    ]);
  });

  it('does not echo a path the embed navigated to itself', () => {
    const onNavigate = vi.fn();
    const { rerender } = renderStrict(<SvcApp tenantOrigin={TENANT} deploymentId={42} session="s" path="/embed/d/42/app" onNavigate={onNavigate} />);
    const { win, actions } = frameOf();
    ready(win, 'app');
    expect(actions().map((a) => a.type)).toEqual(['svc:action:navigate']);
    emit(win, 'svc:event:navigate', { path: '/embed/d/42/app/workbook/130', previousPath: '/embed/d/42/app' }, 'app');
    expect(onNavigate).toHaveBeenCalledWith({ path: '/embed/d/42/app/workbook/130', previousPath: '/embed/d/42/app' }, expect.objectContaining({ type: 'svc:event:navigate' }));
    rerender(<SvcApp tenantOrigin={TENANT} deploymentId={42} session="s" path="/embed/d/42/app/workbook/130" onNavigate={onNavigate} />);
    expect(actions()).toHaveLength(1);
    rerender(<SvcApp tenantOrigin={TENANT} deploymentId={42} session="s" path="/embed/d/42/app/folder/7" onNavigate={onNavigate} />);
    expect(actions().slice(1)).toEqual([{ type: 'svc:action:navigate', payload: { path: '/embed/d/42/app/folder/7' }, target: TENANT }]);
  });
});

describe('bad props', () => {
  it.each([
    ['non-https origin', () => <SvcDashboard tenantOrigin="http://acme.example.com" publicId="x" errorFallback={(e) => e.message} />, /^SVC103 <SvcDashboard> tenantOrigin.*https/],
    ['missing publicId', () => <SvcDashboard tenantOrigin={TENANT} publicId="" errorFallback={(e) => e.message} />, /^SVC110 publicId/],
    ['app without session', () => <SvcApp tenantOrigin={TENANT} deploymentId={1} session={undefined as unknown as string} errorFallback={(e) => e.message} />, /^SVC113 .*session/],
  ])('%s fails that embed with a readable error naming the option, never the render', (_name, ui, pattern) => {
    const { container } = renderStrict(ui());
    expect(container.querySelector('[data-svc-embed-state="error"]')?.textContent).toMatch(pattern);
  });

  it.each([
    ['malformed filter key', () => <SvcDashboard tenantOrigin={TENANT} publicId="x" filters={{ status: { value: 1 } } as never} />, /SvcDashboard.*filters/],
    ['bad colour scheme', () => <SvcChat tenantOrigin={TENANT} colorScheme={'sepia' as 'dark'} />, /SvcChat.*colorScheme.*sepia/],
    ['bad locale', () => <SvcChat tenantOrigin={TENANT} locale="not a locale" />, /SvcChat.*locale/],
    ['bad path', () => <SvcApp tenantOrigin={TENANT} deploymentId={1} session="s" path="https://evil.example.com" />, /SvcApp.*path/],
  ])('%s fails that embed with a readable error naming the prop, never the render', (_name, ui, pattern) => {
    const { shown, appShown } = renderFailure(ui());
    expect(appShown).toBe(true);
    expect(shown?.message).toMatch(pattern);
  });

  it('warns once in development about a locale the platform will ignore', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    renderStrict(<SvcChat tenantOrigin={TENANT} locale="ko-KR" />);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]?.[0]).toMatch(/ko-KR/);
  });
});
