// Keep-alive and preloading figures: each function mounts through react-dom `flushSync` and returns plain
// numbers measured in the page (ms from `performance.now()`, animation frames counted with rAF).
import { useLayoutEffect } from 'react';
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import { SvcDashboard, useSvcEmbed } from 'svc-embed-react';
import { embedParking, keepAlive, preloadEmbed } from 'svc-embed-react/keep-alive';

/** Time from a mount call to the first frame where the embed is shown. */
export interface ShownTiming {
  /** Milliseconds from the mount call to the rAF callback that saw the iframe shown. */
  ms: number;
  /** Animation frames from the mount call to that callback (1: the first frame after the mount). */
  frames: number;
}

const style = { height: 600, width: 900 } as const;

/**
 * A container in the app's root, as an app's own markup is: before the layer the overlay path appends to the
 * end of `<body>`. (A positioned element placed after that layer would be hit first over the iframe.)
 */
function appContainer(): HTMLElement {
  const container = document.createElement('div');
  (document.getElementById('root') ?? document.body).append(container);
  return container;
}

/**
 * Whether the embed `embedId` is shown: its iframe at opacity 1, over its host's box (in it, or in the overlay
 * layer on top of it), and the topmost element at its centre, so nothing (a loading layer) covers it.
 */
function isShown(embedId: string): boolean {
  const wrapper = document.querySelector(`[data-svc-embed="${embedId}"]`);
  const iframe = document.querySelector(`iframe[data-svc-embed-id="${embedId}"]`) as HTMLIFrameElement | null;
  if (wrapper === null || iframe === null || getComputedStyle(iframe).opacity !== '1') return false;
  const host = wrapper.getBoundingClientRect();
  const rect = iframe.getBoundingClientRect();
  if (Math.abs(rect.top - host.top) > 1 || Math.abs(rect.left - host.left) > 1 || rect.height < 100) return false;
  return document.elementFromPoint(rect.left + rect.width / 2, rect.top + rect.height / 2) === iframe;
}

/** Calls `mount`, then checks once per animation frame until the embed is shown (10 s at most). */
function mountAndTimeToShown(embedId: string, mount: () => void): Promise<ShownTiming> {
  return new Promise((resolve, reject) => {
    const start = performance.now();
    let frames = 0;
    mount();
    const check = () => {
      frames += 1;
      if (isShown(embedId)) resolve({ ms: performance.now() - start, frames });
      else if (performance.now() - start > 10_000) reject(new Error(`${embedId}: not shown after ${frames} frames`));
      else requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  });
}

const waitUntil = (test: () => boolean, what: string): Promise<void> =>
  new Promise((resolve, reject) => {
    const start = performance.now();
    const poll = () => {
      if (test()) resolve();
      else if (performance.now() - start > 10_000) reject(new Error(`timed out waiting for ${what}`));
      else setTimeout(poll, 5);
    };
    poll();
  });

let keptRoot: Root | undefined;
let keptContainer: HTMLElement | undefined;
const renderKept = (tenant: string, mounted: boolean) =>
  flushSync(() =>
    keptRoot?.render(mounted ? <SvcDashboard keepAlive={keepAlive} embedId="kept" tenantOrigin={tenant} publicId="sales-overview" style={style} /> : null),
  );

/** First mount of the kept-alive embed, until it is shown (its one document load). */
export function keepAliveStart(tenant: string): Promise<ShownTiming> {
  keptContainer = appContainer();
  keptRoot = createRoot(keptContainer);
  return mountAndTimeToShown('kept', () => renderKept(tenant, true));
}

/** Unmounts the kept-alive embed (it parks), lets two frames pass, and times its mount again to shown. */
export async function keepAliveRevisit(tenant: string): Promise<ShownTiming> {
  renderKept(tenant, false);
  await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  return mountAndTimeToShown('kept', () => renderKept(tenant, true));
}

/** Unmounts the kept-alive embed and destroys everything parked. */
export function keepAliveStop(): void {
  keptRoot?.unmount();
  keptContainer?.remove();
  embedParking.clear();
}

let fresh = 0;
/** A mount without keep-alive, timed to shown (a document load, `ready`, the settle time), then unmounted. */
export async function freshMount(tenant: string): Promise<ShownTiming> {
  const embedId = `fresh-${++fresh}`;
  const container = appContainer();
  const root = createRoot(container);
  try {
    return await mountAndTimeToShown(embedId, () =>
      flushSync(() => root.render(<SvcDashboard embedId={embedId} tenantOrigin={tenant} publicId="sales-overview" style={style} />)),
    );
  } finally {
    root.unmount();
    container.remove();
  }
}

let preloads = 0;
/** Starts a preload and waits until its load finished: ready came and the iframe was revealed, parked. */
export async function preloadAndWait(tenant: string): Promise<string> {
  const embedId = `pre-${++preloads}`;
  preloadEmbed({ surface: 'dashboard', tenantOrigin: tenant, publicId: 'sales-overview', embedId });
  await waitUntil(() => {
    const iframe = document.querySelector(`iframe[data-svc-embed-id="${embedId}"]`) as HTMLIFrameElement | null;
    return iframe !== null && iframe.style.opacity === '';
  }, `the preload of ${embedId}`);
  return embedId;
}

/**
 * The preloaded embed's mount: ms from the mount call to the commit that reads `ready` (or later), whether that
 * was the mount's own commit, and the time to shown.
 */
export async function mountPreloaded(tenant: string, embedId: string): Promise<ShownTiming & { readyMs: number; readyInFirstCommit: boolean }> {
  let readyAt: number | undefined;
  function ReadyProbe() {
    const status = useSvcEmbed(embedId, (state) => state.status);
    useLayoutEffect(() => {
      if (readyAt === undefined && (status === 'ready' || status === 'loaded')) readyAt = performance.now();
    }, [status]);
    return null;
  }
  const container = appContainer();
  const root = createRoot(container);
  let start = 0;
  let committedAt = 0;
  try {
    const shown = await mountAndTimeToShown(embedId, () => {
      start = performance.now();
      flushSync(() =>
        root.render(
          <>
            <SvcDashboard keepAlive={keepAlive} embedId={embedId} tenantOrigin={tenant} publicId="sales-overview" style={style} />
            <ReadyProbe />
          </>,
        ),
      );
      committedAt = performance.now();
    });
    await waitUntil(() => readyAt !== undefined, `ready of ${embedId}`);
    return { ...shown, readyMs: (readyAt as number) - start, readyInFirstCommit: (readyAt as number) <= committedAt };
  } finally {
    root.unmount();
    container.remove();
    embedParking.clear();
  }
}
