import { createRedactor, MIN_SECRET_LENGTH } from './createRedactor.js';

/**
 * How many secrets the page remembers; the oldest is forgotten first. A page loads a handful of sessions;
 * the cap keeps a runaway loop from growing memory and the matcher without bound. Scrubbing costs time
 * linear in the text with any number of secrets up to this bound (the matcher finds them all in one pass).
 */
export const MAX_REMEMBERED_SECRETS = 256;

const secrets = /* @__PURE__ */ new Set<string>();

/** The redactor for the current secrets, built on first use after a change (building it is the costly part). */
let redactor: ((text: string) => string) | undefined;

/**
 * The secrets this page has handed to an embed (session ids, tokens), page-wide: {@link scrubCredentials}
 * removes each of them wherever it appears, raw, URL-encoded or JSON-escaped, not only under a credential
 * name. Read-only here; add with {@link rememberSecret}.
 */
export const knownSecrets: ReadonlySet<string> = secrets;

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
  if (typeof secret !== 'string' || secret.length < MIN_SECRET_LENGTH || secrets.has(secret)) return;
  if (secrets.size >= MAX_REMEMBERED_SECRETS) secrets.delete(secrets.values().next().value as string);
  secrets.add(secret);
  redactor = undefined;
}

/** Forgets every remembered secret: for tests, which share one page-wide registry. */
export function forgetSecrets(): void {
  secrets.clear();
  redactor = undefined;
}

/**
 * Removes every {@link knownSecrets} entry from `text` in any echoed form, plus scheme values and JSON Web
 * Tokens (see `createRedactor`).
 */
export function redactKnownSecrets(text: string): string {
  redactor ??= createRedactor(secrets);
  return redactor(text);
}
