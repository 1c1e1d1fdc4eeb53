import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The files that take longest, longest first, as measured on a 2-core machine: a Next.js build with 60 loads,
 * the development server's loads, every story through axe, the playground recipes, the docs site, the React
 * Router example, the Jest example, `npm start` stopped twice. A static Storybook build is left to its place:
 * it computes where these mostly wait, and started beside the Next.js build it outran its time limit.
 */
export const slowestFiles = [
  'test/browser/next/nextExample.test.ts',
  'test/browser/next/nextDev.test.ts',
  'test/browser/playground/accessibility.test.ts',
  'test/browser/e2e/recipes.test.ts',
  'test/browser/docs/docsSite.test.ts',
  'test/browser/reactRouter/reactRouterExample.test.ts',
  'test/browser/emulator/dashboard.test.ts',
  'test/browser/e2e/embeds.test.ts',
  'test/node/consumers/jestExample.test.ts',
  'test/node/playground/start.test.ts',
  'test/browser/emulator/fidelity.test.ts',
];

/**
 * Starts the slowest files first, whichever project they belong to; the rest keep Vitest's order. Vitest runs
 * the files of one run in the order of their project's names and, on a fresh checkout (no timings cached from
 * an earlier run), the largest files first: the Next.js example then started minutes into the run and ended
 * long after the rest. A run's length is at least that of its longest file plus when it started.
 */
export class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (spec: TestSpecification): number => {
      const index = slowestFiles.findIndex((path) => spec.moduleId.endsWith(`/${path}`));
      return index === -1 ? slowestFiles.length : index;
    };
    // Stable: files of equal rank keep the order Vitest gave them; group order still comes first.
    return sorted.sort(
      (a, b) => a.project.config.sequence.groupOrder - b.project.config.sequence.groupOrder || rank(a) - rank(b),
    );
  }
}
