import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { outputDirOf } from '../../config/buildStaticPlayground.mjs';

/**
 * The static playground, as `npm run build-storybook` makes it. `npm test` builds it once, beside
 * type-checking (test/config/buildStaticPlayground.mjs), for this file and the browser files that serve it;
 * run on its own, this file builds it when the build is missing or older than the stories and sources.
 */
const buildDir = outputDirOf('production');

describe('the static playground', () => {
  it('builds, with a story for each component and each recipe', () => {
    execFileSync(process.execPath, ['test/config/buildStaticPlayground.mjs', 'production'], { stdio: 'inherit', timeout: 240_000 });
    const index = JSON.parse(readFileSync(`${buildDir}/index.json`, 'utf8')) as { entries: Record<string, { title: string; name: string; type: string }> };
    const stories = Object.values(index.entries).filter((e) => e.type === 'story').map((e) => `${e.title}/${e.name}`);
    expect(stories).toEqual(
      expect.arrayContaining([
        'Embeds/SvcDashboard/Dashboard',
        'Embeds/SvcApp/App',
        'Embeds/SvcChat/Chat',
        'Recipes/App state and errors/Controlled Filter In App State',
        'Recipes/App state and errors/Two Dashboards Side By Side',
        'Recipes/App state and errors/Publish Then Embed Flow',
        'Recipes/App state and errors/Error State Expired Session',
        'Recipes/App state and errors/Dark Mode Following The App',
        'Recipes/Lifecycle/Remount With Get Session',
        'Recipes/Lifecycle/Renewal After Expiry',
        'Recipes/Lifecycle/Dark App Without Flash',
        'Recipes/Lifecycle/Shared Provider Settings',
        'Recipes/Keep-alive/Tabs With Keep Alive',
        'Recipes/Keep-alive/Tabs Without Keep Alive',
        'Recipes/Keep-alive/Preload On Hover',
        'Recipes/Renewal/A tab open for days',
        'Recipes/Platform features/Report page: time zone, export, print, log out',
        'Recipes/Platform features/Entitlements (session) versus placement (address)',
      ]),
    );
  }, 300_000);

  it('lists the docs pages first, opening on Getting started, then Search', () => {
    const index = JSON.parse(readFileSync(`${buildDir}/index.json`, 'utf8')) as { entries: Record<string, { id: string; title: string; type: string }> };
    const entries = Object.values(index.entries);
    expect(entries.slice(0, 2).map((entry) => entry.id)).toEqual(['docs-getting-started--docs', 'docs-search--docs']);
    // Every docs page comes before the first story that is not part of a docs page.
    const firstStory = entries.findIndex((entry) => entry.type === 'story' && !entry.title.startsWith('Docs/'));
    const lastDocs = entries.findLastIndex((entry) => entry.type === 'docs');
    expect(lastDocs).toBeLessThan(firstStory);
  });
});
