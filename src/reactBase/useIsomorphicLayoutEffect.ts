import { useEffect, useLayoutEffect } from 'react';

/**
 * `useLayoutEffect` in the browser, `useEffect` on the server (where neither runs, and the layout one warns).
 * Layout effects run their cleanup while the component's elements are still in the page: an embed kept
 * alive must leave its host before the host leaves.
 */
export const useIsomorphicLayoutEffect: typeof useLayoutEffect = typeof window === 'undefined' ? useEffect : useLayoutEffect;
