import { existsSync, readFileSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { startPlayground } from '../support/startPlayground.js';
import { ensureChromium, launchChromiumServer } from './support/chromium.js';
import { ensureStaticPlaygroundBuilt, type PlaygroundMode, serveStaticPlaygrounds } from './support/serveStaticPlayground.js';
import type { SharedPlayground } from './support/sharedPlayground.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The shared Chromium's Playwright endpoint (`connectChromium()` reads it). */
    chromiumWsEndpoint: string;
    /** The shared playground, or null when no file of the run uses it (`sharedPlayground()` reads it). */
    playground: SharedPlayground | null;
    /** The static playground builds served, by mode, each only when a file of the run uses it (`staticPlayground()` reads it). */
    staticPlaygrounds: Partial<Record<PlaygroundMode, string>>;
  }
}

/**
 * Whether a file of this project in this run calls `use` (`sharedPlayground(` for `npm start`,
 * `staticPlayground('production')` and `staticPlayground('development')` for the static builds). Starting
 * Storybook costs several seconds of a core, which a run of other files should not pay. The paths come from
 * Vitest's state, which lists the files of the run (of every project) before global setup; where that is not
 * available, the playground starts anyway.
 */
function runUses(project: TestProject, use: string): boolean {
  const state = project.vitest.state as { getPaths?: () => string[] } | undefined;
  const paths = typeof state?.getPaths === 'function' ? state.getPaths() : [];
  if (paths.length === 0) return true;
  return paths.some((path) => project.matchesTestGlob(path) && existsSync(path) && readFileSync(path, 'utf8').includes(use));
}

/**
 * The browser suite needs Chromium and the built package (the emulator's embed page script and the library
 * as users import it). One Chromium and, when a file uses them, one playground (`npm start`) and the static
 * playground builds (`storybook build`, served with the same emulators and backend) serve every file of the run,
 * on loopback and free ports; all stop when the run ends.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  ensureChromium();
  if (!existsSync('dist/emulator/page.js') || !existsSync('dist/index.js')) {
    throw new Error('The browser tests run against the built package: run "npm run build" first (npm test does).');
  }
  const modes = (['production', 'development'] as const).filter((mode) => runUses(project, `staticPlayground('${mode}')`));
  // `npm test` built them beside type-checking; a run of its own builds them here when missing or stale.
  for (const mode of modes) ensureStaticPlaygroundBuilt(mode);
  const [launched, started, served] = await Promise.allSettled([
    launchChromiumServer(),
    runUses(project, 'sharedPlayground(') ? startPlayground() : null,
    modes.length > 0 ? serveStaticPlaygrounds(modes) : null,
  ]);
  if (launched.status === 'rejected' || started.status === 'rejected' || served.status === 'rejected') {
    // One of them failed: stop the others before reporting, so nothing is left listening.
    await Promise.all([
      launched.status === 'fulfilled' ? launched.value.close() : undefined,
      started.status === 'fulfilled' ? started.value?.stop() : undefined,
      served.status === 'fulfilled' ? served.value?.stop() : undefined,
    ]);
    const failed = [launched, started, served].find((result) => result.status === 'rejected') as PromiseRejectedResult;
    throw failed.reason;
  }
  const browserServer = launched.value;
  const playground = started.value;
  const staticServer = served.value;
  // Should the runner die without its teardown, neither may outlive it (`exit` allows only synchronous work:
  // signals). The start script stops Storybook's process group itself on SIGTERM.
  const orphanGuard = () => {
    playground?.child.kill('SIGTERM');
    browserServer.process().kill('SIGKILL');
  };
  process.once('exit', orphanGuard);
  project.provide('chromiumWsEndpoint', browserServer.wsEndpoint());
  project.provide(
    'playground',
    playground && { url: playground.url, emulatorPort: playground.emulatorPort, banner: playground.output() },
  );
  project.provide('staticPlaygrounds', staticServer?.urls ?? {});
  return async () => {
    process.off('exit', orphanGuard);
    await Promise.all([browserServer.close(), playground?.stop(), staticServer?.stop()]);
  };
}
