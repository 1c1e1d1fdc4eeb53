import type * as z from 'zod/mini';
import { describeValue } from '../protocol/describeValue.js';

const MAX_ISSUES = 3;

/**
 * Turns zod issues into one readable sentence naming each bad field and what was expected, such as
 * `payload.mode: expected one of "signed", "private", got "x"`. Zod's mini build ships no messages of its
 * own, so the text is made here; received values are described, never echoed at length.
 */
export function formatIssues(issues: readonly z.core.$ZodIssue[], input: unknown, prefix = ''): string {
  const parts = issues.slice(0, MAX_ISSUES).map((issue) => {
    const path = [prefix, ...issue.path.map(String)].filter(Boolean).join('.') || '(message)';
    const value = valueAt(input, issue.path);
    const received = value === MISSING ? 'missing' : describeValue(value);
    switch (issue.code) {
      case 'invalid_type':
        return received === 'missing'
          ? `${path}: required ${issue.expected} is missing`
          : `${path}: expected ${issue.expected}, got ${received}`;
      case 'invalid_value':
        return `${path}: expected ${issue.values.map((v) => JSON.stringify(v)).join(' or ')}, got ${received}`;
      case 'invalid_union':
        return `${path}: got ${received}, which matches none of the allowed types`;
      case 'too_small':
        return `${path}: must be ${issue.inclusive === false ? 'greater than' : 'at least'} ${String(issue.minimum)}${issue.origin === 'string' || issue.origin === 'array' ? ' long' : ''}, got ${received}`;
      case 'too_big':
        return `${path}: must be ${issue.inclusive === false ? 'less than' : 'at most'} ${String(issue.maximum)}${issue.origin === 'string' || issue.origin === 'array' ? ' long' : ''}, got ${received}`;
      case 'invalid_format':
        return `${path}: expected a string ${issue.format === 'starts_with' ? `starting with "${(issue as { prefix?: string }).prefix ?? ''}"` : `in ${issue.format} format`}, got ${received}`;
      default:
        return `${path}: ${issue.message}${received === 'missing' ? '' : `, got ${received}`}`;
    }
  });
  const more = issues.length > MAX_ISSUES ? ` (and ${issues.length - MAX_ISSUES} more)` : '';
  return parts.join('; ') + more;
}

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let current: unknown = input;
  for (const key of path) {
    if (typeof current !== 'object' || current === null || !Object.hasOwn(current, key)) return MISSING;
    current = (current as Record<PropertyKey, unknown>)[key];
  }
  return current;
}

const MISSING = Symbol('missing');
