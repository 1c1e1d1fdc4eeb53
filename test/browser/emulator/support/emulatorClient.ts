import type { Frame } from 'playwright-core';
import type { RunningEmulator } from '../../../../src/emulator/index.js';
import type { EmulatorBootConfig, EmulatorWidget } from '../../../../src/emulator/EmulatorBootConfig.js';

/** Calls the emulator's management API with its unscoped development key; throws on a non-2xx answer. */
async function management(emulator: RunningEmulator, path: string, body: unknown): Promise<unknown> {
  const response = await fetch(`${emulator.url}/api${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${emulator.credentials.apiToken}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`POST ${path} answered ${response.status}: ${text.slice(0, 300)}`);
  return JSON.parse(text) as unknown;
}

/** Mints a single-use embed session for deployment 42 (signed mode), as a host's backend does. */
export async function mintSession(emulator: RunningEmulator, extra: Record<string, unknown> = {}): Promise<string> {
  const answer = (await management(emulator, '/v1/embed/generate-session', {
    deploymentId: emulator.credentials.seed.deploymentId,
    externalId: 'dana@example.com',
    embedTenantName: 'acme',
    ...extra,
  })) as { sessionId: string };
  return answer.sessionId;
}

/** Publishes the seed's unpublished workbook as a dashboard with these widgets; returns its public id. */
export async function publishDashboard(emulator: RunningEmulator, title: string, widgets: readonly EmulatorWidget[]): Promise<string> {
  const { deploymentId, workbookId } = emulator.credentials.seed;
  const dashboard = (await management(emulator, `/v1/deployments/${deploymentId}/workbooks/${workbookId}/publish`, {
    workbookId,
    config: { title, widgets },
  })) as { publicId: string };
  return dashboard.publicId;
}

/** The boot config the emulator served to a frame: what the page rendered from. */
export function readBoot(frame: Frame): Promise<EmulatorBootConfig & TokenSchedule> {
  return frame.evaluate(() => {
    const boot = JSON.parse(document.getElementById('svc-emulator-boot')?.textContent ?? 'null') as EmulatorBootConfig;
    // A signed page exchanged its session for a token it keeps in memory; its schedule (never the token) is
    // on <html>.
    const { tokenExpiresAt, tokenExpiringAt, tokenServerNow } = document.documentElement.dataset;
    const number = (text: string | undefined) => (text === undefined ? undefined : Number(text));
    return { ...boot, tokenExpiresAt: number(tokenExpiresAt), tokenExpiringAt: number(tokenExpiringAt), serverNow: number(tokenServerNow) };
  });
}

/** A signed page's token schedule, as the page shows it: epoch milliseconds on the emulator's clock. */
export interface TokenSchedule {
  readonly tokenExpiresAt?: number | undefined;
  readonly tokenExpiringAt?: number | undefined;
  /** The emulator's clock when it exchanged the session. */
  readonly serverNow?: number | undefined;
}
