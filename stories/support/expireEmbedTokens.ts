/**
 * Expires every embed token the emulator handed out, through the playground's backend: the emulator's control
 * route refuses requests that come from another origin, such as the story's page. Resolves to how many
 * tokens were expired.
 */
export async function expireEmbedTokens(): Promise<number> {
  const response = await fetch('/playground-api/expire-embed-tokens', { method: 'POST' });
  const body = (await response.json()) as { expired?: number; error?: string };
  if (!response.ok || typeof body.expired !== 'number') throw new Error(body.error ?? `the playground backend answered ${response.status}`);
  return body.expired;
}
