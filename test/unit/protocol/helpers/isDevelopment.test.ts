import { afterEach, describe, expect, it, vi } from 'vitest';

/** `isDevelopment` as a fresh evaluation of its module sees it. */
async function freshIsDevelopment(): Promise<boolean> {
  vi.resetModules();
  return (await import('../../../../src/protocol/isDevelopment.js')).isDevelopment;
}

afterEach(() => {
  vi.unstubAllEnvs();
  vi.resetModules();
});

describe('isDevelopment', () => {
  it.each([
    ['production', false],
    ['development', true],
    ['test', true],
    ['', true],
  ])('with NODE_ENV=%j is %s', async (value, expected) => {
    vi.stubEnv('NODE_ENV', value);
    expect(await freshIsDevelopment()).toBe(expected);
  });

  it('is development when NODE_ENV is unset', async () => {
    vi.stubEnv('NODE_ENV', undefined);
    expect(await freshIsDevelopment()).toBe(true);
  });
});
