import { useLayoutEffect, useRef } from 'react';

// useLayoutEffect warns during server rendering; nothing needs updating there.
const useIsomorphicLayoutEffect = typeof window === 'undefined' ? () => {} : useLayoutEffect;

/**
 * A ref that always holds the latest value, updated after each commit. Callbacks read through it, so an
 * inline handler (a new function every render) never causes a re-subscription.
 */
export function useLatest<T>(value: T): { readonly current: T } {
  const ref = useRef(value);
  useIsomorphicLayoutEffect(() => {
    ref.current = value;
  });
  return ref;
}
