import type { PageContext } from './PageContext.js';

/** A route the surface rendered: what the `view` event reports about it. */
export interface RenderedRoute {
  readonly title?: string | undefined;
}

/** Options of {@link createRouter}. */
export interface RouterOptions {
  readonly context: PageContext;
  readonly win: Window;
  /** Whether a path is a page of this surface. */
  readonly accepts: (path: string) => boolean;
  /** Renders a path and describes it. */
  readonly render: (path: string) => RenderedRoute;
}

/** In-embed routing with the History API, reporting views and navigations to the host. */
export interface Router {
  /** The path shown now. */
  current(): string;
  /** Renders the first path and emits `view`. */
  start(path: string): void;
  /**
   * Goes to a path: pushes a history entry, renders it, emits `navigate` then `view`. Going to the current
   * path does nothing.
   *
   * @throws NavigationError when the path is not a page of this surface.
   */
  go(path: string): void;
  /** Renders the current path again, without events (the page's state changed). */
  rerender(): void;
  /** Stops following the browser's back and forward buttons. */
  dispose(): void;
}

/** An in-embed path that the surface does not have. */
export class NavigationError extends Error {
  override readonly name = 'NavigationError';
}

/** The path part of an in-embed path (`/embed/chat?x=1#y` -> `/embed/chat`), without a trailing slash. */
function pathOf(path: string, win: Window): string {
  const pathname = new URL(path, win.location.origin).pathname;
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
}

/**
 * Creates the router of a surface. Paths are pushed with the page's current query string, so the address
 * keeps its parameters (locale, filters) when the viewer reloads the frame.
 */
export function createRouter({ context, win, accepts, render }: RouterOptions): Router {
  const { surface, publicId } = context.boot;
  let current = '';

  const emitView = (path: string, route: RenderedRoute): void => {
    context.events.emit('svc:event:view', {
      surface,
      path,
      ...(publicId === undefined ? {} : { publicId }),
      ...(route.title === undefined ? {} : { title: route.title }),
    });
  };

  const show = (path: string): void => {
    const previous = current;
    current = path;
    const route = render(path);
    context.events.emit('svc:event:navigate', { path, previousPath: previous });
    emitView(path, route);
  };

  const onPopState = (event: PopStateEvent): void => {
    const state = event.state as { svcPath?: unknown } | null;
    const path = typeof state?.svcPath === 'string' ? state.svcPath : pathOf(win.location.pathname, win);
    if (path !== current && accepts(path)) show(path);
  };
  win.addEventListener('popstate', onPopState);

  return {
    current: () => current,
    start(path) {
      current = pathOf(path, win);
      win.history.replaceState({ svcPath: current }, '', current + win.location.search);
      emitView(current, render(current));
    },
    go(path) {
      const target = pathOf(path, win);
      if (!accepts(target)) throw new NavigationError(`"${target.slice(0, 120)}" is not a page of this ${surface} embed.`);
      if (target === current) return;
      win.history.pushState({ svcPath: target }, '', target + win.location.search);
      show(target);
    },
    rerender() {
      render(current);
    },
    dispose() {
      win.removeEventListener('popstate', onPopState);
    },
  };
}
