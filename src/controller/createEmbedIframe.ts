/**
 * Creates the iframe of one load. The element is made here rather than by a UI framework so that its
 * document is never loaded by server-rendered markup before the host listens (the `ready` would be lost),
 * and so that it can outlive the component that shows it. `hidden` starts it hidden (see
 * {@link setFrameHidden}); the reveal rule shows it later.
 */
export function createEmbedIframe(src: string, embedId: string, title: string, hidden: boolean): HTMLIFrameElement {
  const frame = document.createElement('iframe');
  frame.title = title;
  frame.dataset.svcEmbedId = embedId;
  frame.setAttribute('allow', 'clipboard-write; fullscreen');
  frame.style.cssText = 'border:0;width:100%;height:100%;display:block';
  setFrameHidden(frame, hidden);
  frame.src = src;
  return frame;
}

/**
 * Hides an iframe from sight, the pointer, the keyboard and assistive technology, or shows it again. Hidden
 * means transparent and inert, not `display: none` or `visibility: hidden`: the browser still lays out and
 * paints the embed at full speed, so it is ready to be seen the moment it is shown.
 */
export function setFrameHidden(frame: HTMLIFrameElement, hidden: boolean): void {
  frame.style.opacity = hidden ? '0' : '';
  frame.style.pointerEvents = hidden ? 'none' : '';
  for (const [name, value] of [
    ['tabindex', '-1'],
    ['aria-hidden', 'true'],
  ] as const) {
    if (hidden) frame.setAttribute(name, value);
    else frame.removeAttribute(name);
  }
}
