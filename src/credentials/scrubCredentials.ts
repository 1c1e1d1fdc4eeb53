import { REDACTED } from './createRedactor.js';
import { isCredentialName } from './isCredentialName.js';
import { redactKnownSecrets } from './rememberSecret.js';

/**
 * Where a name may start: after anything that is not part of a name, or after an encoded character
 * (`%26`, `%253F`, `\u0026`, `\n`), so `?session=`, `&token=`, `;sig=`, `%26session%3D` and `\u0026session=`
 * all count, while the `session` inside `my_session` does not. Never right after a backslash: the `u0026sig`
 * of `\u0026sig=` is no name, its `sig` is.
 */
const START = '(?:(?<![A-Za-z0-9_\\-\\\\])|(?<=%(?:25){0,2}[0-9A-Fa-f]{2})|(?<=\\\\u00[0-9A-Fa-f]{2})|(?<=\\\\[nrt]))';

/** A quote, raw, backslash-escaped (any depth), `\u`-escaped or URL-encoded (once or twice). */
const QUOTE = '\\\\*"|\\\\*\'|\\\\+u0022|%(?:25){0,2}22';

// The patterns built from these parts are made on first use, not at load: a bundler cannot prove building
// them at load free of side effects, so a production bundle that never scrubs would keep them.

/** A separator between a name and its value: `:` or `=`, raw, URL-encoded or `\u`-escaped. */
const SEPARATOR = '\\s*(?::|=|%(?:25){0,2}3[aAdD]|\\\\+u003[aAdD])\\s*';

/** A quote at the start of a value, and a name (perhaps quoted) with its separator; made on first use. */
let patterns: { readonly openingQuote: RegExp; readonly named: RegExp } | undefined;

function getPatterns(): { readonly openingQuote: RegExp; readonly named: RegExp } {
  patterns ??= {
    openingQuote: new RegExp(`^(?:${QUOTE})`),
    // Names are checked afterwards by `isCredentialName`: the pattern finds every candidate.
    named: new RegExp(`${START}(${QUOTE})?([A-Za-z][A-Za-z0-9_-]*)(?:\\1)?(${SEPARATOR})`, 'g'),
  };
  return patterns;
}

/**
 * An unquoted value: up to a space, a quote, `&`, `#`, `;`, `<`, `>`, `,`, a closing bracket, or one of those
 * URL-encoded or `\u`-escaped (the end of a parameter inside an encoded address). A `\/` inside it is kept.
 */
const BARE_VALUE =
  /(?:[^&#;\s"'<>,)}\]\\%]|%(?!(?:25){0,2}(?:2[0236cC]|3[bBcCeE]|5[cC]|7[dD]))|\\(?!u00(?:2[0236cC]|3[bBcCeE]|5[cC]|7[dD])|["'\\nrt]))+/y;

/** Bare values kept as they are: literals. */
const KEPT_WORDS = /^(?:null|true|false|undefined)$/i;

/**
 * What follows a scheme word whose credential the text pass already removed (`Authorization: Token
 * [redacted]`): the word is kept, so the reader still sees which scheme was used.
 */
const REDACTED_CREDENTIAL = /^(?:\s+|%(?:25)?20|\+|\\u0020)\[redacted\]/;

/** The index just past where the quoted value starting at `from` ends, or the text's end when it never ends. */
function quotedEnd(text: string, from: number, quote: string): number {
  const mark = quote.at(-1);
  if (mark === '"' || mark === "'") {
    // A quote written with k backslashes before it closes the value only with exactly k before it again: an inner
    // quote of that value is written with more.
    const depth = quote.length - 1;
    for (let at = text.indexOf(mark, from); at !== -1; at = text.indexOf(mark, at + 1)) {
      let run = 0;
      while (run < at - from && text[at - run - 1] === '\\') run++;
      if (run === depth) return at - depth;
    }
    return text.length;
  }
  // An encoded quote (`%22`, `%2522`, `\\u0022`) has no letter whose case could differ: a plain search finds it.
  const at = text.indexOf(quote, from);
  return at === -1 ? text.length : at;
}

/** The index just past the object or array starting at `from` (brackets counted), or the text's end. */
function bracketEnd(text: string, from: number): number {
  let depth = 0;
  for (let at = from; at < text.length; at++) {
    const char = text[at];
    if (char === '{' || char === '[') depth++;
    else if ((char === '}' || char === ']') && --depth === 0) return at + 1;
  }
  return text.length;
}

/** The [start, end) of the value after a name ending at `from`, and whether to keep it (already redacted, empty). */
function valueSpan(text: string, from: number): readonly [number, number] | undefined {
  const rest = text.slice(from, from + 16);
  const opening = getPatterns().openingQuote.exec(rest)?.[0];
  if (opening !== undefined) {
    const start = from + opening.length;
    return [start, quotedEnd(text, start, opening)];
  }
  if (rest.startsWith('{') || rest.startsWith('[')) {
    // `[redacted]` itself starts with a bracket: it is already clean.
    if (text.startsWith(REDACTED, from)) return undefined;
    return [from, bracketEnd(text, from)];
  }
  // Sticky, on the text itself: no copy of what follows, however long the value runs.
  BARE_VALUE.lastIndex = from;
  const bare = BARE_VALUE.exec(text);
  if (bare === null) return undefined;
  const end = from + bare[0].length;
  const word = bare[0];
  // A literal is no credential; a scheme (`Authorization: Bearer [redacted]`) was handled by the text pass.
  return KEPT_WORDS.test(word) || REDACTED_CREDENTIAL.test(text.slice(end, end + 24)) ? undefined : [from, end];
}

/**
 * Whether a credential's value is already clean: `[redacted]`, or an authorization's scheme word followed by
 * `[redacted]` (the text pass removed the credential and kept the word that says which scheme it was).
 */
function isClean(name: string, value: string): boolean {
  return value === REDACTED || (/authori[sz]ation$/i.test(name) && REDACTED_CREDENTIAL.test(value.replace(/^[A-Za-z][A-Za-z0-9._~-]*/, '')) && value.endsWith(REDACTED));
}

/** Replaces the values of credential names (`session=`, `"token":`, `apiKey: `) in any encoding. */
function redactNamedValues(text: string): string {
  let out = '';
  let copied = 0;
  const { named } = getPatterns();
  named.lastIndex = 0;
  // The same few names come back again and again (`token`, `path`): each is judged once per text.
  const judged = new Map<string, boolean>();
  const isCredential = (name: string): boolean => {
    let verdict = judged.get(name);
    if (verdict === undefined) {
      verdict = isCredentialName(name);
      judged.set(name, verdict);
    }
    return verdict;
  };
  for (let found = named.exec(text); found !== null; found = named.exec(text)) {
    const [whole, quote, name] = found as unknown as [string, string | undefined, string];
    const end = found.index + whole.length;
    if (!isCredential(name)) {
      // Go on right after the name: a name inside a value (`next=token=...`) is still found.
      named.lastIndex = found.index + (quote?.length ?? 0) + name.length;
      continue;
    }
    const span = valueSpan(text, end);
    if (span === undefined) continue;
    const [start, stop] = span;
    if (stop > start && !isClean(name, text.slice(start, stop))) {
      out += text.slice(copied, start) + REDACTED;
      copied = stop;
    }
    named.lastIndex = Math.max(stop, end);
  }
  return copied === 0 ? text : out + text.slice(copied);
}

/**
 * Removes credentials from text that is only shown, never used (inspector rows, JSON, the clipboard,
 * development debug reports):
 * - every secret the page remembered (`rememberSecret`), raw, URL-encoded once or twice or JSON-escaped;
 * - values after `Bearer`, `Api-Key`, `Basic`, and JSON Web Tokens;
 * - the value of any credential name (see `isCredentialName`: `session`, `sessionId`, `token`,
 *   `access_token`, `apiKey`, `jwt`, `authorization`, `password`, `secret`, signatures such as
 *   `X-Amz-Signature`, `Signature`, `sig`, ...) written as a parameter (`?`, `&`, `#`, `;`, the start of the
 *   text, or those URL-encoded or `\u`-escaped, inside an address nested in another) or as a key (`"token":`,
 *   `\"token\":`, `token: `).
 *
 * Each removed value becomes `[redacted]`; the text around it is kept. Running it twice changes nothing more.
 *
 * @example
 * scrubCredentials('https://x.example/e?next=%2Fa%3Fsession%3Ds3cr3t%26v%3D1');
 * // 'https://x.example/e?next=%2Fa%3Fsession%3D[redacted]%26v%3D1'
 */
export function scrubCredentials(text: string): string {
  return redactNamedValues(redactKnownSecrets(text));
}
