import { act, render, waitFor } from '@testing-library/react';
import { StrictMode, useLayoutEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { describe, expect, it, vi } from 'vitest';
import { SvcApp, SvcDashboard, type SvcEmbedHandle, SvcProvider } from '../../../src/index.js';
import { emit, frameOf, ready, renderStrict, TENANT } from './harness.js';
import { devText } from '../support/errorTexts.js';

/** The element a component renders around its embed. */
const root = (container: HTMLElement) => container.firstElementChild as HTMLElement;

const failingSession = () => Promise.reject(new Error('session service down'));

describe('the rendered element', () => {
  it('is a positioned box with the app’s class and style, holding an iframe that fills it', () => {
    const { container } = renderStrict(
      <SvcDashboard tenantOrigin={TENANT} publicId="sales" className="report" style={{ height: 600, border: '1px solid' }} />,
    );
    const box = root(container);
    expect(box.className).toBe('report');
    expect(box.style.position).toBe('relative');
    expect(box.style.height).toBe('600px');
    expect(box.style.border).toBe('1px solid');
    const host = frameOf().iframe.parentElement as HTMLElement;
    expect(box.contains(host)).toBe(true);
    expect([host.style.width, host.style.height]).toEqual(['100%', '100%']);
  });

  it('lets the app’s style override the position', () => {
    const { container } = renderStrict(<SvcDashboard tenantOrigin={TENANT} publicId="sales" style={{ position: 'absolute' }} />);
    expect(root(container).style.position).toBe('absolute');
  });

  it('names its embed with a generated id that is safe in a CSS selector, whatever the root’s id prefix', () => {
    const container = document.body.appendChild(document.createElement('div'));
    const reactRoot = createRoot(container, { identifierPrefix: 'shop page:' });
    try {
      act(() => reactRoot.render(<SvcDashboard tenantOrigin={TENANT} publicId="sales" />));
      const embedId = root(container).getAttribute('data-svc-embed') ?? '';
      expect(embedId).toMatch(/^svc[A-Za-z0-9_-]+$/);
      expect(embedId).toContain('shoppage');
      expect(frameOf(embedId).iframe.getAttribute('data-svc-embed-id')).toBe(embedId);
    } finally {
      act(() => reactRoot.unmount());
      container.remove();
    }
  });

  it('has its iframe in the page by the time the app’s layout effects run', () => {
    const seen: number[] = [];
    function Page() {
      useLayoutEffect(() => {
        seen.push(document.querySelectorAll('iframe').length);
      }, []);
      return <SvcDashboard tenantOrigin={TENANT} publicId="sales" />;
    }
    render(<Page />);
    expect(seen).toEqual([1]);
  });
});

describe('busy state and status layers', () => {
  it('is busy until the embed is shown, with the loading layer only while it is hidden', async () => {
    const { container } = renderStrict(<SvcDashboard tenantOrigin={TENANT} publicId="sales" loading="Loading sales" />);
    expect(root(container).getAttribute('aria-busy')).toBe('true');
    expect(container.textContent).toBe('Loading sales');
    ready(frameOf().win);
    await waitFor(() => expect(root(container).getAttribute('aria-busy')).toBe('false'));
    expect(container.textContent).toBe('');
  });

  it('renders no layer at all without a loading prop', () => {
    const { container } = renderStrict(<SvcDashboard tenantOrigin={TENANT} publicId="sales" />);
    expect(root(container).getAttribute('aria-busy')).toBe('true');
    expect(container.querySelector('[data-svc-embed-state]')).toBeNull();
  });

  it('is no longer busy after a failure, and shows an element given as errorFallback', async () => {
    const { container } = renderStrict(
      <SvcDashboard tenantOrigin={TENANT} publicId="sales" getSession={failingSession} loading="Loading" errorFallback={<b>Unavailable</b>} />,
    );
    await waitFor(() => expect(container.querySelector('[role="alert"]')?.innerHTML).toBe('<b>Unavailable</b>'));
    expect(root(container).getAttribute('aria-busy')).toBe('false');
    expect(container.textContent).toBe('Unavailable');
  });

  it('shows neither layer after a failure when there is no errorFallback', async () => {
    const onError = vi.fn();
    const { container } = renderStrict(
      <SvcDashboard tenantOrigin={TENANT} publicId="sales" getSession={failingSession} loading="Loading" onError={onError} />,
    );
    await waitFor(() => expect(onError).toHaveBeenCalled());
    expect(root(container).getAttribute('aria-busy')).toBe('false');
    expect(container.querySelector('[data-svc-embed-state]')).toBeNull();
    expect(container.textContent).toBe('');
  });
});

describe('failures of the host’s own making', () => {
  it('reach onError and onEvent as an error event of the embed’s surface', async () => {
    const onError = vi.fn();
    const onEvent = vi.fn();
    renderStrict(<SvcDashboard tenantOrigin={TENANT} publicId="sales" getSession={failingSession} onError={onError} onEvent={onEvent} />);
    await waitFor(() => expect(onError).toHaveBeenCalledOnce());
    // The library's own failure carries its code, which apps can branch on.
    const payload = {
      name: 'SessionError',
      context: 'getSession',
      fatal: true,
      message: devText(301, 'getSession failed: session service down'),
      code: 'SVC301',
    };
    const message = { source: 'svc-embed', direction: 'event', type: 'svc:event:error', payload, timestamp: expect.any(Number), surface: 'dashboard' };
    expect(onError).toHaveBeenCalledWith(payload, message);
    expect(onEvent.mock.calls).toEqual([[message]]);
  });
});

describe('the embed’s own errors', () => {
  let issued = 0;
  const getSession = async () => `renewable-${++issued}`;

  it('an expiry the library renews never reaches onError; onEvent still sees the embed’s messages as sent', async () => {
    const onError = vi.fn();
    const onEvent = vi.fn();
    renderStrict(<SvcDashboard tenantOrigin={TENANT} publicId="sales" getSession={getSession} onError={onError} onEvent={onEvent} />);
    await waitFor(() => expect(frameOf().iframe.src).toContain('session=renewable-'));
    const { win, actions } = frameOf();
    ready(win);
    // A wake past the expiry: the embed says so, refuses an action, then sends its fatal SessionExpiredError.
    const refused = { name: 'SessionExpiredError', message: 'Session expired', context: 'svc:action:refresh', fatal: false };
    const expired = { name: 'SessionExpiredError', message: 'The session expired', context: 'session', fatal: true };
    emit(win, 'svc:event:session-expired', {});
    emit(win, 'svc:event:error', refused);
    emit(win, 'svc:event:error', expired);
    await waitFor(() => expect(actions().map(({ type }) => type)).toContain('svc:action:set-session'));
    ready(win);
    expect(onError).not.toHaveBeenCalled();
    const errors = onEvent.mock.calls.map(([message]) => message).filter((message) => message.type === 'svc:event:error');
    expect(errors.map((message) => message.payload)).toEqual([refused, expired]);
  });

  it('any other reaches onError once, coded SVC310 with its name and message kept, and errorFallback', async () => {
    const onError = vi.fn();
    const onEvent = vi.fn();
    const { container } = renderStrict(
      <SvcDashboard
        tenantOrigin={TENANT}
        publicId="sales"
        onError={onError}
        onEvent={onEvent}
        errorFallback={(error) => <p>{`${(error as { code?: string }).code} ${error.name}: ${error.message}`}</p>}
      />,
    );
    const { win } = frameOf();
    ready(win);
    const notFound = { name: 'NotFoundError', message: 'Dashboard not found', fatal: true };
    emit(win, 'svc:event:error', notFound);
    const payload = { ...notFound, code: 'SVC310' };
    expect(onError.mock.calls).toEqual([[payload, expect.objectContaining({ type: 'svc:event:error', payload, surface: 'dashboard' })]]);
    expect(container.querySelector('[role="alert"]')?.textContent).toBe('SVC310 NotFoundError: Dashboard not found');
    // onEvent heard it once, as the embed sent it.
    const errors = onEvent.mock.calls.map(([message]) => message).filter((message) => message.type === 'svc:event:error');
    expect(errors.map((message) => message.payload)).toEqual([notFound]);
  });

  it('one nobody handles is printed once in development, coded and named after the component', () => {
    const printed = vi.spyOn(console, 'error').mockImplementation(() => {});
    renderStrict(<SvcDashboard tenantOrigin={TENANT} publicId="sales" />);
    const { win } = frameOf();
    ready(win);
    emit(win, 'svc:event:error', { name: 'NotFoundError', message: 'Dashboard not found', fatal: true });
    expect(printed.mock.calls).toEqual([['SVC310 <SvcDashboard> Dashboard not found']]);
  });
});

describe('identity', () => {
  it('starts again with a session from getSession when getSession is added to an unsigned embed', async () => {
    const getSession = vi.fn(async () => 'fresh-session');
    const { rerender } = renderStrict(<SvcDashboard tenantOrigin={TENANT} publicId="sales" />);
    expect(frameOf().iframe.src).toBe(`${TENANT}/embed/dashboard/sales`);
    rerender(<SvcDashboard tenantOrigin={TENANT} publicId="sales" getSession={getSession} />);
    await waitFor(() => expect(frameOf().iframe.src).toBe(`${TENANT}/embed/dashboard/sales?session=fresh-session`));
    expect(getSession).toHaveBeenCalledOnce();
  });

  it('loads the other app when deploymentId changes, and not when it changes from number to string', async () => {
    let issued = 0;
    const getSession = vi.fn(async () => `session-${++issued}`);
    const { rerender } = renderStrict(<SvcApp tenantOrigin={TENANT} deploymentId={42} getSession={getSession} />);
    await waitFor(() => expect(frameOf().iframe.src).toBe(`${TENANT}/embed/d/42/app?session=session-1`));
    const first = frameOf().iframe;
    rerender(<SvcApp tenantOrigin={TENANT} deploymentId="42" getSession={getSession} />);
    expect(frameOf().iframe).toBe(first);
    rerender(<SvcApp tenantOrigin={TENANT} deploymentId={43} getSession={getSession} />);
    await waitFor(() => expect(frameOf().iframe.src).toBe(`${TENANT}/embed/d/43/app?session=session-2`));
    expect(getSession).toHaveBeenCalledTimes(2);
  });

  it('the imperative handle follows the embed when an identity prop changes', () => {
    let handle: SvcEmbedHandle | null = null;
    const setHandle = (h: SvcEmbedHandle | null) => {
      handle = h;
    };
    const { rerender } = render(
      <StrictMode>
        <SvcDashboard ref={setHandle} tenantOrigin={TENANT} publicId="a" embedId="x" />
      </StrictMode>,
    );
    rerender(
      <StrictMode>
        <SvcDashboard ref={setHandle} tenantOrigin={TENANT} publicId="b" embedId="x" />
      </StrictMode>,
    );
    const { iframe, win, actions } = frameOf('x');
    expect(iframe.src).toBe(`${TENANT}/embed/dashboard/b`);
    expect((handle as unknown as SvcEmbedHandle).iframe).toBe(iframe);
    ready(win);
    act(() => (handle as unknown as SvcEmbedHandle).refresh());
    expect(actions().map((a) => a.type)).toEqual(['svc:action:refresh']);
  });
});

describe('SvcProvider', () => {
  it('passes a changed setting on to the embeds below it', () => {
    const { rerender } = renderStrict(
      <SvcProvider tenantOrigin={TENANT} colorScheme="dark">
        <SvcDashboard publicId="sales" />
      </SvcProvider>,
    );
    const { win, actions } = frameOf();
    ready(win);
    expect(actions().map((a) => a.payload)).toEqual([{ scheme: 'dark' }]);
    rerender(
      <SvcProvider tenantOrigin={TENANT} colorScheme="light">
        <SvcDashboard publicId="sales" />
      </SvcProvider>,
    );
    expect(actions().map((a) => a.payload)).toEqual([{ scheme: 'dark' }, { scheme: 'light' }]);
  });
});
