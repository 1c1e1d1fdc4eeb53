import { createManagementClient } from 'svc-embed-react/server';
import type { EmbedSettings } from './embedSettings.server';

/**
 * The viewer sessions are minted for. A real app passes its signed-in user's id here; the example has no
 * sign-in, so every visitor is this one viewer.
 */
const DEMO_VIEWER = 'react-router-example-viewer';

/**
 * Mints a single-use embed session on the server; only its id ever goes to the browser. `signal` is the
 * request's: a visitor who leaves before the loader is done does not leave a mint running.
 */
export async function mintEmbedSession(settings: EmbedSettings, signal?: AbortSignal): Promise<string> {
  const platform = createManagementClient({ baseUrl: settings.apiBaseUrl, apiToken: settings.apiToken });
  const { sessionId } = await platform.createEmbedSession(
    { deploymentId: settings.deploymentId, externalId: DEMO_VIEWER },
    { signal },
  );
  return sessionId;
}
