import type { BrowserContext, Page } from 'playwright-core';

/** What one page saw of its embeds, from inside the page (messages) and from the network. */
export interface EmbedObservation {
  /** Embed document requests to the tenant (`/embed/…`, resource type `document`), in order. */
  readonly documents: string[];
  /** Uncaught exceptions, console errors and failed responses (4xx, 5xx) of the host page and its frames. */
  readonly errors: string[];
}

interface PageRecord {
  ready: { mode?: unknown }[];
  embedErrors: unknown[];
  marker: number;
}

/**
 * Opens a page that records every `svc-embed` event message the tenant's frames post to it (installed before
 * any of the app's scripts run), every embed document request, and every page error.
 */
export async function openObservedPage(context: BrowserContext, tenantOrigin: string): Promise<{ page: Page; seen: EmbedObservation }> {
  const page = await context.newPage();
  await page.addInitScript((origin: string) => {
    const record: PageRecord = { ready: [], embedErrors: [], marker: Math.random() };
    (window as unknown as { __embeds: PageRecord }).__embeds = record;
    addEventListener('message', (event: MessageEvent) => {
      const data = event.data as { source?: unknown; direction?: unknown; type?: unknown; payload?: unknown } | null;
      if (event.origin !== origin || data?.source !== 'svc-embed' || data.direction !== 'event') return;
      if (data.type === 'svc:event:ready') record.ready.push(data.payload as { mode?: unknown });
      if (data.type === 'svc:event:error') record.embedErrors.push(data.payload);
    });
  }, tenantOrigin);
  const seen: EmbedObservation = { documents: [], errors: [] };
  page.on('request', (request) => {
    if (request.resourceType() === 'document' && request.url().startsWith(`${tenantOrigin}/embed/`)) {
      seen.documents.push(request.url());
    }
  });
  page.on('pageerror', (error) => seen.errors.push(`pageerror: ${error.message}`));
  page.on('response', (response) => {
    if (response.status() >= 400) seen.errors.push(`http ${response.status()}: ${response.url()}`);
  });
  page.on('console', (message) => {
    // A failed response is reported above, with its address, which this console line lacks.
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) {
      seen.errors.push(`console: ${message.text()}`);
    }
  });
  return { page, seen };
}

/** The page's record of embed events (see {@link openObservedPage}). */
export const pageRecord = (page: Page): Promise<PageRecord> =>
  page.evaluate(() => (window as unknown as { __embeds: PageRecord }).__embeds);

/** Waits until `count` ready events arrived and the embed is shown (opacity no longer 0). */
export async function waitForShownEmbed(page: Page, count: number, timeout = 20_000): Promise<void> {
  await page.waitForFunction(
    (n: number) => {
      const record = (window as unknown as { __embeds?: PageRecord }).__embeds;
      const frames = document.querySelectorAll<HTMLIFrameElement>('iframe[data-svc-embed-id]');
      return (record?.ready.length ?? 0) >= n && frames.length === 1 && frames[0]?.style.opacity !== '0';
    },
    count,
    { timeout, polling: 50 },
  );
}
