import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The files that take longest, longest first, as measured on a 2-core machine: every story through axe, every
 * docs page, the playground recipes (all three on the static playground build), the React Router and Next.js
 * examples (each with its build and ten loads of each page), the emulator's dashboard, the Next.js development
 * server's loads, the embeds, `npm start` stopped through npm, a fresh clone packed (its build) and installed, the React Compiler example's two builds and
 * runs, the Jest example. The static playground itself is
 * built before these run, beside type-checking.
 */
export const slowestFiles = [
  'test/browser/playground/accessibility.test.ts',
  'test/browser/docs/docsSite.test.ts',
  'test/browser/e2e/recipes.test.ts',
  'test/browser/reactRouter/reactRouterExample.test.ts',
  'test/browser/next/nextExample.test.ts',
  'test/browser/emulator/dashboard.test.ts',
  'test/browser/next/nextDev.test.ts',
  'test/browser/e2e/embeds.test.ts',
  'test/node/playground/start.test.ts',
  'test/node/consumers/freshClone.test.ts',
  'test/browser/reactCompiler/reactCompilerExample.test.ts',
  'test/node/consumers/jestExample.test.ts',
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
