import { inject } from 'vitest';

/** The playground (`npm start`: Storybook and the emulator) the browser project's global setup started. */
export interface SharedPlayground {
  /** Storybook's address, `http://127.0.0.1:<port>`. */
  readonly url: string;
  /** The emulator's port, which the start script was asked to use. */
  readonly emulatorPort: number;
  /** What the start script and Storybook printed until it served (its banner included). */
  readonly banner: string;
}

/**
 * The playground shared by the files of this run. The global setup starts it only when a file under
 * `test/browser/playground/` runs (it takes a core for several seconds): a file elsewhere gets an error
 * saying so instead of a server.
 */
export function sharedPlayground(): SharedPlayground {
  const playground = inject('playground');
  if (playground === null) {
    throw new Error('The playground was not started for this run: files that use it belong under test/browser/playground/.');
  }
  return playground;
}
