import { canonical, decodeEcho, isMatched } from './decodeEcho.js';

/**
 * The shortest secret whose hex and base64 forms are searched for, and the shortest such form: shorter runs
 * of those alphabets turn up in ordinary data (colours, ids) by chance. Session ids and tokens are longer.
 */
const MIN_ENCODED_SECRET = 8;
const MIN_ENCODED_LENGTH = 8;
/** The shortest text form searched for: as short as the shortest secret a page remembers. */
const MIN_TEXT_FORM = 4;

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** Base64 of `bytes`, without padding. */
function base64(bytes: readonly number[]): string {
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const chunk = ((bytes[i] ?? 0) << 16) | ((bytes[i + 1] ?? 0) << 8) | (bytes[i + 2] ?? 0);
    const chars = Math.ceil(((Math.min(3, bytes.length - i)) * 8) / 6);
    for (let c = 0; c < chars; c++) out += BASE64[(chunk >> (18 - 6 * c)) & 0x3f];
  }
  return out;
}

/**
 * The base64 characters that stand for `bytes` wherever they sit in a longer encoded text: a secret inside
 * base64 (a `user:secret` pair, a cookie jar, a token wrapping a session id) is written differently at each of
 * the three byte offsets it may start at, and only the characters made of its own bits alone are the same
 * whatever surrounds it. One run per offset, in the standard and the URL-safe alphabet.
 */
function base64Runs(bytes: readonly number[]): string[] {
  const runs: string[] = [];
  for (let offset = 0; offset < 3; offset++) {
    const encoded = base64([...Array<number>(offset).fill(0), ...bytes]);
    // Characters made of bits from the padding bytes before, or from whatever follows, are left out.
    const run = encoded.slice(Math.ceil((offset * 8) / 6), Math.floor(((offset + bytes.length) * 8) / 6));
    runs.push(run, run.replace(/\+/g, '-').replace(/\//g, '_'));
  }
  return runs;
}

/**
 * Every form a remembered secret is searched for, as the units the text is decoded to (see `decodeEcho`):
 * the secret itself (which covers its JSON-escaped and URL-encoded echoes, since the text is decoded before
 * it is searched), its UTF-8 bytes in hex (either case) and in base64 (standard and URL-safe, at any offset
 * inside a longer base64 text). Hex and base64 forms are searched for secrets of 8 characters or more, and
 * only when at least 8 characters long.
 *
 * @example
 * secretForms('sess-42ab').length; // the decoded secret, 2 hex forms, up to 6 base64 runs
 */
/**
 * The secret as decoded text would read it in two ways: its own escapes read (a secret written as `a\"b` echoed
 * raw reads `a"b`), and its characters taken as they are (the same secret percent-encoded decodes to `a\"b`,
 * whose backslash no longer starts an escape). One form when the secret has nothing to read.
 */
function textForms(secret: string): number[][] {
  const decoded = decodeEcho(secret);
  const literal = Array.from({ length: secret.length }, (_, at) => canonical(secret.charCodeAt(at))).filter(isMatched);
  const forms = literal.length === decoded.length && literal.every((code, at) => code === decoded[at]) ? [decoded] : [decoded, literal];
  // A secret made mostly of backslashes (which are not matched) would leave a form short enough to turn up
  // everywhere by chance.
  return forms.filter((form) => form.length >= MIN_TEXT_FORM);
}

export function secretForms(secret: string): number[][] {
  if (secret.length < MIN_ENCODED_SECRET) return textForms(secret);
  const bytes = [...new TextEncoder().encode(secret)];
  const hex = bytes.map((byte) => byte.toString(16).padStart(2, '0')).join('');
  const encoded = [hex, hex.toUpperCase(), ...base64Runs(bytes)].filter((form) => form.length >= MIN_ENCODED_LENGTH);
  const forms = [...textForms(secret), ...[...new Set(encoded)].map((form) => [...form].map((char) => char.charCodeAt(0)))];
  return forms;
}
