/**
 * A short description of a value for error text: the value itself for short scalars, its kind otherwise,
 * so a reason never echoes a long or sensitive string.
 */
export function describeValue(value: unknown): string {
  const kind = typeof value;
  if (kind === 'string') {
    const { length } = value as string;
    return length <= 40 ? JSON.stringify(value) : `a string of ${length} characters`;
  }
  return value == null || kind === 'number' || kind === 'boolean'
    ? String(value)
    : Array.isArray(value)
      ? 'an array'
      : kind === 'object'
        ? 'an object'
        : `a ${kind}`;
}
