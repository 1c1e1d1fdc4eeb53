import { AnchorMdx } from '@storybook/addon-docs/blocks';
import { type ReactNode, useEffect, useId, useMemo, useState } from 'react';
import type { DocsSearchSection } from '../../.storybook/docsSearchIndex.js';

/** The most results shown at once: past these, a narrower query is the better help. */
const MAX_RESULTS = 40;

/** How many characters of context a result shows around its first match. */
const SNIPPET = 220;

interface Result {
  readonly section: DocsSearchSection;
  readonly score: number;
  /** Where the first term was found in the section's text, or -1 when only the heading matched. */
  readonly at: number;
}

/** The words of a query, lower-cased: every one must be found (in the heading or the text). */
const termsOf = (query: string): string[] =>
  query
    .toLowerCase()
    .split(/\s+/)
    .filter((term) => term.length > 0);

/** How often `term` occurs in `text` (both lower-case). */
function count(text: string, term: string): number {
  let found = 0;
  for (let at = text.indexOf(term); at !== -1; at = text.indexOf(term, at + term.length)) found++;
  return found;
}

/**
 * The sections that hold every term, best first: a term in a heading or a page title counts for more than one
 * in the text, and an exact match of the case the reader typed (an API name such as `getSession`) breaks ties.
 */
export function searchDocs(index: readonly DocsSearchSection[], query: string): Result[] {
  const terms = termsOf(query);
  if (terms.length === 0) return [];
  const results: Result[] = [];
  for (const section of index) {
    const text = section.text.toLowerCase();
    const heading = `${section.page} ${section.heading}`.toLowerCase();
    let score = 0;
    let matchesAll = true;
    for (const term of terms) {
      const inText = count(text, term);
      const inHeading = count(heading, term);
      if (inText + inHeading === 0) {
        matchesAll = false;
        break;
      }
      score += inText + 10 * inHeading;
    }
    if (!matchesAll) continue;
    if (section.text.includes(query.trim())) score += 5;
    results.push({ section, score, at: text.indexOf(terms[0] as string) });
  }
  return results.sort((a, b) => b.score - a.score).slice(0, MAX_RESULTS);
}

/** The text around a result's first match, with every term marked. */
function snippet(result: Result, terms: readonly string[]): ReactNode[] {
  const { text } = result.section;
  const start = Math.max(0, result.at - SNIPPET / 3);
  const cut = text.slice(start, start + SNIPPET);
  const shown = `${start > 0 ? '…' : ''}${cut}${start + SNIPPET < text.length ? '…' : ''}`;
  const pattern = new RegExp(`(${terms.map((term) => term.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})`, 'gi');
  // Split on a capturing pattern, the matches are the odd parts; each part's offset is a stable key.
  let offset = 0;
  return shown.split(pattern).map((part, index) => {
    const key = offset;
    offset += part.length;
    return index % 2 === 1 ? <mark key={key}>{part}</mark> : part;
  });
}

/**
 * The docs site's full-text search: every word of every docs page, code included, from the index built with
 * the site (`virtual:svc-docs-search-index`, loaded when this page opens). Each result links to its section.
 */
export function DocsSearch() {
  const [index, setIndex] = useState<readonly DocsSearchSection[] | null>(null);
  const [query, setQuery] = useState('');
  const inputId = useId();
  useEffect(() => {
    let live = true;
    void import('virtual:svc-docs-search-index').then((loaded) => {
      if (live) setIndex(loaded.default);
    });
    return () => {
      live = false;
    };
  }, []);
  const terms = termsOf(query);
  const results = useMemo(() => (index === null ? [] : searchDocs(index, query)), [index, query]);
  const pages = new Set(results.map((result) => result.section.pageId)).size;
  return (
    <div className="svc-docs-search" data-docs-search="">
      <label htmlFor={inputId} style={{ display: 'block', fontWeight: 600, marginBottom: 6 }}>
        Search every docs page
      </label>
      <input
        id={inputId}
        type="search"
        value={query}
        placeholder="getSession, filters, SVC305, Next.js…"
        onChange={(event) => setQuery(event.target.value)}
        // The search page is where a reader comes to type.
        // biome-ignore lint/a11y/noAutofocus: the page has one purpose, and its field is the first thing on it
        autoFocus
        style={{
          width: '100%',
          boxSizing: 'border-box',
          font: 'inherit',
          padding: '10px 12px',
          border: '1px solid #c5cbd8',
          borderRadius: 8,
        }}
      />
      <p role="status" style={{ color: '#4a5468', fontSize: 14 }}>
        {index === null
          ? 'Loading the index…'
          : terms.length === 0
            ? `${new Set(index.map((section) => section.pageId)).size} pages, ${index.length} sections: type a word to search them.`
            : `${results.length === MAX_RESULTS ? `The best ${MAX_RESULTS}` : results.length} ${results.length === 1 ? 'section' : 'sections'} on ${pages} ${pages === 1 ? 'page' : 'pages'}`}
      </p>
      <ol style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {results.map((result) => {
          const { pageId, page, heading, anchor } = result.section;
          return (
            <li key={`${pageId}#${anchor}`} data-search-result={pageId} style={{ padding: '10px 0', borderTop: '1px solid #e3e6ee' }}>
              <AnchorMdx target="_self" href={`?path=/docs/${pageId}${anchor === '' ? '' : `#${anchor}`}`}>
                {page}
                {heading === page ? '' : ` › ${heading}`}
              </AnchorMdx>
              <div
                style={{
                  fontSize: 14,
                  color: '#333a48',
                  overflowWrap: 'anywhere',
                }}
              >
                {snippet(result, terms)}
              </div>
            </li>
          );
        })}
      </ol>
    </div>
  );
}
