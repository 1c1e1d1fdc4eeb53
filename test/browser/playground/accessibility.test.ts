import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { staticPlayground } from '../support/staticPlayground.js';
import { STORY_VIEWPORT, showStory, storyPlaygroundForFile } from '../support/storyPage.js';

// Every story of the playground as `npm start` shows it (a development build, made once for the run, with the
// library's message inspector on), served by the global setup with the emulators and the playground backend
// `npm start` runs behind it (so embeds really load), checked by axe-core in Chromium. The emulator's own pages
// inside the iframes are not ours to check here: axe looks at the story document, including the iframe
// elements themselves.
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface Violation {
  readonly id: string;
  readonly impact: string | null;
  readonly help: string;
  readonly targets: string[];
}

/** How many stories are checked at the same time, each in its own page. */
const PAGES_AT_ONCE = 3;

const playground = storyPlaygroundForFile(staticPlayground('development'));

async function storyIds(): Promise<string[]> {
  const index = (await (await fetch(`${playground.base}/index.json`)).json()) as { entries: Record<string, { id: string; type: string }> };
  return Object.values(index.entries)
    .filter((entry) => entry.type === 'story')
    .map((entry) => entry.id);
}

/** Shows story `id` in `page`, then waits for its embeds to settle. */
async function openStory(page: Page, id: string): Promise<void> {
  await showStory(page, playground.base, id);
  // Embeds settle (loading, then loaded or an error state): check what a developer looks at.
  const frames = page.locator('iframe[data-svc-embed-id]');
  if ((await frames.count()) > 0) await settled(page);
}

/**
 * Resolves once no embed of the story is still loading (its wrapper drops `aria-busy` when the embed is shown
 * or fails) and the story's document has not changed for a moment (event logs and status lines that follow
 * the embed's events are written). A story that never settles is checked as it stands after ten seconds.
 */
async function settled(page: Page): Promise<void> {
  await page.evaluate(
    ({ quietMs, capMs }) =>
      new Promise<void>((resolve) => {
        let lastChange = performance.now();
        const observer = new MutationObserver(() => {
          lastChange = performance.now();
        });
        observer.observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
        const started = performance.now();
        const check = () => {
          const loading = document.querySelectorAll('[data-svc-embed][aria-busy="true"]').length > 0;
          const now = performance.now();
          if ((!loading && now - lastChange >= quietMs) || now - started >= capMs) {
            observer.disconnect();
            resolve();
          } else setTimeout(check, 50);
        };
        check();
      }),
    { quietMs: 300, capMs: 10_000 },
  );
}

/** Opens a story and runs axe on it. */
async function checkStory(page: Page, id: string): Promise<Violation[]> {
  await openStory(page, id);
  return runAxe(page);
}

async function runAxe(page: Page): Promise<Violation[]> {
  await page.addScriptTag({ content: axeSource });
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: { id: string; impact: string | null; help: string; nodes: { target: unknown[] }[] }[] }> } }).axe;
    const { violations } = await axe.run(document, {
      iframes: false,
      resultTypes: ['violations'],
      // A story is a fragment, not a page: the rules about a page's own structure (one main landmark, a
      // level-one heading, everything inside landmarks) belong to the app that renders it.
      rules: { 'landmark-one-main': { enabled: false }, 'page-has-heading-one': { enabled: false }, region: { enabled: false } },
    });
    return violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((node) => node.target.join(' ')) }));
  });
}

describe('the playground', () => {
  it('has no accessibility violations in any story, with the devtools panel closed and open', async () => {
    const ids = await storyIds();
    expect(ids.length).toBeGreaterThanOrEqual(9);
    const found: Record<string, Violation[]> = {};
    // Most of a story's time is waiting (its embeds loading, its document settling): a few pages, each in a
    // context of its own, take the stories from one queue, so every story is still checked once, alone in
    // its page.
    const queue = [...ids];
    const checked: string[] = [];
    await Promise.all(
      Array.from({ length: PAGES_AT_ONCE }, async () => {
        const page = await playground.browser.newPage({ viewport: STORY_VIEWPORT });
        try {
          for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
            const violations = await checkStory(page, id);
            checked.push(id);
            if (violations.length > 0) found[id] = violations;
          }
        } finally {
          await page.close();
        }
      }),
    );
    expect(checked.toSorted()).toEqual(ids.toSorted());
    const page = await playground.browser.newPage({ viewport: STORY_VIEWPORT });
    // The corner panel, opened, on one story.
    await openStory(page, 'embeds-svcdashboard--dashboard');
    await page.getByRole('button', { name: 'Show SVC devtools' }).click();
    await page.locator('[data-svc-devtools] ol li').first().waitFor({ timeout: 20_000 });
    const open = await runAxe(page);
    if (open.length > 0) found['embeds-svcdashboard--dashboard (devtools open)'] = open;
    await page.close();
    expect(found).toEqual({});
  }, 300_000);

  it("describes each control with its prop's TSDoc", async () => {
    const page = await playground.browser.newPage();
    await openStory(page, 'developer-tools-svcdevtools--inspector');
    const argDescriptions = (storyId: string) =>
      page.evaluate(async (id) => {
        const preview = (window as unknown as {
          __STORYBOOK_PREVIEW__: { storyStoreValue: { loadStory: (input: { storyId: string }) => Promise<{ argTypes: Record<string, { description?: string }> }> } };
        }).__STORYBOOK_PREVIEW__;
        const story = await preview.storyStoreValue.loadStory({ storyId: id });
        return Object.fromEntries(Object.entries(story.argTypes).map(([name, type]) => [name, type.description ?? '']));
      }, storyId);
    const devtools = await argDescriptions('developer-tools-svcdevtools--inspector');
    expect(devtools.position).toContain('Where the panel sits');
    expect(devtools.maxEntries).toContain('How many timeline entries the panel keeps');
    expect(devtools.defaultOpen).toContain('Whether the panel starts expanded');
    const dashboard = await argDescriptions('embeds-svcdashboard--dashboard');
    expect(dashboard.colorScheme).toContain('Colour scheme, sent as `svc:action:set-color-scheme`');
    expect(dashboard.locale).toContain('UI language');
    const app = await argDescriptions('embeds-svcapp--app');
    expect(app.locale).toContain('UI language');
    await page.close();
  }, 120_000);

  it('shows no onboarding checklist or guide', async () => {
    const page = await playground.browser.newPage({ viewport: STORY_VIEWPORT });
    await page.goto(`${playground.base}/?path=/story/embeds-svcdashboard--dashboard`, { waitUntil: 'domcontentloaded', timeout: 60_000 });
    await page.getByRole('link', { name: 'Dashboard' }).or(page.getByRole('button', { name: 'Dashboard' })).first().waitFor({ timeout: 60_000 });
    const features = await page.evaluate(() => (window as unknown as { FEATURES?: Record<string, unknown> }).FEATURES ?? {});
    expect(features).toMatchObject({ sidebarOnboardingChecklist: false, menuOnboardingChecklist: false });
    expect(await page.getByText(/checklist|get started/i).count()).toBe(0);
    await page.close();
  }, 120_000);
});
