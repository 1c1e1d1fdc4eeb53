/**
 * Where a credential sits in a pair that names it, as headers, cookies and form fields are often written:
 * `1` for a `[name, value]` tuple (`[['x-api-key', t]]`, the entries of `Headers` or `URLSearchParams`),
 * `'value'` for a `{ name, value }` or `{ key, value }` record (`{ name: 'token', value: t }`), or undefined
 * when `item` is no such pair or its name is no credential's (as `isCredential` judges names).
 *
 * @example
 * credentialPair(['Authorization', 'Token abc'], isCredentialName); // 1
 * credentialPair({ name: 'token', value: 'abc' }, isCredentialName); // 'value'
 */
export function credentialPair(item: object, isCredential: (name: string) => boolean): 1 | 'value' | undefined {
  if (Array.isArray(item)) return item.length === 2 && typeof item[0] === 'string' && isCredential(item[0]) && item[1] != null ? 1 : undefined;
  if (!Object.hasOwn(item, 'value')) return undefined;
  const { name, key } = item as { readonly name?: unknown; readonly key?: unknown };
  const named = typeof name === 'string' ? name : key;
  return typeof named === 'string' && isCredential(named) ? 'value' : undefined;
}
