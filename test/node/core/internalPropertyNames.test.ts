import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { bundleForBrowser, bundleWithEsbuild, SIZE_CASES } from '../../../bench/size.mjs';
import { INTERNAL_PROPERTY_NAMES } from '../../config/internalPropertyNames.js';

// The library build shortens the property names only the package's own modules use (test/config/internalPropertyNames.ts):
// an app's bundle of the built package must carry none of them at full length, and every name an app uses must
// be kept. `npm test` builds first.
const dist = fileURLToPath(new URL('../../../dist/', import.meta.url));
const BUNDLERS = { rolldown: bundleForBrowser, esbuild: bundleWithEsbuild } as const;

function sizeCase(name: string): string {
  const found = SIZE_CASES.find((item) => item.name === name);
  if (!found) throw new Error(`no size case named ${name}`);
  return found.code;
}

/** Where minified code uses `name` as a property: `.name`, or a key or method of an object literal. */
function propertyUses(js: string, name: string): string[] {
  return [...js.matchAll(new RegExp(`(?:\\.|[{,])${name}(?=[:(,}=;)])|\\.${name}\\b`, 'g'))].map((found) => found[0]);
}

/** The member names of an exported interface, read from its declaration file in dist. */
function interfaceMembers(file: string, name: string): string[] {
  const text = readFileSync(`${dist}${file}`, 'utf8');
  const body = new RegExp(`^export interface ${name} \\{\\n([\\s\\S]*?)^\\}`, 'm').exec(text)?.[1];
  if (body === undefined) throw new Error(`no interface ${name} in ${file}`);
  return [...body.matchAll(/^ {4}(?:readonly )?([A-Za-z_$][\w$]*)[?(:<]/gm)].map((found) => found[1] as string);
}

describe('internal property names in the built package', () => {
  it('measures the built package', () => {
    expect(existsSync(`${dist}index.js`), 'run `npm run build` first').toBe(true);
  });

  it.each(Object.keys(BUNDLERS) as (keyof typeof BUNDLERS)[])(
    'an app bundle of import { SvcDashboard } made by %s has every internal name shortened and every public one kept',
    async (bundler) => {
      const { js } = await BUNDLERS[bundler](sizeCase('svc-embed-react'));
      // Each internal name is used in this bundle in the source: shortened, none is left.
      for (const name of INTERNAL_PROPERTY_NAMES) expect(propertyUses(js, name), name).toEqual([]);
      // What an app calls and reads keeps its name: the controller's methods and the snapshot's fields, the
      // store's zustand API, the React refs' `current`.
      const publicNames = [
        ...interfaceMembers('controller/EmbedController.d.ts', 'EmbedController'),
        ...interfaceMembers('controller/EmbedController.d.ts', 'EmbedControllerSnapshot'),
        'getState',
        'setState',
        'current',
      ];
      expect(publicNames).toEqual(expect.arrayContaining(['attach', 'getSnapshot', 'subscribe', 'destroy', 'phase', 'visible']));
      for (const name of publicNames) expect(propertyUses(js, name).length, name).toBeGreaterThan(0);
    },
  );

  it('the protocol entry, whose message router holds two of the names, has them shortened too', async () => {
    const { js } = await bundleWithEsbuild(sizeCase('svc-embed-react/protocol'));
    for (const name of ['getWindow', 'receive']) {
      expect(INTERNAL_PROPERTY_NAMES).toContain(name);
      expect(propertyUses(js, name), name).toEqual([]);
    }
    expect(propertyUses(js, 'tenantOrigin').length).toBeGreaterThan(0);
  });
});
