import { normalizeTenantOrigin } from '../protocol/normalizeTenantOrigin.js';

/**
 * An embed's identity as one string: surface, tenant (normalised, so `https://Acme.example.com/` and
 * `https://acme.example.com` are one tenant), `publicId` or `deploymentId` (a number and its string are one),
 * and the `embedId` when the app named it. Sessions and live values are not part of it: a session is a
 * credential for a load, not what the embed is. The one recipe used by the components, parking and preload.
 * A bad tenant origin throws the embed's own `tenantOrigin` error.
 *
 * @example
 * embedIdentity({ surface: 'dashboard', tenantOrigin: 'https://acme.example.com', publicId: 'sales' });
 */
export function embedIdentity(identity: {
  readonly surface: string;
  readonly tenantOrigin: string;
  readonly publicId?: string | undefined;
  readonly deploymentId?: number | string | undefined;
  readonly embedId?: string | undefined;
}): string {
  const { deploymentId } = identity;
  return JSON.stringify([
    identity.surface,
    normalizeTenantOrigin(identity.tenantOrigin),
    identity.publicId,
    deploymentId === undefined ? deploymentId : `${deploymentId}`,
    identity.embedId,
  ]);
}
