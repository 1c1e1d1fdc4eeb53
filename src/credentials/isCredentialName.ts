/**
 * Names that hold a credential whatever comes before them: `sessionToken`, `X-Amz-Signature`,
 * `client_secret`, `x-api-key`. Compared after {@link normalize}, so case and `-`/`_` do not matter.
 */
const SUFFIXES = ['token', 'secret', 'password', 'passwd', 'apikey', 'session', 'sessionid', 'signature', 'jwt', 'authorization', 'credential', 'credentials', 'cookie'];

/** Short names that would match ordinary words as suffixes (`config` ends in `sig`... almost): exact matches only. */
const EXACT = /* @__PURE__ */ new Set(['sig', 'auth', 'pwd']);

/** Lower case without `-` and `_`: `Session-Id`, `session_id` and `sessionId` are one name. */
function normalize(name: string): string {
  return name.toLowerCase().replace(/[-_]/g, '');
}

/**
 * Whether a key or parameter name holds a credential: `session`, `sessionId`, `session_id`, `token`,
 * `access_token`, `refresh_token`, `id_token`, `embedToken`, `apiToken`, `apiKey`, `api_key`, `jwt`,
 * `authorization`, `password`, `secret`, signed-URL signatures (`Signature`, `X-Amz-Signature`, `sig`) and
 * any name ending in one of those words. Case and `-`/`_` are ignored. Over-matching (a `showSession` flag)
 * costs a hidden value in a debugging view; under-matching would leak a credential.
 *
 * @example
 * isCredentialName('X-Amz-Signature'); // true
 * isCredentialName('maxTokens'); // false: the word is not at the end
 */
export function isCredentialName(name: string): boolean {
  const plain = normalize(name);
  return EXACT.has(plain) || SUFFIXES.some((suffix) => plain.endsWith(suffix));
}
