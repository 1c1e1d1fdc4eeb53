/**
 * Calls `wake` whenever the tab is back in view (shown again, restored from the back-forward cache) or back
 * online (`online` true: heard in a hidden tab too, since a renewal may be waiting for the network); returns
 * the function that stops listening. Timers stop in a sleeping machine and are throttled in hidden tabs: this
 * is when something that should have happened meanwhile can happen.
 */
export function onTabWake(wake: (online: boolean) => void): () => void {
  /** Tab events after which timers may have been late (hidden tab, sleeping machine, offline). */
  const events = ['visibilitychange', 'pageshow', 'online'];
  const listener = (event: Event): void => {
    const online = event.type === 'online';
    if (online || document.visibilityState !== 'hidden') wake(online);
  };
  for (const type of events) addEventListener(type, listener);
  return () => {
    for (const type of events) removeEventListener(type, listener);
  };
}
