/**
 * Draws a chart into `container` at the container's size in CSS pixels, and draws it again when that size
 * changes, so text has one size in every chart and wide widgets use their width.
 */
export function fitChart(
  container: HTMLElement,
  draw: (size: { readonly width: number; readonly height: number }) => SVGSVGElement,
): void {
  let drawn = { width: 0, height: 0 };
  const resize = (): void => {
    const { clientWidth, clientHeight } = container;
    // Not laid out yet (not in the document): draw at a default size until the observer reports one.
    const size = clientWidth > 40 && clientHeight > 40 ? { width: clientWidth, height: clientHeight } : { width: 520, height: 220 };
    if (Math.abs(size.width - drawn.width) < 4 && Math.abs(size.height - drawn.height) < 4) return;
    drawn = size;
    container.replaceChildren(draw(size));
  };
  resize();
  if (typeof ResizeObserver === 'function') new ResizeObserver(resize).observe(container);
}
