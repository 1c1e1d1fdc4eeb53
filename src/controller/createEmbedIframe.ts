/** What {@link createEmbedIframe} needs. */
export interface EmbedIframeOptions {
  readonly src: string;
  readonly embedId: string;
  readonly title: string;
  /** Start invisible and out of the tab order (the reveal rule shows it later). */
  readonly hidden: boolean;
}

/**
 * Creates the iframe of one load. The element is made here rather than by a UI framework so that its
 * document is never loaded by server-rendered markup before the host listens (the `ready` would be lost),
 * and so that it can outlive the component that shows it. Hidden means transparent and inert, not
 * `display: none` or `visibility: hidden`: the browser still lays out and paints the embed at full speed.
 */
export function createEmbedIframe(options: EmbedIframeOptions): HTMLIFrameElement {
  const frame = document.createElement('iframe');
  frame.title = options.title;
  frame.setAttribute('data-svc-embed-id', options.embedId);
  frame.setAttribute('allow', 'clipboard-write; fullscreen');
  frame.style.cssText = 'border:0;width:100%;height:100%;display:block';
  if (options.hidden) {
    frame.style.opacity = '0';
    frame.style.pointerEvents = 'none';
    frame.tabIndex = -1;
    frame.setAttribute('aria-hidden', 'true');
  }
  frame.src = options.src;
  return frame;
}
