import { inject } from 'vitest';

/**
 * The static playground (`storybook build`) the browser project's global setup serves, with the emulators and
 * the playground backend `npm start` runs beside it.
 */
export interface StaticPlaygroundAddress {
  /** The built Storybook's address, `http://127.0.0.1:<port>`. */
  readonly url: string;
}

/**
 * The static playground shared by the files of this run. The global setup builds (when stale) and serves it
 * only when a file of the run calls this: a file that does not gets an error saying so instead of a server.
 */
export function staticPlayground(): StaticPlaygroundAddress {
  const playground = inject('staticPlayground');
  if (playground === null) throw new Error('The static playground was not served for this run.');
  return playground;
}
