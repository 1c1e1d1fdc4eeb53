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
        'Recipes/Controlled Filter In App State',
        'Recipes/Two Dashboards Side By Side',
        'Recipes/Publish Then Embed Flow',
        'Recipes/Error State Expired Session',
        'Recipes/Dark Mode Following The App',
        'Lifecycle/Remount With Get Session',
        'Lifecycle/Renewal After Expiry',
        'Lifecycle/Dark App Without Flash',
        'Lifecycle/Shared Provider Settings',
        'Keep-alive/Tabs With Keep Alive',
        'Keep-alive/Tabs Without Keep Alive',
        'Keep-alive/Preload On Hover',
        'Renewal/A tab open for days',
        'Platform recipes/Report page: time zone, export, print, log out',
        'Platform recipes/Entitlements (session) versus placement (address)',
      ]),
    );
  }, 300_000);
});
