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
// them at load free of side effects, so a production bundle that never redacts would keep them.

/** A separator between a name and its value: `:` or `=`, raw, URL-encoded or `\u`-escaped. */
const SEPARATOR = '\\s*(?::|=|%(?:25){0,2}3[aAdD]|\\\\+u003[aAdD])\\s*';

/** A quote at the start of a value, and a name (perhaps quoted) with its separator; made on first use. */
let patterns: { readonly openingQuote: RegExp; readonly named: RegExp; readonly bareValues: readonly RegExp[] } | undefined;

function getPatterns(): { readonly openingQuote: RegExp; readonly named: RegExp; readonly bareValues: readonly RegExp[] } {
  patterns ??= {
    openingQuote: new RegExp(`^(?:${QUOTE})`),
    // Names are checked afterwards by `isCredentialName`: the pattern finds every candidate. It opens with the
    // characters a candidate can start with (a letter, or a quote's first character) so the engine skips the
    // others before it looks behind for {@link START}, and reads the name whole (a look-ahead and its
    // back-reference): no shorter name can be followed by a separator, so retrying one was wasted work. Each
    // measured about half the time over 1 MB of text.
    named: new RegExp(`(?=[A-Za-z"'\\\\%])${START}(${QUOTE})?(?=([A-Za-z][A-Za-z0-9_-]*))\\2(?:\\1)?(${SEPARATOR})`, 'g'),
    bareValues: [0, 1, 2, 3].map(bareValue),
  };
  return patterns;
}

/**
 * The end of a parameter or an address part, percent-encoded: `%26` (`&`), `%23` (`#`), `%3B` (`;`), a space,
 * a quote, `<`, `>`, `,`, `\`, `}`.
 */
const ENCODED_END = '(?:2[0236cC]|3[bBcCeE]|5[cC]|7[dD])';

/**
 * An unquoted value after a separator written at `level` levels of URL encoding (`=` is 0, `%3D` 1, `%253D`
 * 2): up to a space, a double quote, `&`, `#`, `;`, `<`, `>`, `,`, `]` or `}`, raw, `\u`-escaped or encoded
 * at the separator's level or a shallower one. An apostrophe and `)` are value characters: an address keeps
 * them unencoded (`encodeURIComponent` leaves `'()*!~` as they are), so stopping there would show the rest. Escapes of deeper levels are the value's own characters: in
 * `access_token=abc%2Bdef` the `%2B` is part of the value, and so is a `%2526` after `session%3D`. A `\/`
 * inside a value is kept. Sticky, so it reads the text where the value starts without copying what follows.
 */
function bareValue(level: number): RegExp {
  const encodedEnd = level === 0 ? '' : `(?!(?:25){0,${level - 1}}${ENCODED_END})`;
  return new RegExp(`(?:[^&#;\\s"<>,}\\]\\\\%]|%${encodedEnd}|\\\\(?!u00${ENCODED_END}|["'\\\\nrt]))+`, 'y');
}

/** The level of URL encoding a separator is written at: `=` and `\u003d` 0, `%3D` 1, `%253D` 2, ... */
function separatorLevel(separator: string): number {
  const encoded = /%((?:25)*)3/.exec(separator);
  return encoded === null ? 0 : 1 + (encoded[1] as string).length / 2;
}

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

/**
 * The [start, end) of the value after a name ending at `from`, its separator written at `level` levels of
 * URL encoding, or undefined to keep it (already redacted, empty, a literal).
 */
function valueSpan(text: string, from: number, level: number): readonly [number, number] | undefined {
  const rest = text.slice(from, from + 16);
  const opening = getPatterns().openingQuote.exec(rest)?.[0];
  if (opening !== undefined) {
    const start = from + opening.length;
    return [start, quotedEnd(text, start, opening)];
  }
  // Sticky, on the text itself: no copy of what follows, however long the value runs.
  const pattern = getPatterns().bareValues[Math.min(level, 3)] as RegExp;
  if (text.startsWith(REDACTED, from)) {
    // Already redacted by the text pass, perhaps only in part: what runs on after the marker goes too.
    pattern.lastIndex = from + REDACTED.length;
    const more = pattern.exec(text)?.[0].length ?? 0;
    return more === 0 ? undefined : [from, from + REDACTED.length + more];
  }
  if (rest.startsWith('{') || rest.startsWith('[')) return [from, bracketEnd(text, from)];
  pattern.lastIndex = from;
  const bare = pattern.exec(text);
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
    const [whole, quote, name, separator] = found as unknown as [string, string | undefined, string, string];
    const end = found.index + whole.length;
    if (!isCredential(name)) {
      // Go on right after the name: a name inside a value (`next=token=...`) is still found.
      named.lastIndex = found.index + (quote?.length ?? 0) + name.length;
      continue;
    }
    const span = valueSpan(text, end, separatorLevel(separator));
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
 * A pair naming a credential, written as JSON text with its quotes escaped to any depth: a tuple
 * (`["x-api-key","t"]`, `[\"cookie\",\"sid=t\"]`, as header entries are written) or a name/value record
 * (`{"name":"token","value":"t"}`, with `key` for `name` too). The name is group 2 or 4; the value follows the
 * match. A run of backslashes is entered only at its start, so no attempt rescans it.
 */
const PAIR_TEXT =
  /\[\s*(?<!\\)(\\*)"([A-Za-z][A-Za-z0-9_-]*)\1"\s*,\s*|(?<!\\)(\\*)"(?:name|key)\3"\s*:\s*\3"([A-Za-z][A-Za-z0-9_-]*)\3"\s*,\s*\3"value\3"\s*:\s*/g;

/** Replaces the value of every pair that names a credential, written as JSON text (see {@link PAIR_TEXT}). */
function redactPairedValues(text: string): string {
  let out = '';
  let copied = 0;
  PAIR_TEXT.lastIndex = 0;
  for (let found = PAIR_TEXT.exec(text); found !== null; found = PAIR_TEXT.exec(text)) {
    const name = found[2] ?? found[4] ?? '';
    const end = found.index + found[0].length;
    if (!isCredentialName(name)) continue;
    const span = valueSpan(text, end, 0);
    if (span === undefined) continue;
    const [start, stop] = span;
    if (stop > start && text.slice(start, stop) !== REDACTED) {
      out += text.slice(copied, start) + REDACTED;
      copied = stop;
    }
    PAIR_TEXT.lastIndex = Math.max(stop, end);
  }
  return copied === 0 ? text : out + text.slice(copied);
}

/**
 * Removes credentials from text that is only shown, never used (inspector rows, JSON, the clipboard,
 * development debug reports):
 * - everything `createRedactor` removes: every secret the page remembered (`rememberSecret`) in any echoed
 *   form or in hex or base64, the credential of an `Authorization` header of any scheme, values after
 *   `Bearer`, `Api-Key`, `Basic`, user-info passwords and JSON Web Tokens;
 * - the value of any credential name (see `isCredentialName`: `session`, `sessionId`, `token`,
 *   `access_token`, `apiKey`, `jwt`, `authorization`, `password`, `secret`, signatures such as
 *   `X-Amz-Signature`, `Signature`, `sig`, ...) written as a parameter (`?`, `&`, `#`, `;`, the start of the
 *   text, or those URL-encoded or `\u`-escaped, inside an address nested in another) or as a key (`"token":`,
 *   `\"token\":`, `token: `);
 * - the value of a pair that names a credential, written as JSON: `["x-api-key","..."]`,
 *   `{"name":"token","value":"..."}`.
 *
 * Each removed value becomes `[redacted]`; the text around it is kept. Running it twice changes nothing more.
 *
 * @example
 * redactShownText('https://x.example/e?next=%2Fa%3Fsession%3Ds3cr3t%26v%3D1');
 * // 'https://x.example/e?next=%2Fa%3Fsession%3D[redacted]%26v%3D1'
 */
export function redactShownText(text: string): string {
  return redactNamedValues(redactPairedValues(redactKnownSecrets(text)));
}
