import type { ReactElement } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { SvcApp, SvcChat, SvcDashboard } from '../../../src/index.js';
import { devText } from '../support/errorTexts.js';
import { frameOf, renderFailure, renderStrict, TENANT } from './harness.js';

/**
 * The message of the error a bad prop fails its embed with, or `undefined` when the embed renders without
 * failing. Never a throw: the rest of the app stays on screen; the error is shown by errorFallback, reported
 * once to onError with its code, and printed once in development.
 */
function renderError(ui: ReactElement): string | undefined {
  const { shown, reported, printed, appShown } = renderFailure(ui);
  expect(appShown).toBe(true);
  if (shown === undefined) {
    expect(reported).toEqual([]);
    return undefined;
  }
  expect(shown.message.startsWith(`${shown.code} `), shown.message).toBe(true);
  expect(reported).toEqual([shown]);
  expect(printed).toEqual([shown.message]);
  return shown.message;
}

describe('a bad prop fails its embed (never the page) with the component, the prop and what was expected', () => {
  it('theme', () => {
    expect(renderError(<SvcChat tenantOrigin={TENANT} theme={{ primaryColor: 42 } as never} />)).toBe(
      devText(201, '<SvcChat> prop "theme": theme.primaryColor: expected string, got 42.'),
    );
  });

  it('locale', () => {
    expect(renderError(<SvcChat tenantOrigin={TENANT} locale="not a locale" />)).toBe(
      devText(117, '<SvcChat> prop "locale": "not a locale" is not a BCP 47 language tag such as "en-US" or "de".'),
    );
  });

  it.each([
    ['a string', 'orders.status'],
    ['null', null],
    ['an array', [{ 'orders.status': { value: 'open' } }]],
  ])('filters given as %s', (_name, filters) => {
    expect(renderError(<SvcDashboard tenantOrigin={TENANT} publicId="sales" filters={filters as never} />)).toBe(
      devText(201, '<SvcDashboard> prop "filters": expected an object of filters by "<semantic_view>.<dimension>".'),
    );
  });

  it('a filter key without its semantic view', () => {
    expect(renderError(<SvcDashboard tenantOrigin={TENANT} publicId="sales" filters={{ status: { value: 1 } } as never} />)).toBe(
      devText(130, `<SvcDashboard> prop "filters": Filter key "status" is not of the form "<semantic_view>.<dimension>" (for example "orders.status").`),
    );
  });

  it('path', () => {
    expect(renderError(<SvcApp tenantOrigin={TENANT} deploymentId={1} session="s" path="https://evil.example.com" />)).toBe(
      devText(201, '<SvcApp> prop "path": path: expected an in-embed path starting with "/", such as "/embed/d/42/app/workbook/130", got "https://evil.example.com".'),
    );
  });

  it('keepAlive given as a flag instead of the keep-alive module', () => {
    expect(renderError(<SvcChat tenantOrigin={TENANT} keepAlive={true as never} />)).toBe(
      devText(202, `<SvcChat> prop "keepAlive": pass keepAlive from 'svc-embed-react/keep-alive' (import { keepAlive } from 'svc-embed-react/keep-alive').`),
    );
  });

  it('no tenant origin, neither as a prop nor from a provider', () => {
    expect(renderError(<SvcDashboard publicId="sales" />)).toBe(
      devText(101, '<SvcDashboard> prop "tenantOrigin": missing; give it as a prop or on a surrounding <SvcProvider>.'),
    );
  });

  it('accepts well-formed values of every controlled prop', () => {
    expect(
      renderError(
        <SvcDashboard
          tenantOrigin={TENANT}
          publicId="sales"
          theme={{ primaryColor: '#0b5fff', borderRadius: 8 }}
          locale="de-DE"
          filters={{ 'orders.status': { value: 'open' } }}
          path="/embed/dashboard/sales/tab-2"
        />,
      ),
    ).toBeUndefined();
  });
});

describe('filters with an undefined value', () => {
  it('are taken as absent, as code without types may pass them', () => {
    const filters = { 'orders.status': { value: 'open' }, 'orders.region': undefined } as never;
    expect(renderError(<SvcDashboard tenantOrigin={TENANT} publicId="sales" filters={filters} />)).toBeUndefined();
    expect(frameOf().iframe.src).toBe(`${TENANT}/embed/dashboard/sales?f_orders.status=%7B%22value%22%3A%22open%22%7D`);
  });
});

describe('locale warnings', () => {
  it('say nothing about a locale the platform ships', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    renderStrict(
      <>
        <SvcChat tenantOrigin={TENANT} locale="de-DE" embedId="de" />
        <SvcChat tenantOrigin={TENANT} locale="fr-FR" embedId="fr" />
      </>,
    );
    expect(warn).not.toHaveBeenCalled();
  });

  it('name the component and the locale the platform will ignore', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    renderStrict(<SvcApp tenantOrigin={TENANT} deploymentId={1} session="s" locale="sw-KE" />);
    expect(warn.mock.calls).toEqual([[devText(205, '<SvcApp> prop "locale": the platform does not ship "sw-KE" and will ignore it.')]]);
  });
});
