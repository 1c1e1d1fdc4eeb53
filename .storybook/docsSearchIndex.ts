import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { toId } from 'storybook/internal/csf';

/** One searchable part of a docs page: the text under one heading, down to the next. */
export interface DocsSearchSection {
  /** The page's Storybook id (`docs-getting-started--docs`), as `?path=/docs/<id>` reaches it. */
  readonly pageId: string;
  /** The page's title in the sidebar (`Getting started`). */
  readonly page: string;
  /** The section's heading, or the page's title for the text before the first heading. */
  readonly heading: string;
  /** The heading's anchor on the rendered page (`''` for the top of the page). */
  readonly anchor: string;
  /** The section's words: prose, tables and code, without markup. */
  readonly text: string;
}

/**
 * The anchor Storybook's docs give a Markdown heading: GitHub's rule (lower case, punctuation removed, each
 * space a hyphen), numbered from `-1` when a page repeats a heading.
 */
function slugger(): (heading: string) => string {
  const seen = new Map<string, number>();
  return (heading) => {
    const base = heading
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\p{M} _-]/gu, '')
      .replace(/ /g, '-');
    const count = seen.get(base);
    seen.set(base, (count ?? -1) + 1);
    return count === undefined ? base : `${base}-${count + 1}`;
  };
}

/** A stand-in for code's `<` while tags are removed (a private-use character no page holds). */
const ANGLE = '\uE000';

/** Code's `<`, kept from the tag removal below. */
const protect = (code: string): string => code.replaceAll('<', ANGLE);

/** Markdown and JSX reduced to their words: what a reader sees, code included. */
function plainText(markdown: string): string {
  return (
    markdown
      // Angle brackets in code (`<SvcDashboard>`) are words to find, not tags to drop.
      .replace(/`([^`\n]*)`/g, (_code, inner: string) => protect(inner))
      .replace(/<\/?[A-Za-z][^>]*>/g, ' ')
      .replaceAll(ANGLE, '<')
      .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
      .replace(/[`*_|]+/g, ' ')
      .replace(/&nbsp;/g, ' ')
      .replace(/\s+/g, ' ')
      .trim()
  );
}

/** A heading's text as the page renders it (no backticks, links as their text). */
const headingText = (markdown: string): string => plainText(markdown).replace(/\s+/g, ' ');

/**
 * The sections of one MDX docs page. Lines of `import`/`export` are code of the page, not its text; a fenced
 * block stays in its section (its code is searchable), and a `#` inside it is not a heading.
 */
export function sectionsOf(source: string): DocsSearchSection[] {
  const title = /<Meta\s+title="([^"]+)"/.exec(source)?.[1];
  if (title === undefined) return [];
  const pageId = toId(title, 'docs');
  const page = title.split('/').at(-1) ?? title;
  const slug = slugger();
  const sections: DocsSearchSection[] = [];
  let current = { heading: page, anchor: '', lines: [] as string[] };
  const close = (): void => {
    const text = plainText(current.lines.join('\n'));
    if (text !== '') sections.push({ pageId, page, heading: current.heading, anchor: current.anchor, text });
  };
  let fence: string | null = null;
  for (const line of source.split('\n')) {
    const fenceMark = /^\s*(`{3,}|~{3,})/.exec(line)?.[1];
    if (fenceMark !== undefined && (fence === null || fenceMark.startsWith(fence))) {
      fence = fence === null ? fenceMark : null;
      continue;
    }
    if (fence === null) {
      if (/^(import|export)\s/.test(line) || /^<Meta\b/.test(line)) continue;
      const markdownHeading = /^(#{1,6})\s+(.+?)\s*#*$/.exec(line);
      const htmlHeading = /^<h[1-6]\s+id="([^"]+)"[^>]*>(.*?)<\/h[1-6]>/.exec(line);
      if (markdownHeading || htmlHeading) {
        close();
        const text = headingText(markdownHeading?.[2] ?? htmlHeading?.[2] ?? '');
        // Every Markdown heading takes its anchor in turn (the page's title too, which counts for repeats).
        const anchor = htmlHeading?.[1] ?? slug(text);
        // The page's own title (the `#` heading) is the page's top.
        const isTitle = markdownHeading?.[1] === '#';
        current = { heading: isTitle ? page : text, anchor: isTitle ? '' : anchor, lines: [] };
        continue;
      }
    }
    current.lines.push(fence === null ? line : protect(line));
  }
  close();
  return sections;
}

/** Every section of every MDX page under `dir`, in the order of the files' names. */
export function buildDocsSearchIndex(dir: string): DocsSearchSection[] {
  return readdirSync(dir)
    .filter((name) => name.endsWith('.mdx'))
    .sort()
    .flatMap((name) => sectionsOf(readFileSync(join(dir, name), 'utf8')));
}
