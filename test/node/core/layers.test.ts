import { readdirSync, readFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The source's floors, lowest first: a file may import its own folder or a lower floor, never a folder on its
// own floor (an arrow sideways between features) or above (an import running up). The entry files (`index.ts`)
// are the package's surface, not a floor: they re-export from wherever the pieces live.
const FLOORS: Readonly<Record<string, number>> = {
  protocol: 0,
  credentials: 1,
  schemas: 1,
  tenant: 1,
  api: 2,
  runtime: 2,
  testing: 2,
  controller: 3,
  server: 3,
  emulator: 3,
  reactBase: 4,
  keepAlive: 5,
  react: 5,
  devtools: 5,
};

const src = fileURLToPath(new URL('../../../src/', import.meta.url));
const files = readdirSync(src, { recursive: true, encoding: 'utf8' }).filter((file) => /\.tsx?$/.test(file));
const specifier = /(?:import|export)\s[^'";]*?from\s*['"](\.[^'"]+)['"]|import\s*\(\s*['"](\.[^'"]+)['"]\s*\)/g;

/** The source files `file` imports (type-only imports too: a type arrow is an arrow for a reader). */
function importsOf(file: string): string[] {
  // Comments may quote an import (a usage example): only code counts.
  const code = readFileSync(`${src}${file}`, 'utf8').replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  return [...code.matchAll(specifier)].map((found) => {
    const target = relative(src, resolve(dirname(`${src}${file}`), (found[1] ?? found[2]) as string)).replace(/\.js$/, '');
    return files.find((other) => other === `${target}.ts` || other === `${target}.tsx`) ?? target;
  });
}

const folderOf = (file: string): string => (file.includes('/') ? (file.split('/')[0] as string) : '');
const graph = new Map(files.map((file) => [file, importsOf(file)]));

describe('the source layout', () => {
  it('puts every folder on a floor', () => {
    const folders = new Set(files.map(folderOf).filter(Boolean));
    expect([...folders].filter((folder) => FLOORS[folder] === undefined)).toEqual([]);
  });

  it('has no import running up and no arrow sideways between folders', () => {
    const wrong: string[] = [];
    for (const [file, targets] of graph) {
      const from = folderOf(file);
      if (from === '' || file.endsWith('/index.ts')) continue;
      for (const target of targets) {
        const to = folderOf(target);
        if (to !== from && !((FLOORS[to] ?? Infinity) < (FLOORS[from] as number))) wrong.push(`${file} -> ${target}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('has no import circle', () => {
    const done = new Set<string>();
    const circles: string[] = [];
    const visit = (file: string, path: string[]): void => {
      if (done.has(file)) return;
      const at = path.indexOf(file);
      if (at !== -1) {
        circles.push([...path.slice(at), file].join(' > '));
        return;
      }
      for (const target of graph.get(file) ?? []) visit(target, [...path, file]);
      done.add(file);
    };
    for (const file of files) visit(file, []);
    expect(circles).toEqual([]);
  });
});
