import type { Browser, Frame, Page } from 'playwright-core';
import { type ActionPayloadArgs, type ActionType, createActionMessage } from '../../../../src/protocol/index.js';
import type { EventType, SvcEventMessage } from '../../../../src/protocol/index.js';

/** A host page embedding one emulator page, seen from the test. */
export interface EmbedPage {
  readonly page: Page;
  /** The embed's frame. */
  readonly frame: Frame;
  /** Every event the host page accepted so far (from the iframe's window and the embed origin). */
  events(): Promise<SvcEventMessage[]>;
  /** The events of one type so far. */
  eventsOf<T extends EventType>(type: T): Promise<SvcEventMessage<T>[]>;
  /** Waits until the host page has received `count` events of `type`, and returns the last of them. */
  waitForEvent<T extends EventType>(type: T, count?: number): Promise<SvcEventMessage<T>>;
  /** Posts an action from the host page to the embed, with the embed origin as target. */
  send<T extends ActionType>(type: T, ...payload: ActionPayloadArgs<T>): Promise<void>;
  /** Posts anything from the host page to the embed. */
  sendRaw(data: unknown): Promise<void>;
  /** Messages the host page received that did not come from the embed. */
  otherMessages(): Promise<unknown[]>;
  /** Uncaught errors of the host page and the embed so far. */
  readonly pageErrors: readonly string[];
}

declare global {
  interface Window {
    svcEvents: SvcEventMessage[];
    otherMessages: unknown[];
    sendAction(message: unknown): void;
    addSibling(src: string): Promise<void>;
  }
}

/**
 * Opens the host page (`hostOrigin`) embedding `embedUrl`, and waits until the embed's page script has
 * loaded.
 */
export async function openEmbed(browser: Browser, hostOrigin: string, embedUrl: string): Promise<EmbedPage> {
  const page = await browser.newPage({ viewport: { width: 1220, height: 900 } });
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  await page.goto(`${hostOrigin}/host?src=${encodeURIComponent(embedUrl)}`);
  const iframe = await page.waitForSelector('#embed');
  const frame = await iframe.contentFrame();
  if (!frame) throw new Error('the embed iframe has no frame');
  await frame.waitForLoadState('load');
  const embed: EmbedPage = {
    page,
    frame,
    events: () => page.evaluate(() => window.svcEvents),
    eventsOf: async <T extends EventType>(type: T) =>
      (await embed.events()).filter((event) => event.type === type) as SvcEventMessage<T>[],
    async waitForEvent<T extends EventType>(type: T, count = 1) {
      await page.waitForFunction(
        ([wanted, n]) => window.svcEvents.filter((event) => event.type === wanted).length >= n,
        [type, count] as const,
        { timeout: 10_000 },
      );
      const all = await embed.eventsOf(type);
      return all[count - 1] as SvcEventMessage<T>;
    },
    async send(type, ...payload) {
      const message = createActionMessage(type, ...payload);
      await page.evaluate((data) => window.sendAction(data), message as unknown);
    },
    async sendRaw(data) {
      await page.evaluate((message) => window.sendAction(message), data);
    },
    otherMessages: () => page.evaluate(() => window.otherMessages),
    pageErrors,
  };
  return embed;
}
