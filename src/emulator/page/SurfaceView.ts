import type { PageState } from './createPageStore.js';

/** A mounted surface (dashboard, app or chat), as the page drives it. */
export interface SurfaceView {
  /** First render: emits `view` (and, for a dashboard, `dashboard-loaded` once the widgets are drawn). */
  start(): void;
  /** The page state changed (locale, filters, time grain): re-render what depends on it. */
  update(changed: ReadonlySet<keyof PageState>): void;
  /** Re-runs the surface's queries (`svc:action:refresh`). */
  refresh(): void;
  /**
   * Goes to an in-embed path (`svc:action:navigate`).
   *
   * @throws NavigationError when the path is not a page of this surface.
   */
  navigate(path: string): void;
}
