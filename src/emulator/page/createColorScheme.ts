import type { ColorScheme } from '../../protocol/actionPayloads.js';

/** Applies a colour scheme to the document. */
export interface ColorSchemeControl {
  apply(scheme: ColorScheme): void;
  /** Stops following the OS preference. */
  dispose(): void;
}

/**
 * Shows a colour scheme: `<html data-color-scheme>` holds the scheme in effect (`light`/`dark`, which the
 * style sheet keys its palette on) and `data-color-scheme-setting` what was asked for. `auto` follows the
 * viewer's `prefers-color-scheme` and keeps following it while it changes.
 */
export function createColorScheme(doc: Document, win: Window): ColorSchemeControl {
  const root = doc.documentElement;
  const query = typeof win.matchMedia === 'function' ? win.matchMedia('(prefers-color-scheme: dark)') : null;
  const followOs = (): void => {
    root.dataset.colorScheme = query?.matches ? 'dark' : 'light';
  };
  let following = false;
  const stopFollowing = (): void => {
    if (following) query?.removeEventListener('change', followOs);
    following = false;
  };
  return {
    apply(scheme) {
      root.dataset.colorSchemeSetting = scheme;
      if (scheme === 'auto') {
        if (!following) query?.addEventListener('change', followOs);
        following = true;
        followOs();
      } else {
        stopFollowing();
        root.dataset.colorScheme = scheme;
      }
    },
    dispose: stopFollowing,
  };
}
