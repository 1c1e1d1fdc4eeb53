import type { LabelKey, Labels } from './labels.js';

/**
 * Re-translates the labels of elements that outlive a re-render (inputs keep what the viewer typed):
 * `data-label` sets the text, `data-label-placeholder` the placeholder, `data-label-aria` the accessible name.
 */
export function relabel(root: ParentNode, labels: Labels): void {
  const lookup = (key: string | undefined): string | undefined =>
    key !== undefined && Object.hasOwn(labels, key) ? labels[key as LabelKey] : undefined;
  for (const element of root.querySelectorAll<HTMLElement>('[data-label]')) {
    const text = lookup(element.dataset.label);
    if (text !== undefined) element.textContent = text;
  }
  for (const element of root.querySelectorAll<HTMLInputElement>('[data-label-placeholder]')) {
    const text = lookup(element.dataset.labelPlaceholder);
    if (text !== undefined) element.placeholder = text;
  }
  for (const element of root.querySelectorAll<HTMLElement>('[data-label-aria]')) {
    const text = lookup(element.dataset.labelAria);
    if (text !== undefined) element.setAttribute('aria-label', text);
  }
}
