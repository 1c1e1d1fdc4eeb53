import type { Surface } from '../../../src/protocol/index.js';

/** The tenant origin the unit tests embed. */
export const TENANT = 'https://acme.example.com';

/** Adds an iframe to the document; jsdom gives it a real `contentWindow` to use as a message source. */
export function addFrame(): HTMLIFrameElement {
  const iframe = document.createElement('iframe');
  document.body.append(iframe);
  return iframe;
}

/** A valid event envelope as an embed would post it. */
export function eventEnvelope(
  type: string,
  payload: Record<string, unknown>,
  surface: Surface = 'dashboard',
): Record<string, unknown> {
  return { source: 'svc-embed', direction: 'event', type, payload, timestamp: Date.now(), surface };
}

/** A valid `ready` payload for a surface. */
export function readyPayload(surface: Surface = 'dashboard'): Record<string, unknown> {
  return { embedTenant: 'acme', deploymentId: 42, mode: 'signed', surface, publicId: 'sales' };
}

/**
 * Delivers a message as the browser would. jsdom's own postMessage reports no origin and no source, so
 * tests dispatch the event with both set, the way a cross-origin iframe's message arrives.
 */
export function deliver(data: unknown, origin: string, source: Window | null): void {
  window.dispatchEvent(new MessageEvent('message', { data, origin, source }));
}

/** Delivers a signed embed's `ready` (see {@link readyPayload}) from `source`, from `origin`. */
export function deliverReady(source: Window | null, origin: string = TENANT, surface: Surface = 'dashboard'): void {
  deliver(eventEnvelope('svc:event:ready', readyPayload(surface), surface), origin, source);
}
