import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it, vi } from 'vitest';

// Any import of React while the core loads fails this file.
vi.mock('react', () => {
  throw new Error('the protocol core imported react');
});
vi.mock('react-dom', () => {
  throw new Error('the protocol core imported react-dom');
});

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

/** Every module reachable from `entry` through relative imports, and every package it imports. */
function importGraph(entry: string): { files: string[]; packages: Set<string> } {
  const files: string[] = [];
  const packages = new Set<string>();
  const pending = [resolve(root, entry)];
  const seen = new Set<string>();
  const specifier = /(?:import|export)\s[^'";]*?from\s*['"]([^'"]+)['"]|import\s*\(\s*['"]([^'"]+)['"]\s*\)|import\s*['"]([^'"]+)['"]/g;
  while (pending.length > 0) {
    const file = pending.pop() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    files.push(file);
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(specifier)) {
      const spec = match[1] ?? match[2] ?? match[3];
      if (spec === undefined) continue;
      if (spec.startsWith('.')) pending.push(resolve(dirname(file), spec.replace(/\.js$/, '.ts')));
      else packages.add(spec);
    }
  }
  return { files, packages };
}

describe('the protocol core', () => {
  it('imports no React and no zod, only zustand/vanilla', () => {
    const { files, packages } = importGraph('src/protocol/index.ts');
    expect(files.length).toBeGreaterThan(15);
    expect([...packages].sort()).toEqual(['zustand/vanilla']);
    // The host runtime (src/runtime: bridge, router, registry) sits on the wire format; the shared credential
    // scrubber (src/credentials, which imports nothing) serves development debug reports.
    for (const file of files) expect(file).toMatch(new RegExp(`^${root}/src/(protocol|runtime|credentials)/`));
  });

  it('keeps the embed controller in its own React-free entry, built on the protocol core', () => {
    const { files, packages } = importGraph('src/controller/index.ts');
    expect([...packages].sort()).toEqual(['zustand/vanilla']);
    for (const file of files) expect(file).toMatch(new RegExp(`^${root}/src/(protocol|runtime|controller|credentials)/`));
    expect(files).toContain(`${root}/src/controller/createEmbedController.ts`);
  });

  it('keeps the zod schemas in their own entry, which imports only zod/mini and the core', () => {
    const { files, packages } = importGraph('src/schemas/index.ts');
    expect([...packages]).toEqual(['zod/mini']);
    for (const file of files) expect(file).toMatch(new RegExp(`^${root}/src/(schemas|protocol)/`));
  });

  it('evaluates without React installed', async () => {
    const { createEmbedBridge, parseEventMessage } = await import('../../../src/protocol/index.js');
    const { createEmbedController } = await import('../../../src/controller/index.js');
    expect(typeof createEmbedBridge).toBe('function');
    // Creating a controller is side-effect free, so it can run during server rendering.
    const controller = createEmbedController({ surface: 'chat', tenantOrigin: 'https://acme.example.com', embedId: 'c' });
    expect(controller.getSnapshot().phase).toBe('idle');
    expect(parseEventMessage(null).ok).toBe(false);
    expect(Object.keys(await import('../../../src/protocol/index.js')).some((name) => /^use[A-Z]/.test(name))).toBe(false);
    expect(Object.keys(await import('../../../src/controller/index.js')).some((name) => /^use[A-Z]/.test(name))).toBe(false);
  });
});
