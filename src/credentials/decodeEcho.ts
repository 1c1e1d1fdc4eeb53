/**
 * Reading text the way a secret may have been echoed into it. A secret comes back raw, JSON-escaped (`\/`,
 * `\"`, `\u0041`, with any number of backslashes when JSON was written into JSON), URL-encoded once or more
 * (`%41`, `%2541`, multi-byte characters as their UTF-8 bytes) or form-encoded (`+` for a space), and in
 * mixes of those. Instead of one pattern per form and per secret, the text is decoded once, unit by unit, and
 * the decoded units are searched (see `createSecretMatcher`); each decoded unit remembers the stretch of the
 * original text it came from, so a match is redacted where it stands.
 */

/** Where the last decoded unit came from, and what it decoded to (one UTF-16 unit, or a surrogate pair). */
export interface DecodedUnit {
  /** The index just past the stretch of text the unit came from. */
  end: number;
  /** The first (or only) code unit. */
  first: number;
  /** The second code unit of a surrogate pair, or -1. */
  second: number;
}

const BACKSLASH = 0x5c;
const PERCENT = 0x25;
const PLUS = 0x2b;
const SPACE = 0x20;

/** The characters JSON writes after a backslash, by the character they stand for. */
const JSON_SHORT_ESCAPES: Readonly<Record<string, number>> = { '"': 0x22, "'": 0x27, '/': 0x2f, b: 0x08, f: 0x0c, n: 0x0a, r: 0x0d, t: 0x09 };

/** The value of a hex digit's code, or -1 when it is none. */
function hexDigit(code: number): number {
  if (code >= 0x30 && code <= 0x39) return code - 0x30;
  const lower = code | 0x20;
  return lower >= 0x61 && lower <= 0x66 ? lower - 0x57 : -1;
}

/**
 * A space and a `+` read as one unit: a form encoder writes a space as `+`, and a raw `+` stays a `+`, so
 * neither form can be told from the other. A secret's own spaces and pluses are read the same way.
 */
export function canonical(code: number): number {
  return code === SPACE ? PLUS : code;
}

/**
 * The byte a percent escape at `at` stands for, with any number of `25` (an encoded `%`) after the `%`:
 * `%41`, `%2541` and `%252541` are all `A`. Sets `unit.end` past it; -1 when there is no escape at `at`.
 */
function percentByte(text: string, at: number, unit: DecodedUnit): number {
  if (text.charCodeAt(at) !== PERCENT) return -1;
  let digits = at + 1;
  // Each `25` followed by two more hex digits is one more level of encoding.
  while (text.charCodeAt(digits) === 0x32 && text.charCodeAt(digits + 1) === 0x35 && hexDigit(text.charCodeAt(digits + 2)) >= 0 && hexDigit(text.charCodeAt(digits + 3)) >= 0) digits += 2;
  const high = hexDigit(text.charCodeAt(digits));
  const low = hexDigit(text.charCodeAt(digits + 1));
  if (high < 0 || low < 0) return -1;
  unit.end = digits + 2;
  return high * 16 + low;
}

/** Decodes the UTF-8 character whose first byte `lead` was read, from the percent escapes that follow it. */
function percentCharacter(text: string, lead: number, unit: DecodedUnit): boolean {
  const count = lead >= 0xf0 && lead <= 0xf4 ? 3 : lead >= 0xe0 ? 2 : lead >= 0xc2 && lead < 0xe0 ? 1 : 0;
  if (count === 0) return false;
  let point = lead & (0x3f >> count);
  let end = unit.end;
  for (let i = 0; i < count; i++) {
    const byte = percentByte(text, end, unit);
    if (byte < 0x80 || byte > 0xbf) return false;
    point = (point << 6) | (byte & 0x3f);
    end = unit.end;
  }
  unit.end = end;
  if (point > 0xffff) {
    unit.first = 0xd800 + ((point - 0x10000) >> 10);
    unit.second = 0xdc00 + ((point - 0x10000) & 0x3ff);
  } else {
    unit.first = point;
    unit.second = -1;
  }
  return true;
}

/**
 * Decodes the unit of `text` starting at `at` into `unit`: one escape (`\u0041`, `\\\"`, `%2541`, a UTF-8
 * character's percent escapes) or one character. Spaces and `+` decode alike (see {@link canonical}). Each
 * call reads past at least one character, and never reads a character twice, so decoding is linear.
 */
export function decodeUnit(text: string, at: number, unit: DecodedUnit): void {
  const code = text.charCodeAt(at);
  unit.second = -1;
  if (code === BACKSLASH) {
    // A run of backslashes is one level of JSON escaping or more: `\"`, `\\\"`, `\\u0041` all stand for one character.
    let next = at + 1;
    while (text.charCodeAt(next) === BACKSLASH) next++;
    const escaped = text[next];
    if (escaped === 'u') {
      let value = 0;
      let digits = 0;
      for (; digits < 4; digits++) {
        const digit = hexDigit(text.charCodeAt(next + 1 + digits));
        if (digit < 0) break;
        value = value * 16 + digit;
      }
      if (digits === 4) {
        unit.first = canonical(value);
        unit.end = next + 5;
        return;
      }
    } else if (escaped !== undefined && JSON_SHORT_ESCAPES[escaped] !== undefined) {
      unit.first = canonical(JSON_SHORT_ESCAPES[escaped] as number);
      unit.end = next + 1;
      return;
    }
    // A backslash that escapes nothing we know (or escapes a backslash): the run reads as one backslash.
    unit.first = BACKSLASH;
    unit.end = next;
    return;
  }
  if (code === PERCENT) {
    const byte = percentByte(text, at, unit);
    if (byte >= 0 && byte < 0x80) {
      unit.first = canonical(byte);
      return;
    }
    const digits = unit.end - 2;
    if (byte >= 0x80 && percentCharacter(text, byte, unit)) return;
    if (byte >= 0) {
      // Hex digits after a `%` that make no character (`%Fab` in a secret, `%2525Fab` once it is encoded twice):
      // the `%`, however deeply encoded, reads as one `%`, and the digits as themselves.
      unit.first = PERCENT;
      unit.end = digits;
      return;
    }
  }
  unit.first = canonical(code);
  unit.end = at + 1;
}

/**
 * Whether a decoded unit takes part in matching. A backslash never does: JSON doubles backslashes at each
 * level of escaping, and a run of them reads more than one way (`\\u0041` is an `A` escaped twice, or an
 * escaped backslash before the text `u0041`; `\\\u0000` is a backslash and a NUL), so whether a backslash of
 * an echo stands for itself cannot be told from the text. Leaving them out on both sides (the secret's own
 * included) makes every reading of such a run the same.
 */
export function isMatched(code: number): boolean {
  return code !== BACKSLASH;
}

/**
 * `text` decoded to the units {@link decodeUnit} reads, without its backslashes (see {@link isMatched}): what
 * a secret is turned into before it is searched for, so that it and the text are read alike.
 */
export function decodeEcho(text: string): number[] {
  const units: number[] = [];
  const unit: DecodedUnit = { end: 0, first: 0, second: -1 };
  for (let at = 0; at < text.length; at = unit.end) {
    decodeUnit(text, at, unit);
    if (!isMatched(unit.first)) continue;
    units.push(unit.first);
    if (unit.second >= 0) units.push(unit.second);
  }
  return units;
}
