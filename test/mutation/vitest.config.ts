import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { unitProject } from '../config/testProjects.js';

/**
 * The tests mutation testing runs against each mutant: the unit project (jsdom) and the Node tests that exercise
 * `src/` directly. Left out: the React 18 pass (the same tests again, on a second React), the browser project
 * (it runs the built `dist/`, which Stryker never mutates) and the Node tests of the build output (package size,
 * the CLI binary, the Storybook build) for the same reason; they would only slow every mutant down. Of the
 * emulator's own tests, the ones kept are those that read `src/` and assert no durations: `robustness.test.ts`
 * times its requests, which a mutant's instrumented code slows down (a false "killed"), `exportFormats.test.ts`
 * covers page builders that are not mutated, and `cli.test.ts` spawns the built binary. A mutant that only makes a
 * `beforeAll` fail is reported as survived (the runner sees skipped tests, not failed ones), so the publish and
 * credential tests start their emulator inside each test: a start-up a mutant breaks fails a test there.
 */
export default defineConfig({
  root: fileURLToPath(new URL('../..', import.meta.url)),
  plugins: [react()],
  test: {
    expect: { requireAssertions: true },
    // Instrumented code counts which tests reach each mutant: the random-input tests run several times slower.
    testTimeout: 60_000,
    projects: [
      // One process per file, as the mutation runs were measured and their per-test coverage proven with.
      { ...unitProject, test: { ...unitProject.test, pool: 'forks' } },
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          include: [
            'test/node/server/**/*.test.ts',
            'test/node/emulator/api.test.ts',
            'test/node/emulator/clock.test.ts',
            'test/node/emulator/authentication.test.ts',
            'test/node/emulator/sessions.test.ts',
            'test/node/emulator/credentials.test.ts',
            'test/node/emulator/jwt.test.ts',
            'test/node/emulator/publish.test.ts',
          ],
        },
      },
    ],
  },
});
