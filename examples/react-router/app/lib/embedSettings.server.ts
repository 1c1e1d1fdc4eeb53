/** Where the embeds come from and how this server talks to the platform. Server code only (`.server`). */
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
    throw new Error(`Set ${name} in the environment of the React Router server (see examples/react-router/README.md).`);
  }
  return value.trim();
}

/**
 * Reads the settings from the environment on every call (loaders and actions run per request), so one build
 * runs against any tenant and no secret is baked into it.
 */
export function embedSettings(): EmbedSettings {
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
