import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

/**
 * The tests mutation testing runs against each mutant: the unit project (jsdom) and the Node tests that exercise
 * `src/` directly. Left out: the React 18 pass (the same tests again, on a second React), the browser project
 * (it runs the built `dist/`, which Stryker never mutates) and the Node tests of the build output (package size,
 * the CLI binary, the Storybook build) for the same reason; they would only slow every mutant down.
 */
export default defineConfig({
  root: fileURLToPath(new URL('../..', import.meta.url)),
  plugins: [react()],
  test: {
    expect: { requireAssertions: true },
    // Instrumented code counts which tests reach each mutant: the random-input tests run several times slower.
    testTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'jsdom',
          include: ['test/unit/**/*.test.{ts,tsx}'],
          env: { SVC_EXPECTED_REACT_MAJOR: '19' },
        },
      },
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          include: ['test/node/server/**/*.test.ts', 'test/node/emulator/api.test.ts', 'test/node/emulator/clock.test.ts'],
        },
      },
    ],
  },
});
