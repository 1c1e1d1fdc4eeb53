import type { Surface } from '../protocol/envelope.js';
import type { ReadyPayload } from '../protocol/eventPayloads.js';

/** The surface an embed address shows, by its path; `null` when the path is not an embed address. */
export function surfaceOfAddress(src: string | null): Surface | null {
  if (!src) return null;
  try {
    const { pathname } = new URL(src, 'http://localhost');
    if (pathname.startsWith('/embed/chat')) return 'chat';
    if (/^\/embed\/d\/[^/]+\/app(\/|$)/.test(pathname)) return 'app';
    if (pathname.startsWith('/embed/dashboard/')) return 'dashboard';
  } catch {
    // Not an address: no surface to read from it.
  }
  return null;
}

/**
 * A `ready` payload as the platform would send it for this embed address: `signed` when the address
 * carries a session, the deployment id of an app address, the public id of a dashboard address.
 */
export function readyDefaults(surface: Surface, src: string | null): ReadyPayload {
  let url: URL | null = null;
  try {
    url = src ? new URL(src, 'http://localhost') : null;
  } catch {
    url = null;
  }
  const signed = url !== null && (url.searchParams.has('session') || url.searchParams.has('sessionId'));
  const deployment = url ? /^\/embed\/d\/(\d+)\/app/.exec(url.pathname)?.[1] : undefined;
  const publicId = url ? /^\/embed\/dashboard\/([^/]+)/.exec(url.pathname)?.[1] : undefined;
  return {
    embedTenant: null,
    deploymentId: deployment === undefined ? null : Number(deployment),
    mode: signed ? 'signed' : 'private',
    surface,
    ...(surface === 'dashboard' && publicId !== undefined ? { publicId: decodeURIComponent(publicId) } : {}),
  };
}
