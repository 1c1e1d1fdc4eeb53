// @ts-check
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Mutation testing: `npm run mutation`. Stryker changes the source one small edit at a time (a flipped
 * condition, an emptied string, a removed call) and runs the tests that cover that spot; a mutant no test
 * notices ("survived") marks behaviour nothing checks. Not part of `npm test`: a full run takes tens of minutes.
 *
 * Incremental: results are kept in `.reports/stryker-incremental.json`, so a rerun tests only mutants in code or
 * tests that changed. Narrow a run with `npm run mutation -- --mutate 'src/protocol/**'`.
 *
 * One controller file at a time, several times faster (jsdom is not rebuilt for every test file):
 * `SVC_MUTATION_VITEST_CONFIG=test/mutation/vitest.controller.config.ts npm run mutation -- --mutate
 * src/controller/embedLifecycle.ts --testFiles 'test/unit/controller/*.test.ts' --incrementalFile
 * test/mutation/.reports/controller.json`. Only the controller's own tests run there, so its score is a lower
 * bound of the default run's, which adds the React tests; mutants of module-level values survive there falsely
 * (see that config).
 *
 * @type {import('@stryker-mutator/api/core').PartialStrykerOptions}
 */
export default {
  testRunner: 'vitest',
  plugins: ['@stryker-mutator/vitest-runner'],
  vitest: { configFile: process.env.SVC_MUTATION_VITEST_CONFIG ?? 'test/mutation/vitest.config.ts' },
  mutate: [
    'src/protocol/**/*.ts',
    // The host runtime: bridge, router, registry, held actions, session ledger, inspector.
    'src/runtime/**/*.ts',
    // The embed controller holds the lifecycle the React components used to: sessions, renewal, reveal.
    'src/controller/**/*.ts',
    'src/react/**/*.{ts,tsx}',
    'src/server/**/*.ts',
    'src/tenant/**/*.ts',
    // The emulator's authentication and embed sessions: the rules the platform's 401/403 and sessions follow.
    'src/emulator/authenticate.ts',
    'src/emulator/EmulatorCredentials.ts',
    'src/emulator/EmulatorState.ts',
    'src/emulator/jwt.ts',
    // Type-only files and barrels have nothing to mutate that a test could observe.
    '!src/**/index.ts',
  ],
  ignorePatterns: ['dist', 'storybook-static', 'test-results', 'bench', 'coverage', 'examples', 'test/mutation/.reports', 'test/react18'],
  // The machine is shared: one test process at a time.
  concurrency: 1,
  incremental: true,
  incrementalFile: 'test/mutation/.reports/stryker-incremental.json',
  // The sandboxes (a copy of the project per run) live outside the checkout, where no lint, type-check or test
  // glob of the project can see their mutated copies of the sources.
  tempDirName: join(tmpdir(), 'svc-embed-stryker'),
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: 'test/mutation/.reports/mutation.html' },
  jsonReporter: { fileName: 'test/mutation/.reports/mutation.json' },
  thresholds: { high: 90, low: 75, break: null },
  // A mutant that loops forever is stopped after its tests' usual time plus this much (and counts as detected).
  timeoutMS: 5_000,
  cleanTempDir: 'always',
};
