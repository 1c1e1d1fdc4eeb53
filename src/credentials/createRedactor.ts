/**
 * The shared credential scrubber lives in `src/credentials/`, a folder of its own rather than `src/protocol/`
 * or `src/server/`: the server client, the developer tools and (in development builds) the bridge's debug
 * reports all import it, and it imports nothing, so no entry that uses it pulls React, zod or the DOM, and the
 * server client does not pull the protocol core. Every file here is free of side effects at load time, so a
 * production bundle that only names it behind a development guard drops it whole.
 *
 * This file holds the text pass every user shares: known secrets in any echoed form, values after an
 * authorization scheme, and JSON Web Tokens.
 */

/** What replaces a credential in any text the package keeps or shows. */
export const REDACTED = '[redacted]';

/** Secrets shorter than this are not searched for: they would match ordinary words. */
export const MIN_SECRET_LENGTH = 4;

/**
 * A credential after an authorization scheme, in any text: `Bearer x`, `Api-Key x`, `Basic x`, with the
 * space raw, URL-encoded (`%20`, `%2520`, `+`) or JSON-escaped (`\u0020`). The scheme may follow a digit, as
 * in `saw%20Bearer`. The value runs up to a quote, a space or
 * a separator; a backslash is part of it so that a JSON-escaped `\/` inside the value goes too.
 */
const SCHEME_VALUE = /(?<![A-Za-z])(Bearer|Api-Key|Basic)((?:\s|%(?:25)?20|\+|\\u0020)+)[^\s"'<>,;&]+/gi;

/**
 * A JSON Web Token (three base64url parts, the first two JSON objects): a credential whoever issued it. The
 * dots may be written escaped (`\u002e`, `%2E`), as a JSON or URL encoder that escapes them leaves them.
 */
const JWT = /\beyJ[A-Za-z0-9_-]{2,}(?:\.|\\u002[eE]|%2[eE])eyJ[A-Za-z0-9_-]{2,}(?:\.|\\u002[eE]|%2[eE])[A-Za-z0-9_-]*/g;

/** A regular expression matching `char` literally. */
function literal(char: string): string {
  return char.replace(/[\\^$.*+?()[\]{}|/-]/g, '\\$&');
}

/** Hex digits of `n` (`width` wide) that match in either letter case: `[aA]f` style. */
function hexAnyCase(n: number, width: number): string {
  return [...n.toString(16).padStart(width, '0')]
    .map((digit) => (/[a-f]/.test(digit) ? `[${digit}${digit.toUpperCase()}]` : digit))
    .join('');
}

/**
 * JSON's two-character escapes, by the character they stand for; like the `\u` escapes below, with any number
 * of backslashes, as JSON written into a JSON string (and again) has them.
 */
const JSON_SHORT_ESCAPES: Record<string, string> = { '"': '\\\\+"', '\\': '\\\\+', '/': '\\\\+/', '\b': '\\\\+b', '\f': '\\\\+f', '\n': '\\\\+n', '\r': '\\\\+r', '\t': '\\\\+t' };

/**
 * A pattern matching one character of a secret in every form it may be echoed in: raw, JSON-escaped
 * (`\/`, `\u0041` in either hex case), URL-encoded (`%41`, once or twice, `+` for a space).
 */
function anyForm(char: string): string {
  const forms = [literal(char)];
  const short = JSON_SHORT_ESCAPES[char];
  if (short !== undefined) forms.push(short);
  let units = '';
  for (let i = 0; i < char.length; i++) units += `\\\\+u${hexAnyCase(char.charCodeAt(i), 4)}`;
  forms.push(units);
  const bytes = [...new TextEncoder().encode(char)];
  forms.push(bytes.map((byte) => `%${hexAnyCase(byte, 2)}`).join(''));
  forms.push(bytes.map((byte) => `%25${hexAnyCase(byte, 2)}`).join(''));
  if (char === ' ') forms.push('\\+');
  return `(?:${forms.join('|')})`;
}

/**
 * Returns a function that removes credentials from text: every occurrence of the given secrets in any
 * echoed form (raw, JSON-escaped, `\u`-escaped, URL-encoded once or twice, or a mix), plus any value following
 * a `Bearer`, `Api-Key` or `Basic` scheme and any JSON Web Token, known or not.
 *
 * It leaves named values (`session=...`, `"token": ...`) alone: the server client runs it over successful
 * answers too, whose session ids and signed addresses are the result the app asked for. `scrubCredentials`
 * adds those for text that is only ever shown.
 *
 * @example
 * const redact = createRedactor([apiToken]);
 * redact(`{"echo":"sk\\/live"}`); // '{"echo":"[redacted]"}' when apiToken is 'sk/live'
 */
export function createRedactor(secrets: Iterable<string | undefined>): (text: string) => string {
  const known = [...new Set([...secrets].filter((s): s is string => typeof s === 'string' && s.length >= MIN_SECRET_LENGTH))];
  // Longest first: a secret containing another is removed whole.
  known.sort((a, b) => b.length - a.length);
  const pattern = known.length === 0 ? undefined : new RegExp(known.map((secret) => [...secret].map(anyForm).join('')).join('|'), 'g');
  return (text) => {
    const withoutKnown = pattern === undefined ? text : text.replace(pattern, REDACTED);
    return withoutKnown.replace(SCHEME_VALUE, `$1$2${REDACTED}`).replace(JWT, REDACTED);
  };
}
