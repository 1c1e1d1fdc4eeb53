import { createRedactor, MIN_SECRET_LENGTH } from './createRedactor.js';
import { pageSecrets } from './pageSecrets.js';

export { MAX_REMEMBERED_SECRETS } from './pageSecrets.js';

/**
 * The secrets this page has handed to an embed (session ids, tokens), page-wide: {@link redactShownText}
 * removes each of them wherever it appears, raw, URL-encoded or JSON-escaped, not only under a credential
 * name. Read-only here; add with {@link rememberSecret}. (The page's store, see `pageSecrets`; every embed
 * runtime shares it.)
 */
export const knownSecrets: Pick<ReadonlySet<string>, 'has' | 'size'> & Iterable<string> = {
  has: (secret) => pageSecrets().has(secret),
  get size() {
    return pageSecrets().size;
  },
  [Symbol.iterator]: () => pageSecrets()[Symbol.iterator](),
};

/**
 * Adds a secret the page has loaded (an embed session id, a token) to {@link knownSecrets}, so the developer
 * tools and development debug reports hide it wherever it turns up: quoted in an error message, inside another
 * address, in a foreign message. Secrets shorter than 4 characters are ignored: they would match ordinary
 * words. Call it where the secret is first handed over, before anything can echo it. Only development code
 * reads the list, so call it behind the package's development check in its own code (the constant in
 * `src/protocol/`, whose every use the build inlines): a production bundle then drops it.
 *
 * @example
 * rememberSecret(sessionId); // then load the embed with it
 */
export function rememberSecret(secret: string): void {
  if (typeof secret !== 'string' || secret.length < MIN_SECRET_LENGTH) return;
  pageSecrets().add(secret);
}

/** Forgets every remembered secret: for tests, which share the one page-wide store. */
export function forgetSecrets(): void {
  pageSecrets().clear();
}

/**
 * Removes every {@link knownSecrets} entry from `text` in any echoed form, plus scheme values and JSON Web
 * Tokens (see `createRedactor`).
 */
export function redactKnownSecrets(text: string): string {
  // Built again only after the secrets changed (building it is the costly part).
  return pageSecrets().derive(createRedactor)(text);
}
