import type { EmbedTheme } from '../../protocol/embedTheme.js';

/** A theme field the page maps to a custom property, and the CSS property its value must be valid for. */
const FIELDS: readonly { readonly path: readonly string[]; readonly variable: string; readonly property: string }[] = [
  { path: ['primaryColor'], variable: '--svc-primary', property: 'color' },
  { path: ['font'], variable: '--svc-font', property: 'font-family' },
  { path: ['borderRadius'], variable: '--svc-radius', property: 'border-radius' },
  { path: ['analyticsChat', 'backgroundColor'], variable: '--svc-chat-bg', property: 'color' },
  { path: ['analyticsChat', 'chatInput', 'backgroundColor'], variable: '--svc-chat-input-bg', property: 'color' },
  { path: ['analyticsChat', 'chatInput', 'borderColor'], variable: '--svc-chat-input-border', property: 'color' },
  { path: ['chat', 'inputColor'], variable: '--svc-chat-input-color', property: 'color' },
];

function read(theme: EmbedTheme, path: readonly string[]): unknown {
  let value: unknown = theme;
  for (const key of path) {
    if (typeof value !== 'object' || value === null) return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

/** A theme value as CSS, or `null` when the browser would not accept it for `property`. */
function toCss(value: unknown, property: string): string | null {
  // A bare number radius means pixels, as in the platform's theme settings.
  const text = typeof value === 'number' && property === 'border-radius' ? `${value}px` : value;
  if (typeof text !== 'string' || text.trim() === '' || /[;{}]/.test(text)) return null;
  return CSS.supports(property, text) ? text.trim() : null;
}

/**
 * Applies a theme as custom properties on `<html>`: brand colour (bars, buttons, links), font, widget corner
 * radius and the chat colours. Every field the theme does not set goes back to the page's default, so a
 * new theme replaces the previous one. Unknown fields are kept by the protocol and ignored here.
 *
 * @returns The fields whose values are not valid CSS and were left out, e.g. `['primaryColor']`.
 */
export function applyTheme(root: HTMLElement, theme: EmbedTheme | null): string[] {
  const rejected: string[] = [];
  for (const { path, variable, property } of FIELDS) {
    const value = theme ? read(theme, path) : undefined;
    const css = value === undefined ? null : toCss(value, property);
    if (value !== undefined && css === null) rejected.push(path.join('.'));
    if (css === null) root.style.removeProperty(variable);
    else root.style.setProperty(variable, css);
  }
  return rejected;
}
