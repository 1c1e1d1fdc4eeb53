import { act, cleanup, render, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { StrictMode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type ErrorPayload, SvcApp, SvcDashboard, SvcProvider } from '../../../src/index.js';
import { devText } from '../support/errorTexts.js';
import { TENANT } from './harness.js';

/**
 * An embed is a part of someone else's page: a bad identity prop (a tenant origin that names no tenant, a
 * missing publicId, the app surface without a session source) fails that embed, with the code its refusal
 * carries, shown by errorFallback and reported to onError once. It never throws from render, so the rest of
 * the app stays on screen.
 */

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

/**
 * Renders `embed` beside a sibling of the app, under a provider with a `getSession` (unless `signed` is false),
 * with both failure handlers; what each saw.
 */
function renderBeside(
  embed: (handlers: { onError: (error: ErrorPayload) => void; errorFallback: (error: ErrorPayload) => ReactElement }) => ReactElement,
  signed = true,
) {
  const onError = vi.fn();
  const getSession = vi.fn(async () => 'never-used');
  const pageErrors: unknown[] = [];
  const record = (event: ErrorEvent) => pageErrors.push(event.error);
  window.addEventListener('error', record);
  const consoleError = vi.spyOn(console, 'error');
  try {
    act(() => {
      render(
        <StrictMode>
          <SvcProvider getSession={signed ? getSession : undefined}>
            <h1>The rest of the app</h1>
            {embed({ onError, errorFallback: (error) => <p data-testid="fallback">{`${'code' in error ? error.code : ''}|${error.message}`}</p> })}
          </SvcProvider>
        </StrictMode>,
      );
    });
  } finally {
    window.removeEventListener('error', record);
  }
  const fallback = screen.queryByTestId('fallback')?.textContent?.split('|');
  return { onError, getSession, pageErrors, consoleErrors: consoleError.mock.calls, fallback };
}

describe('a bad identity prop fails its embed, never the page', () => {
  it.each([
    ['a tenant origin without a scheme', 'acme.example.com', 102, 'tenantOrigin "acme.example.com" is not a URL; expected an origin such as "https://acme.example.com".'],
    [
      'a tenant origin with a path',
      'https://acme.example.com/app',
      104,
      'tenantOrigin must be an origin only (scheme, host, port), without a path, query or fragment, got "https://acme.example.com/app"; expected an origin such as "https://acme.example.com".',
    ],
    [
      'http: on a remote host',
      'http://acme.example.com',
      103,
      'tenantOrigin must use https: (http: only on localhost, 127.0.0.1 and [::1]), got "http:"; expected an origin such as "https://acme.example.com".',
    ],
  ])('%s', (_name, tenantOrigin, code, text) => {
    const seen = renderBeside((handlers) => <SvcDashboard tenantOrigin={tenantOrigin} publicId="sales" {...handlers} />);
    expect(screen.getByRole('heading').textContent).toBe('The rest of the app');
    // Named after the component, right after the code, as every refusal of a prop is.
    expect(seen.fallback).toEqual([`SVC${code}`, devText(code, `<SvcDashboard> ${text}`)]);
    expect(seen.onError).toHaveBeenCalledTimes(1);
    expect(seen.onError).toHaveBeenCalledWith(expect.objectContaining({ code: `SVC${code}`, fatal: true, message: devText(code, `<SvcDashboard> ${text}`) }), expect.anything());
    // Nothing was asked of getSession for an embed that cannot load, and no iframe was made.
    expect(seen.getSession).not.toHaveBeenCalled();
    expect(document.querySelector('iframe')).toBeNull();
    expect(seen.pageErrors).toEqual([]);
  });

  it('a missing tenant origin, neither as a prop nor from the provider', () => {
    const seen = renderBeside((handlers) => <SvcDashboard publicId="sales" {...handlers} />);
    expect(screen.getByRole('heading')).toBeTruthy();
    expect(seen.fallback).toEqual(['SVC101', devText(101, '<SvcDashboard> tenantOrigin is required; expected an origin such as "https://acme.example.com".')]);
    expect(seen.onError).toHaveBeenCalledTimes(1);
  });

  it('a missing publicId', () => {
    const seen = renderBeside((handlers) => <SvcDashboard tenantOrigin={TENANT} publicId="" {...handlers} />);
    expect(screen.getByRole('heading')).toBeTruthy();
    expect(seen.fallback?.[0]).toBe('SVC110');
    expect(seen.fallback?.[1]).toMatch(/^SVC110 publicId is required/);
    expect(seen.onError).toHaveBeenCalledTimes(1);
    expect(seen.getSession).not.toHaveBeenCalled();
  });

  it('the app surface without any session source', () => {
    const seen = renderBeside((handlers) => <SvcApp tenantOrigin={TENANT} deploymentId={42} session={undefined as unknown as string} {...handlers} />, false);
    expect(screen.getByRole('heading')).toBeTruthy();
    expect(seen.fallback?.[0]).toBe('SVC113');
    expect(seen.fallback?.[1]).toMatch(/^SVC113 .*session/);
    expect(seen.onError).toHaveBeenCalledTimes(1);
    expect(document.querySelector('iframe')).toBeNull();
  });

  it('a bad identity with no handler at all still leaves the page on screen', () => {
    const seen = renderBeside(() => <SvcDashboard tenantOrigin="acme.example.com" publicId="sales" />);
    expect(screen.getByRole('heading')).toBeTruthy();
    expect(seen.pageErrors).toEqual([]);
  });

  it('a corrected prop makes a working embed', () => {
    const ui = (tenantOrigin: string) => (
      <StrictMode>
        <SvcDashboard tenantOrigin={tenantOrigin} publicId="sales" errorFallback={(error) => <p data-testid="fallback">{error.message}</p>} />
      </StrictMode>
    );
    const { rerender } = render(ui('acme.example.com'));
    expect(screen.getByTestId('fallback')).toBeTruthy();
    rerender(ui(TENANT));
    expect(screen.queryByTestId('fallback')).toBeNull();
    expect(document.querySelector('iframe')?.src).toBe(`${TENANT}/embed/dashboard/sales`);
  });
});
