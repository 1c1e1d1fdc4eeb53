import type { RunningEmulator, StartEmulatorOptions } from '../../../src/emulator/index.js';

/**
 * Starts the emulator as users run it: from the built package, not from `src/`. The import is dynamic, and
 * typed by the source, so type-checking does not depend on a build being there.
 */
export async function startBuiltEmulator(options: StartEmulatorOptions): Promise<RunningEmulator> {
  const built = '../../../dist/emulator/index.js';
  const { startEmulator } = (await import(/* @vite-ignore */ built)) as typeof import('../../../src/emulator/index.js');
  return startEmulator(options);
}
