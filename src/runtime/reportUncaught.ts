/**
 * Hands an error a listener threw to the page's error handling, as if it had gone uncaught (`reportError`,
 * else a rethrow in a later task), so one failing listener neither stops the others nor goes unseen.
 */
export function reportUncaught(error: unknown): void {
  if (typeof reportError === 'function') reportError(error);
  else
    setTimeout(() => {
      throw error;
    });
}
