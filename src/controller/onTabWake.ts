/**
 * Calls `wake` whenever the tab is back in view (shown again, restored from the back-forward cache, back
 * online); returns the function that stops listening. Timers stop in a sleeping machine and are throttled in
 * hidden tabs: this is when something that should have happened meanwhile can happen.
 */
export function onTabWake(wake: () => void): () => void {
  /** Tab events after which timers may have been late (hidden tab, sleeping machine, offline). */
  const events = ['visibilitychange', 'pageshow', 'online'];
  const listener = (): void => {
    if (document.visibilityState !== 'hidden') wake();
  };
  for (const type of events) addEventListener(type, listener);
  return () => {
    for (const type of events) removeEventListener(type, listener);
  };
}
