import { fileURLToPath } from 'node:url';
import type { TestProjectInlineConfiguration } from 'vitest/config';

/** React 18, installed by `npm test` into its own folder, for the second pass of the React tests. */
const react18 = fileURLToPath(new URL('../react18/node_modules', import.meta.url));

/**
 * The jsdom tests, against the React 19 the package develops with (mutation testing runs them too).
 *
 * Each file still gets a fresh module graph and a fresh jsdom window (`vmForks` runs it in a new VM context),
 * but the worker process and what it loaded from `node_modules` (jsdom itself, React) stay: with one process
 * per file (`forks`) setting up jsdom cost about 1.7 s of a core per file, two thirds of the project's time.
 */
export const unitProject: TestProjectInlineConfiguration = {
  extends: true,
  test: {
    name: 'unit',
    environment: 'jsdom',
    include: ['test/unit/**/*.test.{ts,tsx}'],
    env: { SVC_EXPECTED_REACT_MAJOR: '19' },
    pool: 'vmForks',
    // `npm test` runs these beside type-checking, the installs and the playground builds, on two cores: the
    // property tests (thousands of generated cases, none of them timed) then take several times their usual
    // second or two, past Vitest's default of five seconds.
    testTimeout: 20_000,
  },
};

/**
 * The React tests again, against React 18: every import of react/react-dom (also from Testing Library and
 * zustand, inlined so the alias reaches them) resolves to test/react18.
 */
const react18Unit: TestProjectInlineConfiguration = {
  extends: true,
  resolve: {
    alias: [
      { find: /^react(-dom)?(\/.*)?$/, replacement: `${react18}/react$1$2` },
      // Testing Library's CommonJS build would `require` React past the alias: use its ES build.
      {
        find: /^@testing-library\/react$/,
        replacement: fileURLToPath(
          new URL('../../node_modules/@testing-library/react/dist/@testing-library/react.esm.js', import.meta.url),
        ),
      },
    ],
  },
  test: {
    name: 'react18',
    environment: 'jsdom',
    include: ['test/unit/react/**/*.test.{ts,tsx}'],
    env: { SVC_EXPECTED_REACT_MAJOR: '18' },
    pool: 'vmForks',
    server: { deps: { inline: ['@testing-library/react', 'zustand'] } },
  },
};

/** Node code and the built package seen from Node: the server client, the emulator, consumers, budgets. */
const node: TestProjectInlineConfiguration = {
  extends: true,
  test: {
    name: 'node',
    environment: 'node',
    include: ['test/node/**/*.test.{ts,tsx}'],
    testTimeout: 20_000,
  },
};

/**
 * Browser files whose figures are times or frame counts measured on a machine otherwise at rest: how long a
 * message flood delays the page, how many frames a remounted kept-alive embed takes to show (and the logged
 * time of 1,000 park cycles), a screencast that must catch a one-frame flash, token lives of a few seconds whose
 * renewal must land inside a one-second margin with no long task. A file running beside them would skew what
 * they measure. (Retained heap, as the inspector's memory test measures it, does not depend on other files.)
 */
export const timedBrowserFiles = [
  'test/browser/e2e/hardening.test.ts',
  'test/browser/e2e/keepAlive.test.ts',
  'test/browser/e2e/lifecycle.test.ts',
  'test/browser/e2e/renewal.test.ts',
  'test/browser/emulator/renewal.test.ts',
];

/** What both browser projects share: the global setup launches one Chromium per project, for all its files. */
const browserTest = {
  environment: 'node',
  globalSetup: ['test/browser/globalSetup.ts'],
  testTimeout: 60_000,
  hookTimeout: 60_000,
} satisfies TestProjectInlineConfiguration['test'];

/**
 * Chromium against the built package, several files at a time (as many as the other projects run): a browser
 * test mostly waits (on pages, servers, token lives), so a file computing beside it costs it little. The global
 * setup launches one Chromium (and, when a file uses it, the playground) for every file of the project.
 */
const browser: TestProjectInlineConfiguration = {
  extends: true,
  test: {
    ...browserTest,
    name: 'browser',
    include: ['test/browser/**/*.test.{ts,tsx}'],
    exclude: [...timedBrowserFiles, '**/node_modules/**', '**/.git/**'],
  },
};

/**
 * The timed browser files, one at a time and after the `browser` project's files when both run together
 * (`sequence.groupOrder`), so nothing else in the run competes with what they measure.
 */
const browserTimed: TestProjectInlineConfiguration = {
  extends: true,
  test: {
    ...browserTest,
    name: 'browser-timed',
    include: timedBrowserFiles,
    fileParallelism: false,
    sequence: { groupOrder: 1 },
  },
};

/** The Vitest projects `vite.config.ts` runs: `vitest run --project <name>` picks one. */
export const testProjects: TestProjectInlineConfiguration[] = [unitProject, react18Unit, node, browser, browserTimed];
