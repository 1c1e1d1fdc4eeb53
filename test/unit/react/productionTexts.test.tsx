import { cleanup, render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { expectRenderErrors, renderFailure, TENANT } from './harness.js';

/**
 * A production build leaves out the render-time checks and the long explanations: these tests load the
 * package again with NODE_ENV=production, so every module reads the production value of its guard.
 */
type Package = typeof import('../../../src/index.js');

let pkg: Package;

beforeEach(async () => {
  vi.stubEnv('NODE_ENV', 'production');
  vi.resetModules();
  pkg = await import('../../../src/index.js');
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
  vi.resetModules();
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
  it('still refuses a bad controlled prop, failing that embed with the short text of the action it would send', () => {
    const { SvcChat } = pkg;
    const failure = renderFailure(<SvcChat tenantOrigin={TENANT} colorScheme={'sepia' as 'dark'} />);
    expect(failure).toMatchObject({ appShown: true, printed: [], shown: { code: 'SVC141', message: 'SVC141 <SvcChat> svc:action:set-color-scheme payload.scheme' } });
    expect(failure.reported).toEqual([failure.shown]);
  });

  it('refuses an embed without a tenant with the code and the option, and the app stays on screen', () => {
    const { SvcDashboard } = pkg;
    const failure = renderFailure(<SvcDashboard publicId="sales" />);
    expect(failure).toMatchObject({ appShown: true, printed: [], shown: { code: 'SVC101', message: 'SVC101 <SvcDashboard> tenantOrigin' } });
    expect(failure.reported).toEqual([failure.shown]);
    // Not even a bad prop without any handler takes the page down, and production prints nothing.
    expect(renderFailure(<SvcDashboard tenantOrigin="http://acme.example.com" publicId="sales" />, { handlers: false })).toMatchObject({ appShown: true, printed: [] });
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
