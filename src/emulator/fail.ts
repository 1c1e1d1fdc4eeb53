import { EmulatorHttpError } from './EmulatorState.js';

/** Ends the request with an HTTP error and its reason (the app's error handler answers it as JSON). */
export function fail(status: EmulatorHttpError['status'], message: string): never {
  throw new EmulatorHttpError(status, message);
}
