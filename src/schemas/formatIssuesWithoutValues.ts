import type * as z from 'zod/mini';

const MAX_ISSUES = 3;

/**
 * Names each bad field and what was expected, like `formatIssues`, but never shows the value received:
 * for responses that carry a credential (an embed session id), whose values must not reach an error.
 *
 * @example
 * formatIssuesWithoutValues(issues, 'response'); // 'response.sessionId: expected string'
 */
export function formatIssuesWithoutValues(issues: readonly z.core.$ZodIssue[], prefix = ''): string {
  const parts = issues.slice(0, MAX_ISSUES).map((issue) => {
    const path = [prefix, ...issue.path.map(String)].filter(Boolean).join('.') || '(value)';
    switch (issue.code) {
      case 'invalid_type':
        return `${path}: expected ${issue.expected}`;
      case 'too_small':
        return `${path}: must be at least ${String(issue.minimum)}${issue.origin === 'string' || issue.origin === 'array' ? ' long' : ''}`;
      case 'too_big':
        return `${path}: must be at most ${String(issue.maximum)}${issue.origin === 'string' || issue.origin === 'array' ? ' long' : ''}`;
      default:
        return `${path}: invalid value (${issue.code})`;
    }
  });
  const more = issues.length > MAX_ISSUES ? ` (and ${issues.length - MAX_ISSUES} more)` : '';
  return parts.join('; ') + more;
}
