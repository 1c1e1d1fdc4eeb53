import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const SPECIFIER = /(?:import|export)\s[^'";]*?from\s*['"]([^'"]+)['"]|import\s*\(\s*['"]([^'"]+)['"]\s*\)|import\s*['"]([^'"]+)['"]/g;

/** The source files reachable from an entry through relative imports, and the packages they import. */
function importGraph(entry: string): { files: string[]; packages: Set<string> } {
  const files: string[] = [];
  const packages = new Set<string>();
  const pending = [resolve(root, entry)];
  while (pending.length > 0) {
    const file = pending.pop() as string;
    if (files.includes(file)) continue;
    files.push(file);
    for (const match of readFileSync(file, 'utf8').matchAll(SPECIFIER)) {
      const spec = match[1] ?? match[2] ?? match[3];
      if (spec === undefined) continue;
      if (spec.startsWith('.')) pending.push(resolve(dirname(file), spec.replace(/\.js$/, '.ts')));
      else packages.add(spec);
    }
  }
  return { files, packages };
}

describe('what the embed side depends on', () => {
  it.each([
    ['src/tenant/index.ts', []],
    ['src/testing/index.ts', []],
    // The page reads its boot config with the zod schemas; the message path uses the protocol's checks.
    ['src/emulator/page/main.ts', ['zod/mini']],
  ])('%s imports no React and no package but %j', (entry, expected) => {
    const { files, packages } = importGraph(entry);
    expect([...packages]).toEqual(expected);
    // Never the React layer, the server client or the Node-only emulator server.
    for (const file of files) {
      expect(file).toMatch(/\/src\/(protocol|schemas|tenant|testing|emulator\/page)\/|EmulatorBootConfig\.ts$/);
    }
  });
});
