import { createSecretMatcher } from './createSecretMatcher.js';

/**
 * The shared credential redaction lives in `src/credentials/`, a folder of its own rather than `src/protocol/`
 * or `src/server/`: the server client, the developer tools and (in development builds) the bridge's debug
 * reports all import it, and it imports nothing, so no entry that uses it pulls React, zod or the DOM, and the
 * server client does not pull the protocol core. Every file here is free of side effects at load time, so a
 * production bundle that only names it behind a development guard drops it whole.
 *
 * This file holds the text pass every user shares: known secrets in any echoed form (or hex or base64), the
 * credential of an `Authorization` header of any scheme, values after the `Bearer`, `Basic` and `Api-Key`
 * schemes anywhere, the password of an address's user info, and JSON Web Tokens.
 *
 * Every rule costs time linear in the text, whatever it holds and however many secrets are known: the known
 * secrets are found by one automaton (`createSecretMatcher`), not one pattern each, and each pattern here
 * either starts only where a token starts or stops at a character the one before it cannot cross, so no
 * failed attempt rescans a long run of text.
 */

/** What replaces a credential in any text the package keeps or shows. */
export const REDACTED = '[redacted]';

/** Secrets shorter than this are not searched for: they would match ordinary words. */
export const MIN_SECRET_LENGTH = 4;

/**
 * A credential after the `Bearer`, `Api-Key` or `Basic` scheme, in any text (these words name a scheme
 * wherever they stand): with the space raw, URL-encoded (`%20`, `%2520`, `+`) or JSON-escaped (`\u0020`).
 * The scheme may follow a digit, as in `saw%20Bearer`. The value runs up to a quote, a space or a separator;
 * a backslash is part of it so that a JSON-escaped `\/` inside the value goes too. A value already redacted
 * (by the `Authorization` rule) is left alone, with the escaped quote that may follow it.
 */
const SCHEME_VALUE = /(?<![A-Za-z])(Bearer|Api-Key|Basic)((?:\s|%(?:25)?20|\+|\\u0020)+)(?!\[redacted\])[^\s"'<>,;&]+/gi;

/**
 * The name of an `Authorization` (or `Proxy-Authorization`) header and its separator, as a header line
 * (`Authorization: `), a key (`"authorization": "`, `\"Authorization\":\"`) or a parameter (`authorization=`,
 * `Authorization%3A`). What follows is read by {@link authorizationEnd}: the scheme word, of any scheme, is
 * kept and the credential after it goes.
 */
const AUTHORIZATION = /(?<![A-Za-z0-9_-])(?:proxy-)?authori[sz]ation(?:\\*["'])?[ \t]*(?::|=|%3[aAdD])[ \t]*(\\*["'])?[ \t]*/gi;

/**
 * A character of a token or of a credential (`token68`, a parameter name or bare value); `%` for encoded
 * ones, and `'()` which an address keeps unencoded.
 */
const TOKEN_CHAR = /[A-Za-z0-9._~+/%!#$*^`|'()-]/;

/** A scheme's name (`Bearer`, `Digest`, `Api-Key`): a token without the `%` of an encoded space after it. */
const SCHEME_WORD = /[A-Za-z][A-Za-z0-9._~-]*/y;

/** A space between a scheme and its credential: raw, URL-encoded or JSON-escaped. */
const SCHEME_SPACE = /^(?:[ \t]+|%(?:25)?20|\+|\\u0020)/;

/** Words after an authorization name that are no credential: JSON's and JavaScript's empty values. */
const EMPTY_WORDS = /^(?:null|undefined|true|false)$/i;

/** The index just past the run of {@link TOKEN_CHAR} starting at `from`. */
function tokenEnd(text: string, from: number): number {
  let at = from;
  while (at < text.length && TOKEN_CHAR.test(text[at] as string)) at++;
  return at;
}

/**
 * The index just past the quoted string whose opening quote (with its backslashes, `"` or `\"`) ends at
 * `from`: the next quote written with exactly as many backslashes, or the text's end.
 */
function closingQuoteEnd(text: string, from: number, quote: string): number {
  const mark = quote.at(-1) as string;
  const depth = quote.length - 1;
  for (let at = text.indexOf(mark, from); at !== -1; at = text.indexOf(mark, at + 1)) {
    let run = 0;
    while (run < at - from && text[at - run - 1] === '\\') run++;
    if (run === depth) return at + 1;
  }
  return text.length;
}

/**
 * The index just past an authorization credential starting at `from`: a `token68` (`abc.def==`) or a list of
 * parameters (`username="u", nonce="n", response="r"` of `Digest`, `id="i", mac="m"` of `MAC`), their quoted
 * values written with any number of backslashes. A parameter list ends where no `name=` follows a comma.
 */
function credentialEnd(text: string, from: number): number {
  let at = tokenEnd(text, from);
  for (;;) {
    while (text[at] === '=') at++;
    const quote = /^\\*["']/.exec(text.slice(at, at + 16))?.[0];
    // A parameter's quoted value: `nonce="..."`.
    if (quote !== undefined && text[at - 1] === '=') at = closingQuoteEnd(text, at + quote.length, quote);
    else if (text[at - 1] === '=') at = tokenEnd(text, at);
    // Another parameter after a comma: `, realm="r"`.
    const comma = /^[ \t]*,[ \t]*/.exec(text.slice(at, at + 64))?.[0];
    if (comma === undefined) return at;
    const name = tokenEnd(text, at + comma.length);
    if (name === at + comma.length || text[name] !== '=') return at;
    at = name;
  }
}

/**
 * Replaces the credential of every `Authorization` header in `text`, whatever its scheme (`Bearer`, `Basic`,
 * `Token`, `Digest` with all its parameters, `MAC`, `Api-Key`, one nobody has heard of); the scheme word is
 * kept (`Authorization: Digest [redacted]`). A value without a scheme word goes whole.
 */
function redactAuthorizations(text: string): string {
  let out = '';
  let copied = 0;
  AUTHORIZATION.lastIndex = 0;
  for (let found = AUTHORIZATION.exec(text); found !== null; found = AUTHORIZATION.exec(text)) {
    const valueStart = found.index + found[0].length;
    if (text.startsWith(REDACTED, valueStart)) continue;
    SCHEME_WORD.lastIndex = valueStart;
    const first = valueStart + (SCHEME_WORD.exec(text)?.[0].length ?? 0);
    if (first === valueStart && !TOKEN_CHAR.test(text[valueStart] ?? '')) continue;
    const space = SCHEME_SPACE.exec(text.slice(first, first + 16))?.[0];
    const credentialStart = space !== undefined && TOKEN_CHAR.test(text[first + space.length] ?? '') ? first + space.length : valueStart;
    if (credentialStart === valueStart && EMPTY_WORDS.test(text.slice(valueStart, first))) continue;
    if (text.startsWith(REDACTED, credentialStart)) continue;
    const end = credentialEnd(text, credentialStart);
    out += text.slice(copied, credentialStart) + REDACTED;
    copied = end;
    AUTHORIZATION.lastIndex = end;
  }
  return copied === 0 ? text : out + text.slice(copied);
}

/** Where an address's authority starts: `//`, raw, JSON-escaped or URL-encoded once or twice. */
const AUTHORITY_START = /\/\/|\\\/\\\/|%2[fF]%2[fF]|%252[fF]%252[fF]/g;

/**
 * The delimiters of an address written at one level of encoding: raw (or JSON-escaped, `\/`), encoded once
 * inside another address (`%2F`, `%3A`, `%40`) or twice (`%252F`, ...). A user-info password may hold the
 * escapes of deeper levels (its own `%2F`, encoded again), never its own level's delimiters. A password runs up
 * to its level's `@`, so its ends are the others.
 */
const LEVELS = [
  { colon: ':', at: '@', ends: ['/', '\\/', '?', '#', '@'], passwordEnds: ['/', '\\/', '?', '#'] },
  { colon: '%3A', at: '%40', ends: ['%2F', '%3F', '%23', '%40', '/', '?', '#', '@'], passwordEnds: ['%2F', '%3F', '%23', '/', '?', '#', '@'] },
  {
    colon: '%253A',
    at: '%2540',
    ends: ['%252F', '%253F', '%2523', '%2540', '/', '?', '#', '@'],
    passwordEnds: ['%252F', '%253F', '%2523', '/', '?', '#', '@'],
  },
] as const;

/** The first characters of every delimiter, escape and stop of user info. */
const DELIMITER_START = /[\s"<>\\/?#@:%]/;

/**
 * {@link DELIMITER_START} for the ASCII units, as a table: the user-info pass asks it of every unit of every
 * address, and a table read costs a fraction of a pattern test on a one-character string. Units above ASCII
 * (where only the Unicode spaces of `\s` are delimiters) are asked of the pattern.
 */
const ASCII_DELIMITER_START = Uint8Array.from({ length: 128 }, (_, code) => (DELIMITER_START.test(String.fromCharCode(code)) ? 1 : 0));

/** Whether the unit at `at` starts a delimiter, escape or stop of user info. */
function startsDelimiter(text: string, at: number): boolean {
  const code = text.charCodeAt(at);
  return code < 128 ? ASCII_DELIMITER_START[code] === 1 : DELIMITER_START.test(text[at] as string);
}

/** Characters no user info holds at any level: where the address has certainly ended. */
const OUTSIDE_ADDRESS = /[\s"<>\\]/;

/**
 * Whether `text` has `token` (written in upper case) at `at`, the letters of escapes in either case. Compared
 * unit by unit: this runs at every delimiter of every address, and a slice in upper case per call made 1 MB of
 * addresses cost as much in garbage collection as in reading.
 */
function hasAt(text: string, at: number, token: string): boolean {
  for (let index = 0; index < token.length; index++) {
    const code = text.charCodeAt(at + index);
    // a-z read as A-Z; every other unit as it is.
    if ((code >= 0x61 && code <= 0x7a ? code - 0x20 : code) !== token.charCodeAt(index)) return false;
  }
  return true;
}

/**
 * The index where the run starting at `from` meets `stop` (returned as found), or -1 when one of `ends`, a
 * character outside any address, or the text's end comes first.
 */
function runTo(text: string, from: number, stop: string, ends: readonly string[]): number {
  for (let at = from; at < text.length; at++) {
    // Every delimiter, stop and end starts with one of these: any other character is part of the run.
    if (!startsDelimiter(text, at)) continue;
    if (hasAt(text, at, stop)) return at;
    if ((OUTSIDE_ADDRESS.test(text[at] as string) && !hasAt(text, at, '\\/')) || ends.some((end) => hasAt(text, at, end))) return -1;
  }
  return -1;
}

/**
 * Replaces the password of every address's user info (`https://user:password@host/`), raw, JSON-escaped
 * (`\/\/`) or URL-encoded inside another address once or twice (`%2F%2Fuser%3Apassword%40host`). The user
 * name is kept. A run stops at its own level's delimiters, so no failed attempt reads past the next address.
 */
function redactUserInfo(text: string): string {
  let out = '';
  let copied = 0;
  AUTHORITY_START.lastIndex = 0;
  for (let found = AUTHORITY_START.exec(text); found !== null; found = AUTHORITY_START.exec(text)) {
    const slashes = found[0].toUpperCase();
    const level = LEVELS[slashes.startsWith('%25') ? 2 : slashes.startsWith('%') ? 1 : 0];
    const userStart = found.index + found[0].length;
    const colon = runTo(text, userStart, level.colon, level.ends);
    if (colon === -1) continue;
    const passwordStart = colon + level.colon.length;
    // The password may hold a colon; it ends at its level's `@`.
    const at = runTo(text, passwordStart, level.at, level.passwordEnds);
    if (at === -1 || at === passwordStart || text.startsWith(REDACTED, passwordStart)) continue;
    out += text.slice(copied, passwordStart) + REDACTED;
    copied = at;
    AUTHORITY_START.lastIndex = at;
  }
  return copied === 0 ? text : out + text.slice(copied);
}

/**
 * A JSON Web Token (three base64url parts, the first two JSON objects): a credential whoever issued it. The
 * dots may be written escaped (`\u002e`, `%2E`), as a JSON or URL encoder that escapes them leaves them. It
 * starts only where a token starts (not inside a run of its own characters, which made `eyJ-eyJ-...` cost
 * time quadratic in its length), or right after an escaped character (`%3DeyJ`, `\u0022eyJ`). The pattern
 * opens with the literal `eyJ` and looks behind it afterwards, so the engine skips ahead to each `eyJ`: opening
 * with the look-behind made it test every position of the text (30 times slower over 1 MB without a token).
 */
const JWT =
  /eyJ(?<=(?:(?<![A-Za-z0-9_-])|(?<=%[0-9A-Fa-f]{2})|(?<=\\u00[0-9A-Fa-f]{2}))eyJ)[A-Za-z0-9_-]{2,}(?:\.|\\u002[eE]|%2[eE])eyJ[A-Za-z0-9_-]{2,}(?:\.|\\u002[eE]|%2[eE])[A-Za-z0-9_-]*/g;

/**
 * Replaces every value after a `Bearer`, `Api-Key` or `Basic` scheme (see {@link SCHEME_VALUE}); the scheme word
 * and the space after it stay. A loop rather than `text.replace(SCHEME_VALUE, '$1$2[redacted]')`: the
 * replacement with captures measured three times slower on 1 MB of scheme words.
 */
function redactSchemeValues(text: string): string {
  let out = '';
  let copied = 0;
  SCHEME_VALUE.lastIndex = 0;
  for (let found = SCHEME_VALUE.exec(text); found !== null; found = SCHEME_VALUE.exec(text)) {
    const [whole, scheme, space] = found as unknown as [string, string, string];
    out += text.slice(copied, found.index + scheme.length + space.length) + REDACTED;
    copied = found.index + whole.length;
  }
  return copied === 0 ? text : out + text.slice(copied);
}

/** `text` with each of the (sorted, disjoint) spans replaced by {@link REDACTED}. */
function redactSpans(text: string, spans: readonly (readonly [number, number])[]): string {
  if (spans.length === 0) return text;
  let out = '';
  let copied = 0;
  for (const [start, end] of spans) {
    out += text.slice(copied, start) + REDACTED;
    copied = end;
  }
  return out + text.slice(copied);
}

/**
 * The rules that need no known secret: authorization credentials of every scheme, `Bearer`/`Basic`/`Api-Key`
 * values anywhere, user-info passwords and JSON Web Tokens. Linear in the text.
 */
export function redactCredentialShapes(text: string): string {
  return redactSchemeValues(redactUserInfo(redactAuthorizations(text))).replace(JWT, REDACTED);
}

/**
 * Returns a function that removes credentials from text: every occurrence of the given secrets in any
 * echoed form (raw, JSON-escaped, `\u`-escaped, URL-encoded once or more, form-encoded, a mix of those, and
 * the secret's bytes in hex or base64), plus the credential of any `Authorization` header (its scheme word
 * kept), any value following a `Bearer`, `Api-Key` or `Basic` scheme, the password in an address's user info
 * and any JSON Web Token, known or not. Its cost is linear in the text and in the secrets' total length.
 *
 * It leaves named values (`session=...`, `"token": ...`) alone: the server client runs it over successful
 * answers too, whose session ids and signed addresses are the result the app asked for. `redactShownText`
 * adds those for text that is only ever shown.
 *
 * @example
 * const redact = createRedactor([apiToken]);
 * redact(`{"echo":"sk\\/live"}`); // '{"echo":"[redacted]"}' when apiToken is 'sk/live'
 */
export function createRedactor(secrets: Iterable<string | undefined>): (text: string) => string {
  const known = [...secrets].filter((s): s is string => typeof s === 'string' && s.length >= MIN_SECRET_LENGTH);
  const find = createSecretMatcher(known);
  return (text) => redactCredentialShapes(redactSpans(text, find(text)));
}
