import { EmulatorHttpError } from './EmulatorState.js';

/** One item of a SELECT list. */
export type SqlSelectItem =
  | { readonly kind: 'column'; readonly name: string }
  | { readonly kind: 'count' }
  | { readonly kind: 'sum'; readonly column: string };

/** The small SQL subset the emulator's data API runs, parsed. */
export interface SqlStatement {
  readonly select: readonly SqlSelectItem[];
  readonly from: string;
  /** `column = 'value'` conditions joined by AND. */
  readonly where: readonly { readonly column: string; readonly value: string }[];
  /** `null` without GROUP BY. */
  readonly groupBy: readonly string[] | null;
  readonly limit: number | null;
}

/**
 * The longest SQL text the emulator reads. Its subset needs a few hundred characters; the bound keeps a
 * huge body from costing more than one quick refusal.
 */
export const MAX_SQL_LENGTH = 64 * 1024;

interface Token {
  readonly kind: 'word' | 'number' | 'string' | 'symbol';
  /** Words are lower-cased; strings have their quotes removed. */
  readonly text: string;
  readonly start: number;
  readonly end: number;
}

// Every alternative consumes at least one character and none can backtrack into an earlier position,
// so tokenizing is linear in the length of the text, whatever it holds.
const TOKEN = /(\s+)|'([^']*)'|([A-Za-z_][A-Za-z0-9_]*)|(\d+)|([(),;=*]|[<>!]=?|.)/gy;

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  TOKEN.lastIndex = 0;
  for (let match = TOKEN.exec(text); match !== null; match = TOKEN.exec(text)) {
    const [whole, space, quoted, word, digits] = match;
    const start = match.index;
    const end = start + whole.length;
    if (space !== undefined) continue;
    if (quoted !== undefined) tokens.push({ kind: 'string', text: quoted, start, end });
    else if (word !== undefined) tokens.push({ kind: 'word', text: word.toLowerCase(), start, end });
    else if (digits !== undefined) tokens.push({ kind: 'number', text: digits, start, end });
    else tokens.push({ kind: 'symbol', text: whole, start, end });
  }
  return tokens;
}

/**
 * Parses `SELECT <columns, COUNT(*), SUM(column)> FROM <table> [WHERE column = 'value' [AND …]]
 * [GROUP BY columns] [LIMIT n] [;]` in one pass over its tokens: time linear in the text's length.
 *
 * @throws EmulatorHttpError 400 with the reason (and `help`, the supported form) for anything else.
 */
export function parseSql(text: string, help: string): SqlStatement {
  if (text.length > MAX_SQL_LENGTH) throw new EmulatorHttpError(400, `the SQL text is longer than ${MAX_SQL_LENGTH} characters; ${help}`);
  const tokens = tokenize(text);
  let at = 0;
  const cannot = (): never => {
    throw new EmulatorHttpError(400, `the emulator cannot run this SQL; ${help}`);
  };
  const peek = (): Token | undefined => tokens[at];
  const isWord = (word: string): boolean => peek()?.kind === 'word' && peek()?.text === word;
  const isSymbol = (symbol: string): boolean => peek()?.kind === 'symbol' && peek()?.text === symbol;
  const expectWord = (word: string): void => {
    if (!isWord(word)) cannot();
    at += 1;
  };
  const identifier = (): string => {
    const token = peek();
    if (token?.kind !== 'word') return cannot();
    at += 1;
    return token.text;
  };
  const snippet = (from: number, to: number): string => text.slice(tokens[from]?.start ?? 0, tokens[to - 1]?.end ?? 0).slice(0, 60);

  expectWord('select');
  const select: SqlSelectItem[] = [];
  for (;;) {
    const first = at;
    while (peek() !== undefined && !isSymbol(',') && !isWord('from')) at += 1;
    const item = tokens.slice(first, at);
    const [a, b, c, d] = item;
    if (item.length === 1 && a?.kind === 'word') select.push({ kind: 'column', name: a.text });
    else if (item.length === 4 && a?.text === 'count' && b?.text === '(' && c?.text === '*' && d?.text === ')') select.push({ kind: 'count' });
    else if (item.length === 4 && a?.text === 'sum' && b?.text === '(' && c?.kind === 'word' && d?.text === ')') select.push({ kind: 'sum', column: c.text });
    else if (item.length === 0) cannot();
    else throw new EmulatorHttpError(400, `unsupported select item "${snippet(first, at)}"; ${help}`);
    if (!isSymbol(',')) break;
    at += 1;
  }
  expectWord('from');
  const fromToken = peek();
  const from = identifier();
  const where: { column: string; value: string }[] = [];
  if (isWord('where')) {
    at += 1;
    for (;;) {
      const first = at;
      while (peek() !== undefined && !isWord('and') && !isWord('group') && !isWord('limit') && !isSymbol(';')) at += 1;
      const [column, equals, value, ...rest] = tokens.slice(first, at);
      if (column?.kind !== 'word' || equals?.text !== '=' || value?.kind !== 'string' || rest.length > 0) {
        throw new EmulatorHttpError(400, `unsupported condition "${snippet(first, at)}"; ${help}`);
      }
      where.push({ column: column.text, value: value.text });
      if (!isWord('and')) break;
      at += 1;
    }
  }
  let groupBy: string[] | null = null;
  if (isWord('group')) {
    at += 1;
    expectWord('by');
    groupBy = [identifier()];
    while (isSymbol(',')) {
      at += 1;
      groupBy.push(identifier());
    }
  }
  let limit: number | null = null;
  if (isWord('limit')) {
    at += 1;
    const token = peek();
    if (token?.kind !== 'number' || token.text.length > 9) cannot();
    limit = Number(token?.text);
    at += 1;
  }
  if (isSymbol(';')) at += 1;
  if (at !== tokens.length) cannot();
  // The table name keeps the case it was written in, for the error that names it.
  return { select, from: fromToken === undefined ? from : text.slice(fromToken.start, fromToken.end), where, groupBy, limit };
}
