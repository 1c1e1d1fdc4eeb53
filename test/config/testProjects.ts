import { fileURLToPath } from 'node:url';
import type { TestProjectInlineConfiguration } from 'vitest/config';

/** React 18, installed by `npm test` into its own folder, for the second pass of the React tests. */
const react18 = fileURLToPath(new URL('../react18/node_modules', import.meta.url));

/** The jsdom tests, against the React 19 the package develops with (mutation testing runs them too). */
export const unitProject: TestProjectInlineConfiguration = {
  extends: true,
  test: {
    name: 'unit',
    environment: 'jsdom',
    include: ['test/unit/**/*.test.{ts,tsx}'],
    env: { SVC_EXPECTED_REACT_MAJOR: '19' },
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
 * Chromium against the built package. The global setup launches one Chromium (and, when a file uses it,
 * the playground) for every file. The files run one at a time: several time what the browser does (a message
 * flood's cost, the time until a remounted embed shows), which a second file running beside them would skew.
 */
const browser: TestProjectInlineConfiguration = {
  extends: true,
  test: {
    name: 'browser',
    environment: 'node',
    include: ['test/browser/**/*.test.{ts,tsx}'],
    globalSetup: ['test/browser/globalSetup.ts'],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
};

/** The Vitest projects `vite.config.ts` runs: `vitest run --project <name>` picks one. */
export const testProjects: TestProjectInlineConfiguration[] = [unitProject, react18Unit, node, browser];
