import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const out = mkdtempSync(join(tmpdir(), 'svc-storybook-'));

afterAll(() => rmSync(out, { recursive: true, force: true }));

describe('the static playground', () => {
  it('builds, with a story for each component and each recipe', async () => {
    await run(process.execPath, ['node_modules/storybook/dist/bin/dispatcher.js', 'build', '-o', out, '--quiet'], {
      env: { ...process.env, STORYBOOK_DISABLE_TELEMETRY: '1' },
      maxBuffer: 32 * 1024 * 1024,
      timeout: 240_000,
    });
    const index = JSON.parse(readFileSync(join(out, 'index.json'), 'utf8')) as { entries: Record<string, { title: string; name: string; type: string }> };
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
      ]),
    );
  }, 300_000);
});
