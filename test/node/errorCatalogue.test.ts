import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { errorText, setSvcDocsUrl } from '../../src/protocol/svcError.js';

// The error catalogue: every code the library uses has its section on the Troubleshooting page, every section
// is used, no code is listed twice, and the codes' type names exactly the codes in use. So an app that
// branches on a code, and a developer who follows the link in a development error, always find it.

const root = fileURLToPath(new URL('../../', import.meta.url));
const read = (path: string): string => readFileSync(`${root}${path}`, 'utf8');
const PAGE = 'stories/docs/Troubleshooting.mdx';

/** Every source file of the package. */
const sources = readdirSync(`${root}src`, { recursive: true, encoding: 'utf8' })
  .filter((file) => /\.tsx?$/.test(file))
  .map((file) => ({ file: `src/${file}`, text: read(`src/${file}`) }));

/**
 * The codes the sources use: the first argument of the helpers that make coded errors (and of the local
 * `fail` wrappers that pass it on), and the `'SVC5xx'` literals of the server client's error classes.
 */
function codesInUse(): Map<string, string[]> {
  const uses = new Map<string, string[]>();
  const add = (code: string, file: string) => uses.set(code, [...(uses.get(code) ?? []), file]);
  for (const { file, text } of sources) {
    if (file === 'src/protocol/SvcErrorCode.ts') continue;
    // The emulator's `fail(status, ...)` answers HTTP requests: an API response, not a library error.
    const helpers = file.startsWith('src/emulator/') ? /\b(?:svcError|errorText)\(\s*(\d{3})\b/g : /\b(?:svcError|errorText|sessionError|fail)\(\s*(\d{3})\b/g;
    for (const found of text.matchAll(helpers)) add(`SVC${found[1]}`, file);
    for (const found of text.matchAll(/'SVC(\d{3})'/g)) add(`SVC${found[1]}`, file);
    // The session source checks a session where it came from and passes that place's code on: `use(value, 303, ...)`.
    for (const found of text.matchAll(/\buse\(\s*\w+,\s*(\d{3})\b/g)) add(`SVC${found[1]}`, file);
    // The filter parameter reader returns the code of the part that is wrong (`return 133;`); its caller puts it in the error.
    if (file === 'src/protocol/parseFilterParameter.ts') for (const found of text.matchAll(/\breturn (\d{3});/g)) add(`SVC${found[1]}`, file);
  }
  return uses;
}

/** The numbers of the `SvcErrorNumber` union. */
function typedCodes(): string[] {
  const text = read('src/protocol/SvcErrorCode.ts');
  const union = /export type SvcErrorNumber =([^;]+);/.exec(text)?.[1] ?? '';
  return [...union.matchAll(/\d{3}/g)].map(([number]) => `SVC${number}`);
}

/** The members of a string union type in a source file. */
function unionMembers(path: string, name: string): string[] {
  const union = new RegExp(`export type ${name} =([^;]+);`).exec(read(path))?.[1] ?? '';
  return [...union.matchAll(/'([a-z-]+)'/g)].map(([, member]) => member as string);
}

const page = read(PAGE);
/** Every explicit anchor of the page, in order. */
const anchors = [...page.matchAll(/\bid="([^"]+)"/g)].map(([, id]) => id as string);
const codeAnchors = anchors.filter((id) => /^svc\d{3}$/.test(id));

/** The anchors of one part of the page, from its `## ` heading to the next. */
function anchorsUnder(heading: string): string[] {
  const start = page.indexOf(`\n## ${heading}`);
  const end = page.indexOf('\n## ', start + 1);
  return [...page.slice(start, end < 0 ? undefined : end).matchAll(/\bid="([^"]+)"/g)].map(([, id]) => id as string);
}

describe('the error catalogue', () => {
  const uses = codesInUse();

  it('finds the codes in the sources, in every area', () => {
    // A guard on the collection itself: if the helpers were renamed, the checks below would pass on nothing.
    const areas = new Set([...uses.keys()].map((code) => code.slice(3, 4)));
    expect([...areas].sort()).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9']);
  });

  it('has a section, at the anchor #svc<number>, for every code used in src/', () => {
    const missing = [...uses.keys()].filter((code) => !codeAnchors.includes(code.toLowerCase()));
    expect(missing, `codes without a section on ${PAGE}`).toEqual([]);
  });

  it('has no section for a code nothing uses', () => {
    const orphans = codeAnchors.filter((id) => !uses.has(id.toUpperCase()));
    expect(orphans, `sections of ${PAGE} whose code no source uses`).toEqual([]);
  });

  it('lists each code, and each anchor, once', () => {
    const duplicated = anchors.filter((id, index) => anchors.indexOf(id) !== index);
    expect(duplicated).toEqual([]);
    const headings = [...page.matchAll(/<h3 id="(svc\d{3})">SVC(\d{3}):/g)];
    // Each section's heading starts with its own code, so a copied section cannot keep another's anchor.
    expect(headings.filter(([, id, number]) => id !== `svc${number}`)).toEqual([]);
    expect(headings).toHaveLength(codeAnchors.length);
  });

  it('types exactly the codes in use, so apps can branch on any of them', () => {
    const typed = typedCodes();
    expect(typed.filter((code, index) => typed.indexOf(code) !== index), 'numbers listed twice in SvcErrorNumber').toEqual([]);
    expect([...typed].sort()).toEqual([...uses.keys()].sort());
  });

  it('explains every reason a debug hook can receive, and nothing else, in its debug-report part', () => {
    const reasons = new Set([
      ...unionMembers('src/protocol/EmbedDebugReport.ts', 'EmbedDropReason'),
      ...unionMembers('src/tenant/TenantDebugReport.ts', 'TenantDropReason'),
    ]);
    expect(reasons.size).toBeGreaterThan(8);
    expect([...anchorsUnder('Debug reports')].sort()).toEqual([...reasons].sort());
  });

  it('is the rendered page development texts link to, on the published docs site or the one set', () => {
    // Storybook names a docs page by its title: "Docs/Troubleshooting" is served at ?path=/docs/docs-troubleshooting--docs.
    expect(page).toContain('<Meta title="Docs/Troubleshooting" />');
    expect(errorText(103, 'tenantOrigin')).toBe('SVC103 tenantOrigin See https://svc-embed.github.io/svc-embed-react/?path=/docs/docs-troubleshooting--docs#svc103');
    try {
      setSvcDocsUrl('http://localhost:6006');
      expect(errorText(204, 'x')).toBe('SVC204 x See http://localhost:6006/?path=/docs/docs-troubleshooting--docs#svc204');
    } finally {
      setSvcDocsUrl();
    }
    expect(errorText(204, 'x')).toMatch(/^SVC204 x See https:\/\/svc-embed\.github\.io\/svc-embed-react\/\?path=/);
  });
});
