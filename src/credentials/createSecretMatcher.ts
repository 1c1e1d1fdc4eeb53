import { type DecodedUnit, decodeUnit, isMatched } from './decodeEcho.js';
import { secretForms } from './secretForms.js';

/**
 * How much of one form of a secret is searched for, in decoded units. A longer secret is found by its start,
 * and the redaction then runs on to the end of the token it starts (see {@link extendOverToken}). Keeps the
 * matcher's size, and the window of text it looks back over, bounded whatever a page remembers.
 */
export const MAX_SEARCHED_LENGTH = 1024;

/** Characters that end a token: where the redaction of a long secret found by its start stops. */
const TOKEN_END = /[\s"'<>&,;()[\]{}]/;

/** A stretch `[start, end)` of the original text. */
export type Span = [start: number, end: number];

/**
 * Finds every remembered secret in text, in any form it is echoed in, in one pass whatever the number of
 * secrets: an Aho-Corasick automaton over all their forms (`secretForms`), fed the text as `decodeEcho` reads
 * it. The cost is linear in the text (each unit is decoded once and moves the automaton once, plus failure
 * moves that are paid for by earlier ones) and in the secrets' total length.
 */
export type SecretMatcher = (text: string) => Span[];

/**
 * The index just past the token that starts before `end`: a long secret (searched for by its first
 * {@link MAX_SEARCHED_LENGTH} units) goes to its end, as far as the text shows it unbroken.
 */
function extendOverToken(text: string, end: number): number {
  let at = end;
  while (at < text.length && !TOKEN_END.test(text[at] as string)) at++;
  return at;
}

/** `onlyCode` of a node without children, and of a node with several (kept in `branches`). */
const NONE = -1;
const BRANCH = -2;

/**
 * The automaton's trie. Most nodes of a trie of random secrets have one child, so a node keeps its one
 * child in two plain arrays and only a node with several children has a map; the root, where every unit of
 * the text starts, has a table by code unit. (One map of every transition measured over a second to build
 * for 256 secrets, and slow to walk.)
 */
class Trie {
  readonly root = new Int32Array(0x10000).fill(NONE);
  readonly rootCodes: number[] = [];
  readonly onlyCode: number[] = [NONE];
  readonly onlyChild: number[] = [NONE];
  readonly branches = new Map<number, Map<number, number>>();
  /** Per node: the length of the longest form ending here (0: none), and whether it was cut. */
  readonly longest: number[] = [0];
  readonly cut: boolean[] = [false];

  get size(): number {
    return this.longest.length;
  }

  /** The child of `node` by `code`, or {@link NONE}. */
  child(node: number, code: number): number {
    if (node === 0) return this.root[code] as number;
    const only = this.onlyCode[node] as number;
    if (only === code) return this.onlyChild[node] as number;
    if (only !== BRANCH) return NONE;
    return (this.branches.get(node) as Map<number, number>).get(code) ?? NONE;
  }

  /** Calls `visit` with the code and the node of each child of `node`. */
  forEachChild(node: number, visit: (code: number, child: number) => void): void {
    if (node === 0) {
      for (const code of this.rootCodes) visit(code, this.root[code] as number);
      return;
    }
    const only = this.onlyCode[node] as number;
    if (only === BRANCH) for (const [code, child] of this.branches.get(node) as Map<number, number>) visit(code, child);
    else if (only !== NONE) visit(only, this.onlyChild[node] as number);
  }

  /** The child of `node` by `code`, made when missing. */
  add(node: number, code: number): number {
    const found = this.child(node, code);
    if (found !== NONE) return found;
    const made = this.longest.length;
    this.onlyCode.push(NONE);
    this.onlyChild.push(NONE);
    this.longest.push(0);
    this.cut.push(false);
    if (node === 0) {
      this.root[code] = made;
      this.rootCodes.push(code);
    } else if (this.onlyCode[node] === NONE) {
      this.onlyCode[node] = code;
      this.onlyChild[node] = made;
    } else if (this.onlyCode[node] === BRANCH) {
      (this.branches.get(node) as Map<number, number>).set(code, made);
    } else {
      this.branches.set(
        node,
        new Map([
          [this.onlyCode[node] as number, this.onlyChild[node] as number],
          [code, made],
        ]),
      );
      this.onlyCode[node] = BRANCH;
    }
    return made;
  }
}

/**
 * Builds the matcher of `secrets` (each one at least as long as the caller requires; duplicates are fine).
 *
 * @example
 * const find = createSecretMatcher(['sess-42ab']);
 * find('id=sess%2D42ab!'); // [[3, 14]]
 */
export function createSecretMatcher(secrets: Iterable<string>): SecretMatcher {
  const trie = new Trie();
  for (const secret of new Set(secrets)) {
    for (const form of secretForms(secret)) {
      const searched = form.slice(0, MAX_SEARCHED_LENGTH);
      let node = 0;
      for (const code of searched) node = trie.add(node, code);
      if (searched.length >= (trie.longest[node] as number)) {
        trie.longest[node] = searched.length;
        trie.cut[node] = trie.cut[node] === true || form.length > searched.length;
      }
    }
  }
  // Failure links, breadth first; each node's match becomes the longest form ending at it or along its links.
  const fail = new Int32Array(trie.size);
  const queue: number[] = [0];
  for (let head = 0; head < queue.length; head++) {
    const node = queue[head] as number;
    trie.forEachChild(node, (code, child) => {
      let target = 0;
      if (node !== 0) {
        let link = fail[node] as number;
        while (link !== 0 && trie.child(link, code) === NONE) link = fail[link] as number;
        target = Math.max(0, trie.child(link, code));
      }
      fail[child] = target;
      if ((trie.longest[target] as number) > (trie.longest[child] as number)) {
        trie.longest[child] = trie.longest[target] as number;
        trie.cut[child] = trie.cut[target] as boolean;
      }
      queue.push(child);
    });
  }
  const longest = Int32Array.from(trie.longest);
  const cut = Uint8Array.from(trie.cut, Number);

  return (text) => {
    const spans: Span[] = [];
    if (longest.length === 1) return spans;
    // Where each of the last MAX_SEARCHED_LENGTH decoded units started: a match looks back at most that far.
    const starts = new Int32Array(MAX_SEARCHED_LENGTH);
    const unit: DecodedUnit = { end: 0, first: 0, second: -1 };
    let node = 0;
    let count = 0;
    let reach = -1;
    const step = (code: number, start: number): void => {
      starts[count % MAX_SEARCHED_LENGTH] = start;
      count++;
      let to = trie.child(node, code);
      while (to === NONE && node !== 0) {
        node = fail[node] as number;
        to = trie.child(node, code);
      }
      node = Math.max(0, to);
      const length = longest[node] as number;
      if (length === 0) return;
      const from = starts[(count - length) % MAX_SEARCHED_LENGTH] as number;
      // Every match of a cut form inside one token runs to that token's end: it is looked for once per token.
      if (cut[node] === 1 && unit.end > reach) reach = extendOverToken(text, unit.end);
      let merged: Span = [from, cut[node] === 1 ? reach : unit.end];
      // Matches arrive in order of their end; one that reaches back over earlier ones absorbs them.
      while (spans.length > 0 && (spans[spans.length - 1] as Span)[1] >= merged[0]) {
        const last = spans.pop() as Span;
        merged = [Math.min(last[0], merged[0]), Math.max(last[1], merged[1])];
      }
      spans.push(merged);
    };
    for (let at = 0; at < text.length; at = unit.end) {
      const code = text.charCodeAt(at);
      // Most characters are no escape: read them here rather than through the decoder.
      if (code !== 0x5c && code !== 0x25) {
        unit.end = at + 1;
        step(code === 0x20 ? 0x2b : code, at);
        continue;
      }
      decodeUnit(text, at, unit);
      // Backslashes are read past, as the secrets' forms are (see `isMatched`).
      if (!isMatched(unit.first)) continue;
      step(unit.first, at);
      if (unit.second >= 0) step(unit.second, at);
    }
    return spans;
  };
}
