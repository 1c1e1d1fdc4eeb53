import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorText, setSvcDocsUrl } from '../../../src/protocol/svcError.js';
import { connectChromium } from '../support/connectChromium.js';
import { staticPlayground } from '../support/staticPlayground.js';

/*
 * The docs site as a reader meets it: it opens on Getting started, its search finds words inside the pages, an
 * error's link reaches the rendered Troubleshooting entry of its code, and every docs entry of the playground's index (the MDX pages under
 * stories/docs and any autodocs page), opened in Chromium, renders without a console error or page error, its
 * live examples settle without an error state, every internal link leads somewhere that exists (another docs
 * page or story by id, a `#anchor` to an element of the target page), and axe-core finds no violation.
 *
 * It reads the static playground as `npm run build-storybook` makes it (a production build, made once for the
 * run beside type-checking, whose index test/node/playground/storybookBuild.test.ts checks), served by the
 * browser project's global setup with the tenant emulators and the playground's session backend behind it, as
 * `npm start` runs them: its live examples get their sessions as a reader's do. One Chromium page visits every
 * docs page, in place, as the manager moves its preview from page to page.
 */

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface IndexEntry {
  readonly id: string;
  readonly type: 'docs' | 'story';
  readonly title: string;
  readonly name: string;
  readonly importPath: string;
}

interface Violation {
  readonly id: string;
  readonly impact: string | null;
  readonly help: string;
  readonly targets: string[];
}

/** What a docs page shows once rendered: its links and the ids a `#anchor` can reach. */
interface Rendered {
  readonly links: string[];
  readonly ids: string[];
  /** The live examples that settled without showing their embed (their id and any error text). */
  readonly failedEmbeds: string[];
  /** The example stories that finished with an error. */
  readonly failedStories: string[];
}

const playground = staticPlayground('production');
const index = (await (await fetch(`${playground.url}/index.json`)).json()) as { entries: Record<string, IndexEntry> };
const entries = Object.values(index.entries);
const docsPages = entries.filter((entry) => entry.type === 'docs');
const known = new Map(entries.map((entry) => [entry.id, entry]));

let browser: Browser;
let page: Page;
/** The page being visited; console output and errors are filed under it. */
let current = '';
const errors = new Map<string, string[]>();
const rendered = new Map<string, Rendered>();

function fileError(text: string): void {
  errors.set(current, [...(errors.get(current) ?? []), text]);
}

/** What the page records from Storybook's preview channel: docs pages rendered, example stories finished. */
interface Heard {
  docs: string[];
  stories: { storyId: string; status: string }[];
}

beforeAll(async () => {
  browser = await connectChromium();
  page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    const at = message.location().url;
    // A failed resource load says only its status: the address says which.
    fileError(message.text().startsWith('Failed to load resource') && at ? `${message.text()} (${at})` : message.text());
  });
  page.on('pageerror', (error) => fileError(`page error: ${error.message}`));
  // Hears the preview's channel from its creation: which docs page rendered, which example stories finished.
  await page.addInitScript(() => {
    const heard: Heard = { docs: [], stories: [] };
    let channel: unknown;
    Object.assign(window, { __docsSiteTest: heard });
    Object.defineProperty(globalThis, '__STORYBOOK_ADDONS_CHANNEL__', {
      configurable: true,
      get: () => channel,
      set: (value: { on(event: string, listener: (payload: never) => void): void }) => {
        channel = value;
        value.on('docsRendered', (id: string) => heard.docs.push(id));
        value.on('storyFinished', (finished: { storyId: string; status: string }) => heard.stories.push(finished));
      },
    });
  });
});

afterAll(async () => {
  await browser?.close();
});

/**
 * Polls `check` until it holds. Gives up at once when the page being opened reports an error (a page that
 * failed to render never will: its test fails with the error instead of a timeout), or after `timeoutMs`.
 */
async function until(what: string, timeoutMs: number, check: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if ((errors.get(current) ?? []).length > 0) throw new Error(`the page reported an error before ${what}`);
    if (Date.now() > deadline) throw new Error(`${what} did not happen within ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Shows a docs page the way the manager does when a reader picks it in the sidebar or follows a link: the
 * first by loading the preview frame, the next ones by asking the same preview for them (`setCurrentStory` on
 * its channel), so the site's JavaScript loads once. Resolves once the page rendered, each example story in it
 * finished, and each live embed was shown or failed.
 */
async function openDocs(id: string): Promise<Rendered> {
  current = id;
  if (page.url().startsWith(`${playground.url}/iframe.html`)) {
    await page.evaluate((storyId) => {
      const state = window as unknown as { __docsSiteTest: Heard; __STORYBOOK_ADDONS_CHANNEL__: { emit(event: string, payload: object): void } };
      state.__docsSiteTest.docs = [];
      state.__docsSiteTest.stories = [];
      state.__STORYBOOK_ADDONS_CHANNEL__.emit('setCurrentStory', { storyId, viewMode: 'docs' });
    }, id);
  } else {
    await page.goto(`${playground.url}/iframe.html?id=${id}&viewMode=docs`, { waitUntil: 'domcontentloaded', timeout: 90_000 });
  }
  await until('the page rendered', 90_000, () =>
    page.evaluate((docsId) => (window as unknown as { __docsSiteTest: Heard }).__docsSiteTest.docs.includes(docsId), id),
  );
  await until('the examples settled', 30_000, () =>
    page.evaluate(() => {
      const finished = new Set((window as unknown as { __docsSiteTest: Heard }).__docsSiteTest.stories.map((story) => story.storyId));
      // Each example story sits in an element `story--<id>` (its content in `story--<id>-inner`).
      const examples = [...document.querySelectorAll('#storybook-docs [id^="story--"]')]
        .map((element) => element.id)
        .filter((elementId) => !elementId.endsWith('-inner'))
        .map((elementId) => elementId.slice('story--'.length));
      // An embed's wrapper is `aria-busy` until the embed shows or fails.
      return examples.every((example) => finished.has(example)) && document.querySelector('#storybook-docs [data-svc-embed][aria-busy="true"]') === null;
    }),
  );
  return page.evaluate(() => {
    const docs = document.querySelector('#storybook-docs') as HTMLElement;
    const stories = (window as unknown as { __docsSiteTest: Heard }).__docsSiteTest.stories;
    return {
      links: [...docs.querySelectorAll('a[href]')].map((link) => link.getAttribute('href') ?? ''),
      ids: [...document.querySelectorAll('[id]')].map((element) => element.id),
      // Settled but not shown: an error layer, or no iframe that is not hidden (a failed embed without one).
      failedEmbeds: [...docs.querySelectorAll('[data-svc-embed]')]
        .filter((embed) => embed.querySelector('[data-svc-embed-state="error"]') !== null || embed.querySelector('iframe:not([aria-hidden="true"])') === null)
        .map((embed) => `${embed.getAttribute('data-svc-embed')}: ${embed.textContent?.trim() || 'not shown'}`),
      failedStories: stories.filter((story) => story.status !== 'success').map((story) => story.storyId),
    };
  });
}

async function runAxe(): Promise<Violation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: axeSource });
  return page.evaluate(async () => {
    type Result = { violations: { id: string; impact: string | null; help: string; nodes: { target: unknown[] }[] }[] };
    const axe = (window as unknown as { axe: { run: (context: unknown, options: object) => Promise<Result> } }).axe;
    const { violations } = await axe.run(
      { include: ['#storybook-docs'] },
      {
        // The embeds' own documents are the tenant's, not the docs'; axe checks the iframe elements themselves.
        iframes: false,
        resultTypes: ['violations'],
        // The preview frame is a part of Storybook's page, whose landmarks are the manager's around it.
        rules: { 'landmark-one-main': { enabled: false }, region: { enabled: false } },
      },
    );
    return violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((node) => node.target.join(' ')) }));
  });
}

/**
 * Where an internal link leads: a docs page or story id (with an anchor on it, if any), or a problem. Links
 * to other sites are not the site's to check and come back as null.
 */
function resolveLink(from: string, href: string): { id: string; anchor: string } | { problem: string } | null {
  if (href.startsWith('#')) return { id: from, anchor: decodeURIComponent(href.slice(1)) };
  const url = new URL(href, `${playground.url}/iframe.html`);
  if (url.origin !== playground.url) return null;
  const anchor = decodeURIComponent(url.hash.slice(1));
  const path = url.searchParams.get('path');
  const byPath = path ? /^\/(docs|story)\/([^/?#]+)$/.exec(path) : null;
  if (path !== null && !byPath) return { problem: `${href}: not a docs or story path` };
  const id = byPath?.[2] ?? url.searchParams.get('id');
  if (!id) return { problem: `${href}: not a page of the docs site (a relative file link does not survive into Storybook)` };
  const entry = known.get(id);
  if (!entry) return { problem: `${href}: no docs page or story "${id}"` };
  if (byPath && byPath[1] !== (entry.type === 'docs' ? 'docs' : 'story')) {
    return { problem: `${href}: "${id}" is a ${entry.type} entry, reached by ?path=/${entry.type}/${id}` };
  }
  return { id, anchor };
}

/** The docs pages' ids whose MDX text mentions `word` (a page's title is `<Meta title="Docs/..." />`). */
function pagesMentioning(word: string): string[] {
  const dir = new URL('../../../stories/docs/', import.meta.url);
  return readdirSync(dir)
    .filter((name) => name.endsWith('.mdx'))
    .map((name) => readFileSync(new URL(name, dir), 'utf8'))
    .filter((text) => text.includes(word))
    .map((text) => /<Meta title="([^"]+)"/.exec(text)?.[1] ?? '')
    .map((title) => `${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}--docs`);
}

/** A page of the whole site (the manager and its preview frame), with its console errors kept. */
async function openSite(path: string): Promise<{ page: Page; errors: string[]; close: () => Promise<void> }> {
  const site = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  const siteErrors: string[] = [];
  site.on('console', (message) => {
    if (message.type() === 'error') siteErrors.push(`${message.text()} (${message.location().url})`);
  });
  site.on('pageerror', (error) => siteErrors.push(`page error: ${error.message}`));
  await site.goto(`${playground.url}${path}`, { waitUntil: 'domcontentloaded', timeout: 90_000 });
  return { page: site, errors: siteErrors, close: () => site.close() };
}

describe('the docs site as a product', () => {
  // One page of the whole site for both checks: the manager and its preview load once, the second visit is
  // a navigation of the same page (the suite's time is tight).
  it('opens on Getting started with the docs first in the sidebar, links an error text to the rendered entry of its code, and logs no console error (the favicon is there)', async () => {
    const site = await openSite('/');
    try {
      const preview = site.page.frameLocator('#storybook-preview-iframe');
      await expect.poll(() => preview.locator('#storybook-docs h1').first().textContent(), { timeout: 90_000 }).toBe('Getting started');
      await expect.poll(() => site.page.url(), { timeout: 10_000 }).toContain('path=/docs/docs-getting-started--docs');
      const items = await site.page.locator('#storybook-explorer-tree [data-item-id]').evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-item-id')));
      expect(items.slice(0, 3)).toEqual(['docs', 'docs-getting-started--docs', 'docs-search--docs']);
      expect((await fetch(`${playground.url}/favicon.ico`)).status).toBe(200);

      // The link a development text ends with, for this site (as `npm start` and the built site set it).
      setSvcDocsUrl(`${playground.url}/`);
      const link = /See (\S+)$/.exec(errorText(110, 'publicId is required.'))?.[1] ?? '';
      setSvcDocsUrl();
      expect(link).toBe(`${playground.url}/?path=/docs/docs-troubleshooting--docs#svc110`);
      await site.page.goto(link, { waitUntil: 'domcontentloaded', timeout: 90_000 });
      const entry = preview.locator('#svc110');
      await expect.poll(() => entry.textContent(), { timeout: 90_000 }).toMatch(/^SVC110/);
      // Scrolled to it: the entry is in view, near the top of the frame.
      await expect.poll(() => entry.evaluate((element) => element.getBoundingClientRect().top), { timeout: 10_000 }).toBeLessThan(300);
      expect(site.errors).toEqual([]);
    } finally {
      await site.close();
    }
  }, 180_000);

  it('searches the words of every page, not only the titles: "getSession" finds the pages that mention it', async () => {
    await openDocs('docs-search--docs');
    const mentioning = pagesMentioning('getSession');
    // Full text: no page is titled after it, and many pages use it.
    expect(docsPages.filter((entry) => entry.title.includes('getSession'))).toEqual([]);
    expect(mentioning.length).toBeGreaterThan(5);
    await page.locator('[data-docs-search] input[type="search"]').fill('getSession');
    await expect.poll(() => page.locator('[data-search-result]').count(), { timeout: 10_000 }).toBeGreaterThan(0);
    const found = new Set(await page.locator('[data-search-result]').evaluateAll((items) => items.map((item) => item.getAttribute('data-search-result'))));
    // Every result is a page that mentions it, and the pages that are about it are among them.
    expect([...found].filter((id) => !mentioning.includes(id ?? ''))).toEqual([]);
    for (const id of ['docs-getting-started--docs', 'docs-sessions-and-renewal--docs', 'docs-troubleshooting--docs']) expect(found).toContain(id);
    expect(await page.locator('[data-search-result] mark').first().textContent()).toBe('getSession');
  }, 60_000);

});

describe('the docs site', () => {
  it('has docs pages in the index', () => {
    expect(docsPages.map((entry) => entry.title).length, 'docs entries in index.json').toBeGreaterThan(0);
  });

  it.each(docsPages.map((entry) => [entry.title, entry.id] as const))(
    '%s renders without errors and with no accessibility violation',
    async (_title, id) => {
      const shown = await openDocs(id).catch((error: Error) => {
        // A page that never renders usually said why on the console: the failure carries it.
        throw new Error(`${id} did not render: ${error.message.split('\n')[0]}\n${(errors.get(id) ?? []).join('\n')}`);
      });
      rendered.set(id, shown);
      const violations = await runAxe();
      expect({ errors: errors.get(id) ?? [], failedStories: shown.failedStories, failedEmbeds: shown.failedEmbeds, violations }).toEqual({
        errors: [],
        failedStories: [],
        failedEmbeds: [],
        violations: [],
      });
    },
    200_000,
  );

  it('tells a broken internal link from a working one', () => {
    const [first] = docsPages;
    if (!first) throw new Error('no docs page');
    expect(resolveLink(first.id, `?path=/docs/${first.id}`)).toEqual({ id: first.id, anchor: '' });
    expect(resolveLink(first.id, '#a-heading')).toEqual({ id: first.id, anchor: 'a-heading' });
    expect(resolveLink(first.id, '?path=/docs/no-such-page--docs')).toHaveProperty('problem');
    expect(resolveLink(first.id, `?path=/story/${first.id}`)).toHaveProperty('problem');
    expect(resolveLink(first.id, './Frameworks.mdx')).toHaveProperty('problem');
    expect(resolveLink(first.id, 'https://example.com/docs')).toBeNull();
  });

  it('every internal link leads to an existing page and anchor', () => {
    // The links of the pages that rendered (one that did not has failed its own test).
    expect(rendered.size, 'docs pages rendered').toBeGreaterThan(0);
    const broken: string[] = [];
    for (const [from, { links }] of rendered) {
      for (const href of new Set(links)) {
        const target = resolveLink(from, href);
        if (target === null) continue;
        if ('problem' in target) {
          broken.push(`${from}: ${target.problem}`);
          continue;
        }
        // Anchors are checked on docs pages this run has rendered (a story page has no headings to reach).
        const ids = rendered.get(target.id)?.ids;
        if (target.anchor && ids && !ids.includes(target.anchor)) broken.push(`${from}: ${href}: no element #${target.anchor} on ${target.id}`);
      }
    }
    expect(broken).toEqual([]);
  });
});
