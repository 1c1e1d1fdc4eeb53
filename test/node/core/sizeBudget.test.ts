import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { measureBundle, SIZE_CASES } from '../../../bench/size.mjs';

// What an app pays, measured as the benchmark measures it: the built package bundled for the browser with
// react and react-dom external (zod and zustand count), minified, gzip level 9. `npm test` builds first.
const KB = 1024;
const dist = fileURLToPath(new URL('../../../dist/', import.meta.url));

function sizeCase(name: string): string {
  const found = SIZE_CASES.find((item) => item.name === name);
  if (!found) throw new Error(`no size case named ${name}`);
  return found.code;
}

describe('size budgets', () => {
  it('measures the built package', () => {
    expect(existsSync(`${dist}index.js`), 'run `npm run build` first').toBe(true);
  });

  it('import { SvcDashboard } from "svc-embed-react" is at most 8 KB, zod-free', async () => {
    const bundle = await measureBundle(sizeCase('svc-embed-react'));
    expect(bundle.gzip).toBeLessThanOrEqual(8 * KB);
    expect(bundle.modules.filter((id) => id.includes('/node_modules/zod/'))).toEqual([]);
    expect(bundle.modules.some((id) => id.includes('/node_modules/zustand/'))).toBe(true);
  });

  it('the whole svc-embed-react/protocol entry is zod-free and at most 6.5 KB (its budget is 5 KB)', async () => {
    // Over its 5 KB budget by about 1.3 KB: the README's benchmark section says why. This ceiling keeps it
    // from growing while that stands.
    const bundle = await measureBundle(sizeCase('svc-embed-react/protocol'));
    expect(bundle.gzip).toBeLessThanOrEqual(6.5 * KB);
    expect(bundle.modules.filter((id) => id.includes('/node_modules/zod/'))).toEqual([]);
  });

  it('the zod schemas, for apps that want them, cost only their own entry', async () => {
    const bundle = await measureBundle(`export * from '${dist}schemas/index.js';`);
    expect(bundle.modules.some((id) => id.includes('/node_modules/zod/'))).toBe(true);
    expect(bundle.modules.some((id) => id.includes('zustand'))).toBe(false);
  });
});
