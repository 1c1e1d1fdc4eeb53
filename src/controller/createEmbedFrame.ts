import type { FramePlacement } from './FramePlacement.js';

/** The iframe of one embed across its loads, and what its documents do on their own. */
export interface EmbedFrame {
  /** The iframe of the current load (null before the first). */
  readonly element: HTMLIFrameElement | null;
  /** Loads `src` into a new iframe in place of the current one (no history entry, no stale document). */
  load(src: string, title: string): void;
  /** The current document sent `ready` (tells a self-reload from a first `load` event). */
  ready(): void;
  /** Hides the current iframe from sight, pointer, keyboard and assistive technology, or shows it. */
  hide(hidden: boolean): void;
  /** The current iframe is being replaced: hidden, and what its document does no longer counts. */
  retire(): void;
}

/** What an embed's frame is made with. */
export interface EmbedFrameParts {
  /** Where each new iframe goes (the page element, or the keep-alive parking area). */
  readonly placement: FramePlacement;
  /** Written on each iframe (`data-svc-embed-id`). */
  readonly embedId: string;
  /**
   * Hears every `load` event of the current iframe, with `reloaded` true when the document was replaced
   * without us (the embed reloaded itself): its runtime state is gone.
   */
  readonly frameLoaded: (reloaded: boolean) => void;
}

/** Creates the frame of one embed: no iframe until the first `load`. */
export function createEmbedFrame({ placement, embedId, frameLoaded: onLoad }: EmbedFrameParts): EmbedFrame {
  let element: HTMLIFrameElement | null = null;
  /** The iframe whose load events count (none while the current one is being replaced). */
  let heard: HTMLIFrameElement | null = null;
  /** `load` events of the current iframe, and at which of them its documents last sent `ready` (set by each load). */
  let loads: number;
  let readyAt: number;
  /** Whether this embed's first document sent `ready` before its `load` event (known after the first). */
  let readyFirst: boolean | undefined;

  // Hidden means transparent and inert, not `display: none` or `visibility: hidden`: the browser still lays out
  // and paints the embed at full speed, so it is ready to be seen the moment it is shown.
  const hide = (value: boolean): void => {
    if (!element) return;
    element.style.opacity = value ? '0' : '';
    element.style.pointerEvents = value ? 'none' : '';
    for (const [name, attribute] of [
      ['tabindex', '-1'],
      ['aria-hidden', 'true'],
    ] as const) {
      if (value) element.setAttribute(name, attribute);
      else element.removeAttribute(name);
    }
  };
  return {
    get element() {
      return element;
    },
    load(src, title) {
      const previous = element;
      // Made here rather than by a UI framework, so that its document is never loaded by server-rendered markup
      // before the host listens (the `ready` would be lost), and so that it can outlive the component showing it.
      const frame = document.createElement('iframe');
      frame.title = title;
      frame.dataset.svcEmbedId = embedId;
      frame.setAttribute('allow', 'clipboard-write; fullscreen');
      frame.style.cssText = 'border:0;width:100%;height:100%;display:block';
      element = heard = frame;
      frame.src = src;
      frame.addEventListener('load', () => {
        // A second load event is a new document, unless this embed sends ready before its load event and
        // the ready seen since the previous load belongs to the new document.
        if (frame === heard) onLoad(++loads > 1 && !(readyFirst && readyAt === loads - 1));
      });
      loads = 0;
      readyAt = -1;
      placement.put(frame, previous);
    },
    ready() {
      readyAt = loads;
      readyFirst ??= loads === 0;
    },
    hide,
    retire() {
      hide(true);
      heard = null;
    },
  };
}
