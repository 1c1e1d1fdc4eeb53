import type { FramePlacement, PlacedEmbed } from '../controller/FramePlacement.js';
import { runtimeOf } from '../runtime/defaultEmbedRuntime.js';
import { setEmbedParked } from '../runtime/parkedEmbeds.js';

/**
 * How a kept-alive embed's iframe is kept in the page:
 * - `move`: inside its host, moved with `Element.prototype.moveBefore` (which keeps the document alive) into a
 *   hidden parking area when parked and back into the next host when shown;
 * - `overlay`: where the browser has no state-preserving move, the iframe never moves: it lives in a layer at
 *   the end of `<body>` and is positioned over its host every frame while shown, hidden while parked.
 */
export type KeptPlacementMode = 'move' | 'overlay';


type MovableParent = Element & { moveBefore(node: Node, child: Node | null): void };

/** Whether this browser moves an element without reloading an iframe inside it. */
export const canMoveWithoutReload = (): boolean =>
  typeof Element !== 'undefined' && typeof (Element.prototype as Partial<MovableParent>).moveBefore === 'function';

/**
 * The page's layer marked with `attribute` (made on first use): found in the document rather than kept in a
 * module variable, so every copy of this package on the page (an ES module and a CommonJS build, say) and
 * every runtime shares one.
 */
function pageLayer(attribute: string, style: string, setUp?: (layer: HTMLElement) => void): HTMLElement {
  const found = document.body.querySelector<HTMLElement>(`:scope > [${attribute}]`);
  if (found) return found;
  const layer = document.createElement('div');
  layer.setAttribute(attribute, '');
  layer.style.cssText = style;
  setUp?.(layer);
  document.body.append(layer);
  return layer;
}

/** A page-wide, invisible, inert area where parked iframes keep their size and their document. */
const getParkingArea = (): HTMLElement =>
  pageLayer('data-svc-parking', 'position:fixed;left:-200vw;top:0;width:0;height:0;overflow:hidden;pointer-events:none', (area) => {
    area.setAttribute('aria-hidden', 'true');
    // Out of reach of the keyboard too: Tab never moves focus into a parked (invisible) iframe.
    area.inert = true;
  });

/** The layer at the end of `<body>` where overlaid iframes live (see {@link KeptPlacementMode}). */
const getOverlayLayer = (): HTMLElement => pageLayer('data-svc-overlay', 'position:absolute;left:0;top:0;width:0;height:0');

/** A box of the parking area holding one parked iframe at its last shown size. */
function parkingBox(width: number, height: number): HTMLElement {
  const box = document.createElement('div');
  box.style.cssText = `position:absolute;width:${width || 800}px;height:${height || 600}px`;
  getParkingArea().append(box);
  return box;
}

/** The next animation frame (a timer where there are none, as in some test environments). */
const nextFrame = (callback: () => void): number =>
  typeof requestAnimationFrame === 'function' ? requestAnimationFrame(callback) : (setTimeout(callback, 16) as unknown as number);
const cancelFrame = (handle: number): void => {
  if (typeof cancelAnimationFrame === 'function') cancelAnimationFrame(handle);
  clearTimeout(handle);
};

/**
 * Creates the placement of one kept-alive embed's iframe (see {@link KeptPlacementMode}). It also tells the
 * embed's runtime whether the embed is parked: hooks and actions that name no embed leave a parked one out.
 */
export function createKeptPlacement(embed: PlacedEmbed): FramePlacement {
  const runtime = runtimeOf(embed);
  const parked = (isParked: boolean): void => setEmbedParked(runtime, embed.embedId, isParked);
  const mode: KeptPlacementMode = canMoveWithoutReload() ? 'move' : 'overlay';
  let frame: HTMLIFrameElement | null = null;
  let host: HTMLElement | null = null;
  /** `move`: the parking box while parked. `overlay`: the positioned box in the overlay layer. */
  let box: HTMLElement | null = null;
  let tracking = 0;

  const follow = (): void => {
    // Overlay: follow the host's box (layout, scrolling, resizing) every frame while shown.
    if (host === null || box === null) return;
    const rect = host.getBoundingClientRect();
    const style = box.style;
    const left = `${rect.left + window.scrollX}px`;
    const top = `${rect.top + window.scrollY}px`;
    if (style.left !== left) style.left = left;
    if (style.top !== top) style.top = top;
    if (style.width !== `${rect.width}px`) style.width = `${rect.width}px`;
    if (style.height !== `${rect.height}px`) style.height = `${rect.height}px`;
    tracking = nextFrame(follow);
  };

  const placement: FramePlacement = {
    mode,
    show(next) {
      host = next;
      parked(false);
      if (mode === 'overlay') {
        if (box === null) return;
        box.style.visibility = '';
        box.style.pointerEvents = '';
        box.inert = false;
        cancelFrame(tracking);
        follow();
        return;
      }
      if (frame === null || frame.parentElement === next) return;
      if (mode === 'move' && frame.isConnected) {
        (next as unknown as MovableParent).moveBefore(frame, null);
        box?.remove();
        box = null;
      } else next.append(frame);
    },
    park() {
      parked(true);
      const rect = host?.getBoundingClientRect();
      host = null;
      if (mode === 'overlay') {
        cancelFrame(tracking);
        if (box) {
          box.style.visibility = 'hidden';
          box.style.pointerEvents = 'none';
          box.inert = true;
        }
        return;
      }
      if (frame === null || box !== null) return;
      box = parkingBox(rect?.width ?? 0, rect?.height ?? 0);
      if (frame.isConnected) (box as unknown as MovableParent).moveBefore(frame, null);
      else box.append(frame);
    },
    put(next, previous) {
      frame = next;
      if (previous?.isConnected) {
        previous.replaceWith(next);
        return;
      }
      if (mode === 'overlay') {
        if (box === null) {
          box = document.createElement('div');
          box.style.cssText = 'position:absolute;visibility:hidden;pointer-events:none';
          getOverlayLayer().append(box);
        }
        box.append(next);
        if (host !== null) placement.show(host);
        return;
      }
      if (host !== null) host.append(next);
      else {
        // Loading ahead (preload) or parked: into the parking area, at a typical size.
        box ??= parkingBox(0, 0);
        box.append(next);
      }
    },
    dispose() {
      parked(false);
      cancelFrame(tracking);
      frame?.remove();
      box?.remove();
      frame = null;
      box = null;
      host = null;
    },
  };
  return placement;
}
