/**
 * A copy of `message` as `postMessage` would deliver it. Protocol messages are JSON data, so a JSON round
 * trip gives the same copy as a structured clone; it is used where the environment has no `structuredClone`
 * (Jest's jsdom environment), so the kit never depends on that global.
 */
export function cloneAsPosted<T>(message: T): T {
  if (typeof globalThis.structuredClone === 'function') return globalThis.structuredClone(message);
  return JSON.parse(JSON.stringify(message)) as T;
}
