/**
 * A structural key of a JSON-like value: equal content gives an equal key whatever the key order, so a new
 * object literal with the same content each render compares equal and sends nothing.
 */
export function stableKey(value: unknown): string {
  // Given a list of names, JSON.stringify writes each object's properties in the list's order (repeats count
  // once): every name the value uses, sorted, puts the same content in the same order.
  const names: string[] = [];
  JSON.stringify(value, (name, inner: unknown) => {
    names.push(name);
    return inner;
  });
  return JSON.stringify(value, names.sort()) ?? 'undefined';
}
