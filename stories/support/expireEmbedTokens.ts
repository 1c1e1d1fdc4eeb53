import type { PlaygroundTenant } from './emulatorUrl.js';

/**
 * Calls one of the emulator's token controls through the playground's backend: the emulator's control routes
 * refuse requests that come from another origin, such as the story's page. Resolves to the count it answered.
 */
async function control(route: 'expire-embed-tokens' | 'warn-embed-tokens', field: 'expired' | 'warned', tenant: PlaygroundTenant): Promise<number> {
  const response = await fetch(`/playground-api/${route}?tenant=${tenant}`, { method: 'POST' });
  const body = (await response.json()) as Record<string, unknown> & { error?: string };
  const count = body[field];
  if (!response.ok || typeof count !== 'number') throw new Error(body.error ?? `the playground backend answered ${response.status}`);
  return count;
}

/**
 * Expires every embed token the emulator (`tenant`, the main one by default) handed out. Resolves to how many
 * tokens were expired.
 */
export function expireEmbedTokens(tenant: PlaygroundTenant = 'default'): Promise<number> {
  return control('expire-embed-tokens', 'expired', tenant);
}

/**
 * Moves every embed token the emulator (`tenant`) still trusts into its expiring window, as the minutes before
 * its end would. Resolves to how many tokens entered it now.
 */
export function warnEmbedTokens(tenant: PlaygroundTenant = 'default'): Promise<number> {
  return control('warn-embed-tokens', 'warned', tenant);
}
