/**
 * How deeply a JSON text nests its arrays and objects, counted in one pass without parsing (brackets
 * inside strings do not count). Stops counting once `limit` is passed, so a hostile text costs no more than
 * reading it up to there.
 *
 * @example
 * jsonNestingDepth('{"a":[1,{"b":2}]}', 64); // 3
 */
export function jsonNestingDepth(text: string, limit: number): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (inString) {
      if (code === 0x5c) i += 1; // a backslash escapes the next character, a quote included
      else if (code === 0x22) inString = false;
    } else if (code === 0x22) {
      inString = true;
    } else if (code === 0x5b || code === 0x7b) {
      depth += 1;
      if (depth > deepest) {
        deepest = depth;
        if (deepest > limit) return deepest;
      }
    } else if (code === 0x5d || code === 0x7d) {
      depth -= 1;
    }
  }
  return deepest;
}
