/**
 * A structural key of a JSON-like value: equal content gives an equal key whatever the key order, so a new
 * object literal with the same content each render compares equal and sends nothing.
 */
export function stableKey(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) => {
    if (inner === null || typeof inner !== 'object' || Array.isArray(inner)) return inner;
    const sorted: Record<string, unknown> = {};
    for (const key of Object.keys(inner).sort()) sorted[key] = (inner as Record<string, unknown>)[key];
    return sorted;
  }) ?? 'undefined';
}
