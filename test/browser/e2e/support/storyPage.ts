import type { Browser, Page } from 'playwright-core';

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

/**
 * Opens story `id` of the playground served at `base` in a new page of `browser`; `prepare` sees the page
 * before it navigates (to listen from the first request). Resolves once the story has rendered something.
 */
export async function openStory(browser: Browser, base: string, id: string, prepare?: (page: Page) => void): Promise<Story> {
  const page = await browser.newPage({ viewport: { width: 1440, height: 1000 } });
  prepare?.(page);
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && !expected(base, message.location().url)) problems.push(`${message.text()} (${message.location().url})`);
  });
  page.on('pageerror', (error) => problems.push(error.message));
  await page.goto(`${base}/iframe.html?id=${id}&viewMode=story`, { waitUntil: 'domcontentloaded', timeout: 60_000 });
  await page.locator('#storybook-root > *').first().waitFor({ timeout: 60_000 });
  return { page, problems };
}

/** The text of a figure a story shows (`<Figures>`), by its test id. */
export const figure = (page: Page, testId: string) => page.getByTestId(testId).textContent();

/** How long and how often the recipes' checks poll what a story shows. */
export const poll = { timeout: 30_000, interval: 100 };
