import { svcError } from '../protocol/svcError.js';

/** How to find an embed's iframe. */
export interface FindEmbedFrameOptions {
  readonly embedId?: string | undefined;
  readonly tenantOrigin?: string | undefined;
}

/** The origin of an iframe's `src`, or `null` when it has none or it is not an http(s) address. */
export function frameOrigin(iframe: HTMLIFrameElement): string | null {
  const src = iframe.getAttribute('src');
  if (!src) return null;
  try {
    const url = new URL(src, iframe.ownerDocument.baseURI);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.origin : null;
  } catch {
    return null;
  }
}

/**
 * Finds the embed's iframe: the one with `data-svc-embed-id="<embedId>"` when an id is given, else the only
 * iframe whose `src` is on the tenant origin, else the only iframe.
 *
 * @throws Error saying what was searched for and what was found, when there is no match or several.
 */
export function findEmbedFrame(doc: Document, options: FindEmbedFrameOptions): HTMLIFrameElement {
  const all = [...doc.querySelectorAll('iframe')];
  let found: HTMLIFrameElement[];
  let what: string;
  if (options.embedId !== undefined) {
    found = all.filter((iframe) => iframe.getAttribute('data-svc-embed-id') === options.embedId);
    what = `an iframe with data-svc-embed-id="${options.embedId}"`;
  } else if (options.tenantOrigin !== undefined) {
    found = all.filter((iframe) => frameOrigin(iframe) === options.tenantOrigin);
    what = `an iframe whose src is on ${options.tenantOrigin}`;
  } else {
    found = all;
    what = 'an iframe';
  }
  if (found.length === 1 && found[0]) return found[0];
  if (found.length === 0) {
    throw svcError(608, `mockSvcTenant: found no ${what.replace(/^an? /, '')} in the document (${all.length} iframe(s) in all). Render the embed first, or pass embedId or iframe.`, Error);
  }
  throw svcError(609, `mockSvcTenant: found ${found.length} iframes matching ${what}; pass embedId (or iframe) to pick one.`, Error);
}
