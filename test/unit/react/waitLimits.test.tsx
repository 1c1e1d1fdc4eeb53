import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type SessionRequest, SvcDashboard, SvcProvider } from '../../../src/index.js';
import { renderStrict, TENANT } from './harness.js';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('the time limits of an embed, from the provider', () => {
  it("ends a getSession that never answers in SVC308, shown by errorFallback, whose retry asks again; an embed's own limit wins", async () => {
    const signals: AbortSignal[] = [];
    // A backend that never answers.
    const getSession = vi.fn((request: SessionRequest) => {
      signals.push(request.signal);
      return new Promise<string>(() => {});
    });
    const onError = vi.fn();
    renderStrict(
      <SvcProvider tenantOrigin={TENANT} getSession={getSession} sessionTimeoutMs={40}>
        <SvcDashboard
          embedId="limited"
          publicId="sales"
          onError={onError}
          errorFallback={(error, retry) => (
            <button type="button" onClick={retry}>
              {'code' in error ? String(error.code) : 'no code'}
            </button>
          )}
        />
        <SvcDashboard embedId="patient" publicId="sales" sessionTimeoutMs={60_000} errorFallback={() => <p>patient failed</p>} />
      </SvcProvider>,
    );
    const button = await waitFor(() => screen.getByRole('button'));
    expect(button.textContent).toBe('SVC308');
    expect(onError).toHaveBeenCalledTimes(1);
    expect(signals[0]?.aborted).toBe(true);
    // The other embed, given its own (longer) limit, is still waiting.
    expect(screen.queryByText('patient failed')).toBeNull();
    expect(getSession.mock.calls.filter(([request]) => request.embedId === 'patient')).toHaveLength(1);
    act(() => button.click());
    expect(getSession.mock.calls.filter(([request]) => request.embedId === 'limited')).toHaveLength(2);
    await waitFor(() => expect(onError).toHaveBeenCalledTimes(2));
  });

  it('ends a load whose document never says ready in SVC309, shown by errorFallback and reported once; the app stays', async () => {
    const onError = vi.fn();
    renderStrict(
      <SvcProvider tenantOrigin={TENANT} readyTimeoutMs={40}>
        <SvcDashboard
          publicId="sales"
          session="s-never-ready"
          onError={onError}
          errorFallback={(error, retry) => (
            <button type="button" onClick={retry}>
              {'code' in error ? String(error.code) : 'no code'}
            </button>
          )}
        />
        <p>The rest of the app</p>
      </SvcProvider>,
    );
    const button = await waitFor(() => screen.getByRole('button'));
    expect(button.textContent).toBe('SVC309');
    expect(onError).toHaveBeenCalledTimes(1);
    expect(screen.getByText('The rest of the app')).toBeTruthy();
  });
});
