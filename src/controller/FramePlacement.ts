import type { EmbedRuntime } from '../runtime/EmbedRuntime.js';

/**
 * The embed a placement is made for: its id, and the runtime whose hooks are told when it is parked (a parked
 * embed is out of reach of hooks that name no embed).
 */
export interface PlacedEmbed {
  readonly embedId: string;
  /** @default the page's default runtime */
  readonly runtime?: EmbedRuntime | undefined;
}

/** Where an embed's iframe lives, and how it follows the embed from host to host. */
export interface FramePlacement {
  /** `static` (inside its host, gone with it), or a keep-alive mode (`move`, `overlay`). */
  readonly mode: string;
  /** Shows the iframe in (or over) `host`. */
  show(host: HTMLElement): void;
  /**
   * Keeps the iframe alive, hidden, out of the host (which may be about to leave the page). A keep-alive
   * placement also marks the embed parked until it is shown again or disposed (see `setEmbedParked`).
   */
  park(): void;
  /** Puts a new iframe where the current one is (or first puts one in place). */
  put(frame: HTMLIFrameElement, previous: HTMLIFrameElement | null): void;
  /** Removes the iframe and everything this placement added to the page. */
  dispose(): void;
}

/**
 * The placement of an embed without keep-alive: the iframe lives in its host and leaves the page with it.
 * (Keep-alive placements, which need more code, come from `svc-embed-react/keep-alive`.)
 */
export function createStaticPlacement(): FramePlacement {
  let frame: HTMLIFrameElement | null = null;
  let host: HTMLElement | null = null;
  return {
    mode: 'static',
    show(next) {
      host = next;
      if (frame && frame.parentElement !== next) next.append(frame);
    },
    park() {},
    put(next, previous) {
      frame = next;
      if (previous?.isConnected) previous.replaceWith(next);
      else host?.append(next);
    },
    dispose() {
      frame?.remove();
      frame = host = null;
    },
  };
}
