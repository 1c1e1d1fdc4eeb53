import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SvcDashboard } from '../../../src/index.js';
import { devText } from '../support/errorTexts.js';
import { renderFailure, renderStrict, TENANT } from './harness.js';

/**
 * A bad prop fails its own embed in development, never the app around it: the coded error is shown by
 * errorFallback and reported once to onError, printed once with its docs link, and a corrected prop starts
 * the embed again. A failure nobody handles (no onError, no errorFallback) is printed once, coded.
 */

afterEach(() => {
  vi.restoreAllMocks();
});

const BAD_SCHEME = devText(201, '<SvcDashboard> prop "colorScheme": expected "light", "dark" or "auto", got "sepia".');

describe('a bad controlled prop in development', () => {
  it('fails that embed once, shown and reported with its code, printed once with its docs link; the sibling stays', () => {
    const getSession = vi.fn(async () => 'never-used');
    const failure = renderFailure(<SvcDashboard tenantOrigin={TENANT} publicId="sales" getSession={getSession} colorScheme={'sepia' as 'dark'} />);
    expect(failure.appShown).toBe(true);
    expect(failure.shown).toMatchObject({ code: 'SVC201', message: BAD_SCHEME, fatal: true, context: 'props' });
    expect(failure.reported).toEqual([failure.shown]);
    expect(failure.printed).toEqual([BAD_SCHEME]);
    expect(failure.printed[0]).toContain('docs-troubleshooting--docs#svc201');
    // Nothing was started for it: no session asked for, no iframe.
    expect(getSession).not.toHaveBeenCalled();
    expect(document.querySelector('iframe')).toBeNull();
  });

  it('with neither handler, the page stays and the coded message is printed once', () => {
    const failure = renderFailure(<SvcDashboard tenantOrigin={TENANT} publicId="sales" colorScheme={'sepia' as 'dark'} />, { handlers: false });
    expect(failure).toMatchObject({ appShown: true, printed: [BAD_SCHEME] });
  });

  it('a corrected prop on a later render starts the embed; a prop that goes bad again fails it again', () => {
    const onError = vi.fn();
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const ui = (colorScheme: string) => (
      <>
        <h1>The rest of the app</h1>
        <SvcDashboard
          tenantOrigin={TENANT}
          publicId="sales"
          colorScheme={colorScheme as 'dark'}
          onError={onError}
          errorFallback={(failure, retry) => (
            <button type="button" data-testid="fallback" onClick={retry}>
              {'code' in failure ? String(failure.code) : ''}
            </button>
          )}
        />
      </>
    );
    const view = renderStrict(ui('sepia'));
    expect(screen.getByTestId('fallback').textContent).toBe('SVC201');
    // The fallback's retry cannot start an embed whose prop is still bad.
    act(() => screen.getByTestId('fallback').click());
    expect(screen.getByTestId('fallback').textContent).toBe('SVC201');
    expect(document.querySelector('iframe')).toBeNull();
    view.rerender(ui('dark'));
    expect(screen.queryByTestId('fallback')).toBeNull();
    expect(document.querySelector('iframe')?.src).toBe(`${TENANT}/embed/dashboard/sales`);
    expect(onError).toHaveBeenCalledTimes(1);
    view.rerender(ui('mauve'));
    expect(screen.getByTestId('fallback').textContent).toBe('SVC201');
    expect(screen.getByRole('heading').textContent).toBe('The rest of the app');
    expect(onError).toHaveBeenCalledTimes(2);
    expect(error.mock.calls.map(([text]) => String(text))).toEqual([BAD_SCHEME, BAD_SCHEME.replace('sepia', 'mauve')]);
  });

  it('keepAlive given as a flag fails that embed with SVC202, and the page stays', () => {
    const failure = renderFailure(<SvcDashboard tenantOrigin={TENANT} publicId="sales" keepAlive={true as never} />);
    expect(failure.appShown).toBe(true);
    expect(failure.shown?.code).toBe('SVC202');
    expect(failure.reported).toHaveLength(1);
  });

  it('a bad maxQueuedActions fails that embed with SVC142, named after the component', () => {
    const failure = renderFailure(<SvcDashboard tenantOrigin={TENANT} publicId="sales" maxQueuedActions={1.5} />);
    expect(failure.appShown).toBe(true);
    expect(failure.shown).toMatchObject({ code: 'SVC142', message: devText(142, '<SvcDashboard> maxQueuedActions must be a positive integer') });
    expect(failure.reported).toEqual([failure.shown]);
    expect(failure.printed).toEqual([failure.shown?.message]);
  });
});

describe('a failure nobody handles, in development', () => {
  const failingSession = async (): Promise<string> => {
    throw new Error('session service down');
  };

  it('prints one coded console error, named after the component', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    renderStrict(<SvcDashboard tenantOrigin={TENANT} publicId="sales" getSession={failingSession} />);
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(error.mock.calls.map(([text]) => String(text))).toEqual([expect.stringMatching(/^SVC301 <SvcDashboard> .*session service down/)]);
  });

  it('prints nothing when the app handles it: onError hears it once, coded', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const onError = vi.fn();
    renderStrict(<SvcDashboard tenantOrigin={TENANT} publicId="sales" getSession={failingSession} onError={onError} />);
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(error).not.toHaveBeenCalled();
    expect(onError).toHaveBeenCalledTimes(1);
    expect(onError.mock.calls[0]?.[0]).toMatchObject({ code: 'SVC301' });
  });
});
