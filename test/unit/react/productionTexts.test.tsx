import { cleanup, render, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { inProduction, leaveProduction } from '../support/inProduction.js';
import { expectRenderErrors, renderFailure, TENANT } from './harness.js';

/**
 * A production build leaves out the render-time checks and the long explanations: these tests load the
 * package again with NODE_ENV=production, so every module reads the production value of its guard.
 */
type Package = typeof import('../../../src/index.js');

let pkg: Package;

beforeEach(async () => {
  pkg = await inProduction(() => import('../../../src/index.js'));
});

afterEach(() => {
  // Unmounted while the production modules it rendered with are still the ones loaded.
  cleanup();
  leaveProduction();
});

function renderError(ui: ReactElement): string | undefined {
  const restore = expectRenderErrors();
  try {
    render(ui);
    return undefined;
  } catch (error) {
    // A refusal thrown while the embed attaches (an effect) reaches the test through act, which gathers what
    // the effects threw.
    const first = error instanceof AggregateError ? error.errors[0] : error;
    return (first as Error).message;
  } finally {
    restore();
  }
}

describe('in production', () => {
  it('still refuses a bad controlled prop, failing that embed (not the page) with the short text of the action it would send', () => {
    const { SvcChat } = pkg;
    const failure = renderFailure(<SvcChat tenantOrigin={TENANT} colorScheme={'sepia' as 'dark'} />);
    expect(failure).toMatchObject({ appShown: true, printed: [], shown: { code: 'SVC141', message: 'SVC141 svc:action:set-color-scheme payload.scheme' } });
    expect(failure.reported).toEqual([failure.shown]);
    // Nothing is printed in production, even with no handler at all, and the page stays.
    expect(renderFailure(<SvcChat tenantOrigin={TENANT} colorScheme={'sepia' as 'dark'} />, { handlers: false })).toMatchObject({ appShown: true, printed: [] });
  });

  it('refuses a bad maxQueuedActions and a controlled value that goes bad later in that embed only, and a corrected value starts it again', () => {
    const { SvcDashboard } = pkg;
    expect(renderFailure(<SvcDashboard tenantOrigin={TENANT} publicId="sales" maxQueuedActions={0} />)).toMatchObject({
      appShown: true,
      printed: [],
      shown: { code: 'SVC142', message: 'SVC142 maxQueuedActions' },
    });
    cleanup();
    const onError = vi.fn();
    // The correction starts the embed again with a new load, whose session getSession gives.
    const getSession = vi.fn(async () => `session-${getSession.mock.calls.length}`);
    const ui = (theme: unknown) => (
      <>
        <h1>The rest of the app</h1>
        <SvcDashboard tenantOrigin={TENANT} publicId="sales" getSession={getSession} theme={theme as never} onError={onError} errorFallback={(error) => <p data-testid="fallback">{error.message}</p>} />
      </>
    );
    const view = render(ui({ primaryColor: '#0b5fff' }));
    expect(screen.queryByTestId('fallback')).toBeNull();
    view.rerender(ui({ primaryColor: 42 }));
    expect(screen.getByRole('heading').textContent).toBe('The rest of the app');
    expect(screen.getByTestId('fallback').textContent).toMatch(/^SVC141 svc:action:set-theme /);
    expect(onError).toHaveBeenCalledTimes(1);
    view.rerender(ui({ primaryColor: '#0b5fff' }));
    expect(screen.queryByTestId('fallback')).toBeNull();
    expect(onError).toHaveBeenCalledTimes(1);
    expect(getSession).toHaveBeenLastCalledWith(expect.objectContaining({ reason: 'retry' }));
  });

  it('fails an embed without a tenant or with a bad one, with the code and the option, and the app stays on screen', () => {
    const { SvcDashboard } = pkg;
    for (const [tenantOrigin, text] of [
      [undefined, 'SVC101 tenantOrigin'],
      ['acme.example.com', 'SVC102 tenantOrigin'],
      ['http://acme.example.com', 'SVC103 tenantOrigin'],
      ['https://acme.example.com/app', 'SVC104 tenantOrigin'],
    ] as const) {
      const failure = renderFailure(<SvcDashboard tenantOrigin={tenantOrigin as string} publicId="sales" />);
      expect(failure).toMatchObject({ appShown: true, printed: [], shown: { code: text.slice(0, 6), message: text, fatal: true } });
      expect(failure.reported).toEqual([failure.shown]);
      cleanup();
    }
    // Not even a bad prop without any handler takes the page down, and production prints nothing.
    expect(renderFailure(<SvcDashboard tenantOrigin="http://acme.example.com" publicId="sales" />, { handlers: false })).toMatchObject({ appShown: true, printed: [] });
    expect(renderFailure(<SvcDashboard publicId="" tenantOrigin="https://acme.example.com" />, { handlers: false })).toMatchObject({ appShown: true, printed: [] });
  });

  it('names the hook, not the embeds, when a hook cannot tell which embed is meant', () => {
    const { SvcChat, useSvcEmbed } = pkg;
    function Guess() {
      useSvcEmbed();
      return null;
    }
    expect(
      renderError(
        <>
          <SvcChat tenantOrigin={TENANT} embedId="a" />
          <SvcChat tenantOrigin={TENANT} embedId="b" />
          <Guess />
        </>,
      ),
    ).toBe('SVC203 useSvcEmbed');
  });
});
