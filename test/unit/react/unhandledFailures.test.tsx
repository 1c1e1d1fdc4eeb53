import { act } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { SvcDashboard } from '../../../src/index.js';
import { renderStrict, TENANT } from './harness.js';

/**
 * A failure nobody handles is never silent in development: with neither onError nor errorFallback, the coded
 * message is printed once. With either, the app hears it and nothing is printed (bad props aside).
 */

const failingSession = async (): Promise<string> => {
  throw new Error('session service down');
};

describe('a failure with no onError and no errorFallback', () => {
  it('prints its coded message once in development', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    renderStrict(<SvcDashboard tenantOrigin={TENANT} publicId="sales" getSession={failingSession} />);
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    const printed = error.mock.calls.map((args) => String(args[0]));
    expect(printed).toEqual([expect.stringMatching(/^SVC301 <SvcDashboard> getSession failed: session service down/)]);
  });

  it('prints nothing when the app handles it, and onError gets it once, coded', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const onError = vi.fn();
    renderStrict(<SvcDashboard tenantOrigin={TENANT} publicId="sales" getSession={failingSession} onError={onError} />);
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(error).not.toHaveBeenCalled();
    expect(onError).toHaveBeenCalledTimes(1);
    expect(onError.mock.calls[0]?.[0]).toMatchObject({ code: 'SVC301', name: 'SessionError' });
  });
});
