import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { connectChromium } from './connectChromium.js';

/** A story opened in its own page of the static playground. */
export interface Story {
  readonly page: Page;
  /** Console errors and uncaught exceptions of the story's page and its frames. */
  readonly problems: string[];
}

/**
 * Console errors that are not the story's: the static playground has no favicon, and Chromium logs the
 * emulator's refusal of an expired token (the 401 that tells its page to report the expiry) as a failed resource.
 */
const expected = (base: string, url: string) => url.endsWith('/favicon.ico') || new URL(url, base).pathname === '/embed/token-status';

/** The window a story is opened in: a desktop screen. */
export const STORY_VIEWPORT = { width: 1440, height: 1000 } as const;

/** Shows story `id` of the playground served at `base` in `page`; resolves once the story has rendered something. */
export async function showStory(page: Page, base: string, id: string): Promise<void> {
  await page.goto(`${base}/iframe.html?id=${id}&viewMode=story`, { waitUntil: 'domcontentloaded', timeout: 60_000 });
  await page.locator('#storybook-root > *').first().waitFor({ timeout: 60_000 });
}

/**
 * Opens story `id` of the playground served at `base` in a new page of `browser`; `prepare` sees the page
 * before it navigates (to listen from the first request). Resolves once the story has rendered something.
 */
export async function openStory(browser: Browser, base: string, id: string, prepare?: (page: Page) => void): Promise<Story> {
  const page = await browser.newPage({ viewport: STORY_VIEWPORT });
  prepare?.(page);
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && !expected(base, message.location().url)) problems.push(`${message.text()} (${message.location().url})`);
  });
  page.on('pageerror', (error) => problems.push(error.message));
  await showStory(page, base, id);
  return { page, problems };
}

/** A static playground build and a Chromium to open its stories in. */
export interface StoryPlayground {
  /** This file's connection to the run's Chromium. */
  readonly browser: Browser;
  /** The playground's address. */
  readonly base: string;
  /** Opens story `id` in a new page (see {@link openStory}). */
  openStory(id: string, prepare?: (page: Page) => void): Promise<Story>;
}

/**
 * The stories of `playground` (a `staticPlayground(mode)`: the global setup serves a build only to a run whose
 * test files name it so) for a test file, which connects to Chromium before its tests and disconnects after
 * them. Call it at the top of the file; `browser` is there once the tests run.
 */
export function storyPlaygroundForFile(playground: { readonly url: string }): StoryPlayground {
  const base = playground.url;
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await connectChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });
  const connected = (): Browser => {
    if (browser === undefined) throw new Error('Chromium is connected once the tests run, not while the file loads.');
    return browser;
  };
  return {
    get browser() {
      return connected();
    },
    base,
    openStory: (id, prepare) => openStory(connected(), base, id, prepare),
  };
}

/** The text of a figure a story shows (`<Figures>`), by its test id. */
export const figure = (page: Page, testId: string) => page.getByTestId(testId).textContent();

/** How long and how often the recipes' checks poll what a story shows. */
export const poll = { timeout: 30_000, interval: 100 };
