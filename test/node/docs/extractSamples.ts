import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

/** One fenced code block of a documentation page. */
export interface Sample {
  /** The page, relative to the repository root, with `/` separators (`README.md`, `stories/docs/Intro.mdx`). */
  readonly doc: string;
  /** The 1-based line of the page that holds the block's first line of code (the line after the fence). */
  readonly line: number;
  /** The language word of the info string (`ts`, `tsx`, `sh`, ...), lower-cased; empty when there is none. */
  readonly language: string;
  /** The whole info string after the fence, trimmed. */
  readonly info: string;
  /** Whether the info string carries the word `fragment`: the block is not meant to compile on its own. */
  readonly fragment: boolean;
  /** How many spaces the fence is indented by (MDX indents blocks inside JSX); taken off each line of code. */
  readonly indent: number;
  /** The code, with the fence's own indentation removed from each line. */
  readonly code: string;
}

/** The languages whose blocks are type-checked. */
export const TYPESCRIPT_LANGUAGES: ReadonlySet<string> = new Set(['ts', 'tsx']);

/** The documentation pages whose samples users copy: the README and every MDX page under `stories/docs`. */
export function documentationPages(root: string): string[] {
  const pages = ['README.md'];
  const docs = join(root, 'stories', 'docs');
  let found: string[] = [];
  try {
    found = readdirSync(docs, { recursive: true, encoding: 'utf8' });
  } catch (error) {
    // No docs folder yet: the README alone.
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  for (const name of found.sort()) {
    if (name.endsWith('.mdx')) pages.push(relative(root, join(docs, name)).split(sep).join('/'));
  }
  return pages;
}

const OPENING = /^( {0,})(`{3,}|~{3,})\s*([^`]*)$/;

/**
 * Every fenced code block of a Markdown or MDX text. Fences follow CommonMark (three or more backticks or
 * tildes, closed by a fence of the same character at least as long); any indentation is allowed, since MDX
 * pages indent blocks inside JSX elements, and that indentation is taken off the code's lines. An unclosed
 * block runs to the end of the text, as CommonMark reads it.
 */
export function extractSamples(doc: string, text: string): Sample[] {
  const lines = text.split(/\r?\n/);
  const samples: Sample[] = [];
  for (let index = 0; index < lines.length; index++) {
    const opening = OPENING.exec(lines[index] ?? '');
    if (!opening) continue;
    const indent = opening[1]?.length ?? 0;
    const fence = opening[2] ?? '';
    const info = (opening[3] ?? '').trim();
    const closing = new RegExp(`^\\s*${fence[0] === '`' ? '`' : '~'}{${fence.length},}\\s*$`);
    const start = index + 1;
    let end = start;
    while (end < lines.length && !closing.test(lines[end] ?? '')) end++;
    const code = lines
      .slice(start, end)
      .map((line) => line.slice(Math.min(indent, line.length - line.trimStart().length)))
      .join('\n');
    const language = (info.split(/[\s{]/, 1)[0] ?? '').toLowerCase();
    samples.push({ doc, line: start + 1, indent, language, info, fragment: /(^|[\s,{])fragment([\s,}=]|$)/.test(info), code });
    index = end;
  }
  return samples;
}

/**
 * The file a sample says it is, by a first-line comment naming a relative path (`// app/sales/page.tsx: ...`,
 * `// vite.config.ts`), or undefined. Paths that leave the app (`..`, absolute) are not taken.
 */
export function declaredFile(sample: Sample): string | undefined {
  const first = sample.code.split('\n').find((line) => line.trim() !== '') ?? '';
  const path = /^\s*\/\/\s*([\w@~.()[\]/-]+\.(?:tsx?|mts|cts))(?=[:,\s]|$)/.exec(first)?.[1];
  if (!path || path.startsWith('/') || path.split('/').includes('..')) return undefined;
  return path;
}

/** The TypeScript samples of every documentation page under `root`. */
export function typescriptSamples(root: string): Sample[] {
  return documentationPages(root).flatMap((doc) =>
    extractSamples(doc, readFileSync(join(root, doc), 'utf8')).filter((sample) => TYPESCRIPT_LANGUAGES.has(sample.language)),
  );
}
