import { connection } from 'next/server';

/** Where the embeds come from and how this server talks to the platform. Server code only. */
export interface EmbedSettings {
  /** The tenant's origin, e.g. `https://acme.example.com`. */
  readonly tenantOrigin: string;
  /** The management API's base address. @default `${tenantOrigin}/api` */
  readonly apiBaseUrl: string;
  /** The management API token: it stays on this server, only session ids reach the browser. */
  readonly apiToken: string;
  /** The deployment the sessions are minted for. @default 42 */
  readonly deploymentId: number;
}

function required(name: string): string {
  const value = process.env[name];
  if (value === undefined || value.trim() === '') {
    throw new Error(`Set ${name} in the environment of the Next.js server (see the README's Next.js section).`);
  }
  return value.trim();
}

/**
 * Reads the settings from the environment at request time. `connection()` comes first: it marks the caller as
 * per-request, so Next.js neither prerenders it at build time nor bakes the build machine's environment in,
 * and one build runs against any tenant.
 */
export async function embedSettings(): Promise<EmbedSettings> {
  await connection();
  const tenantOrigin = required('SVC_TENANT_ORIGIN');
  const deploymentId = Number(process.env.SVC_DEPLOYMENT_ID ?? '42');
  if (!Number.isInteger(deploymentId) || deploymentId <= 0) {
    throw new Error('SVC_DEPLOYMENT_ID must be a positive integer.');
  }
  return {
    tenantOrigin,
    apiBaseUrl: process.env.SVC_API_BASE_URL?.trim() || `${tenantOrigin}/api`,
    apiToken: required('SVC_API_TOKEN'),
    deploymentId,
  };
}
