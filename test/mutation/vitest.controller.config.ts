import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

/**
 * A narrower test run for mutating `src/controller` one file at a time (see `stryker.config.mjs`): only the
 * controller's own jsdom tests, in one environment that is not rebuilt for every test file. Setting jsdom up is
 * most of a mutant's cost on a busy machine; these tests leave nothing behind that the next file could see
 * (each makes its own controllers and embed ids, and destroys them). The price: a module is evaluated once
 * for the whole run, so a mutant in a module-level value (a regular expression, a constant list) stays
 * inactive and is reported as survived; check such survivors with the default run.
 */
export default defineConfig({
  root: fileURLToPath(new URL('../..', import.meta.url)),
  plugins: [react()],
  test: {
    expect: { requireAssertions: true },
    testTimeout: 60_000,
    isolate: false,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'jsdom',
          include: ['test/unit/controller/**/*.test.ts'],
          env: { SVC_EXPECTED_REACT_MAJOR: '19' },
        },
      },
    ],
  },
});
