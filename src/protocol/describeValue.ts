/**
 * A short description of a value for error text: the value itself for short scalars, its kind otherwise,
 * so a reason never echoes a long or sensitive string.
 */
export function describeValue(value: unknown): string {
  if (value === null || value === undefined) return String(value);
  if (Array.isArray(value)) return 'an array';
  const kind = typeof value;
  if (kind === 'string') {
    const text = value as string;
    return text.length <= 40 ? JSON.stringify(text) : `a string of ${text.length} characters`;
  }
  if (kind === 'number' || kind === 'boolean') return String(value);
  return kind === 'object' ? 'an object' : `a ${kind}`;
}
