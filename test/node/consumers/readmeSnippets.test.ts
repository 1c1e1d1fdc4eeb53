import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

// Every TypeScript block of the README, as an app would paste it, type-checked against the built package.
const root = fileURLToPath(new URL('../../../', import.meta.url));

/**
 * What the snippets take from the app around them, declared once. A new snippet that uses another name of
 * the app's own declares it here.
 */
const PRELUDE = `import type { ManagementClient } from 'svc-embed-react/server';
import type { JSX } from 'react';
declare global {
  const platform: ManagementClient;
  const user: { id: string; email: string };
  const sessionIdFromYourBackend: string;
  const dashboard: { publicId: string };
  const untrusted: unknown;
  const payload: unknown;
  const app: { post(path: string, ...handlers: ((req: any, res: any, next: (error?: unknown) => void) => unknown)[]): void };
  const requireUser: (req: unknown, res: unknown, next: () => void) => void;
  function getSignedInUser(): Promise<{ id: string; email: string } | null>;
  function Report(props: { region: string }): JSX.Element;
  function expect(value: unknown): { toEqual(expected: unknown): void; toBe(expected: unknown): void };
}
export {};
`;

/** Framework modules the snippets import that this repository does not install. */
const AMBIENT = `declare module 'next/server' {
  export function connection(): Promise<void>;
}
declare module 'react-router' {
  export function useLoaderData<T extends (...args: never[]) => unknown>(): Awaited<ReturnType<T>>;
}
declare module '~/embedSessions.server' {
  export function createEmbedSession(publicId: string): Promise<string>;
}
`;

const SIGNED_DASHBOARD = `export function SignedDashboard(props: { tenantOrigin: string; publicId: string; session: string }) {
  return null;
}
`;

/** The TypeScript blocks of a Markdown text, with the line each starts on. */
function typescriptBlocks(markdown: string): { line: number; code: string }[] {
  const blocks: { line: number; code: string }[] = [];
  const lines = markdown.split('\n');
  for (let index = 0; index < lines.length; index++) {
    if (!/^```tsx?\s*$/.test(lines[index] ?? '')) continue;
    const start = index + 1;
    let end = start;
    while (end < lines.length && !/^```\s*$/.test(lines[end] ?? '')) end++;
    blocks.push({ line: start + 1, code: lines.slice(start, end).join('\n') });
    index = end;
  }
  return blocks;
}

it('every TypeScript block of the README compiles against the built package', () => {
  const blocks = typescriptBlocks(readFileSync(join(root, 'README.md'), 'utf8'));
  expect(blocks.length).toBeGreaterThan(10);
  const dir = mkdtempSync(join(tmpdir(), 'svc-readme-'));
  try {
    mkdirSync(join(dir, 'node_modules/@types'), { recursive: true });
    symlinkSync(root, join(dir, 'node_modules/svc-embed-react'), 'dir');
    for (const name of ['react', 'react-dom', 'zod', '@types/react', '@types/react-dom', '@types/node', '@testing-library']) {
      symlinkSync(join(root, 'node_modules', name), join(dir, 'node_modules', name), 'dir');
    }
    writeFileSync(join(dir, 'prelude.ts'), PRELUDE);
    writeFileSync(join(dir, 'ambient.d.ts'), AMBIENT);
    // Sibling modules a snippet imports by relative path (the Next.js example's client wrapper).
    writeFileSync(join(dir, 'SignedDashboard.tsx'), SIGNED_DASHBOARD);
    // Each block is its own module, named after its README line so a failure points at the block.
    const files = blocks.map(({ line, code }) => {
      const file = `readme-line-${line}.tsx`;
      writeFileSync(join(dir, file), `${code}\nexport {};\n`);
      return file;
    });
    const compilerOptions = {
      strict: true,
      noEmit: true,
      jsx: 'react-jsx',
      module: 'preserve',
      moduleResolution: 'bundler',
      target: 'es2022',
      lib: ['es2023', 'dom', 'dom.iterable'],
      types: ['node'],
      skipLibCheck: true,
      // Snippets show calls and values; what they leave unused is not a fault.
      noUnusedLocals: false,
    };
    writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions, files: ['prelude.ts', 'ambient.d.ts', 'SignedDashboard.tsx', ...files] }));
    const run = spawnSync(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', dir, '--pretty', 'false'], {
      encoding: 'utf8',
    });
    expect(run.stdout + run.stderr, 'README blocks that do not compile (file names give the line)').toBe('');
    expect(run.status).toBe(0);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}, 60_000);
