/** A child `h` accepts: nodes, text, and nothing (skipped, so conditional children read naturally). */
export type Child = Node | string | number | null | undefined | false;

/**
 * Attributes and listeners of an element: `on<event>` keys are listeners, the rest are attributes. `true`
 * sets a boolean attribute and `false`, `null` or `undefined` leave it out, except on `data-*` and `aria-*`.
 */
export type Props = { readonly [name: string]: string | number | boolean | null | undefined | ((event: Event) => void) };

function apply(element: Element, props: Props | null): void {
  if (!props) return;
  for (const [name, value] of Object.entries(props)) {
    if (typeof value === 'function') {
      element.addEventListener(name.slice(2).toLowerCase(), value);
    } else if (typeof value === 'boolean' && (name.startsWith('data-') || name.startsWith('aria-'))) {
      // data-* and aria-* attributes spell booleans out ("true"/"false"), as CSS and tests read them.
      element.setAttribute(name, String(value));
    } else if (value === true) {
      element.setAttribute(name, '');
    } else if (value !== false && value !== null && value !== undefined) {
      element.setAttribute(name, String(value));
    }
  }
}

/** Appends children to an element, skipping empty ones, as {@link h} does. */
export function append(element: Element, children: readonly Child[]): void {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    element.append(typeof child === 'number' ? String(child) : child);
  }
}

/**
 * Creates an HTML element. Text children become text nodes, never markup, so data from the boot config
 * cannot inject HTML.
 *
 * @example
 * h('button', { type: 'button', class: 'btn', onClick: () => save() }, 'Save');
 */
export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Props | null = null,
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  apply(element, props);
  append(element, children);
  return element;
}

const SVG_NS = 'http://www.w3.org/2000/svg';

/** Creates an SVG element, like {@link h}. */
export function s<K extends keyof SVGElementTagNameMap>(
  tag: K,
  props: Props | null = null,
  ...children: Child[]
): SVGElementTagNameMap[K] {
  const element = document.createElementNS(SVG_NS, tag);
  apply(element, props);
  append(element, children);
  return element;
}
