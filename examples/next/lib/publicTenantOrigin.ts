/**
 * The tenant's origin as `next build` bakes it in (a `NEXT_PUBLIC_` variable is replaced by its value in the
 * built code, server and browser alike), for pages that are prerendered whole at build time: nothing of theirs
 * waits on a request, so they cannot read the environment per request as the other pages do. A tenant's origin
 * is public (the browser loads the embeds from it); the API token never goes here.
 */
export function publicTenantOrigin(): string {
  // Spelled out in full: Next.js replaces only this exact expression.
  const origin = process.env.NEXT_PUBLIC_SVC_TENANT_ORIGIN;
  if (origin === undefined || origin.trim() === '') {
    throw new Error('Set NEXT_PUBLIC_SVC_TENANT_ORIGIN when running next build (and next dev): the prerendered pages need it.');
  }
  return origin.trim();
}
