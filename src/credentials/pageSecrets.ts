/**
 * The secrets a page has handed to embeds (session ids, tokens), which redaction hides wherever they turn up.
 * Read-only apart from `add` and `clear`.
 */
export interface SecretStore extends Iterable<string> {
  /** Adds a secret; the oldest is forgotten once {@link MAX_REMEMBERED_SECRETS} are kept. */
  add(secret: string): void;
  /** Whether `secret` is kept. */
  has(secret: string): boolean;
  /** How many secrets are kept. */
  readonly size: number;
  /** Forgets every secret. */
  clear(): void;
  /**
   * What `build` makes of the current secrets, made again only after they changed: a redactor built from them
   * is costly, and a page asks for it far more often than it adds a secret.
   */
  derive<T>(build: (secrets: ReadonlySet<string>) => T): T;
}

/**
 * How many secrets the page remembers; the oldest is forgotten first. A page loads a handful of sessions;
 * the cap keeps a runaway loop from growing memory and the search pattern without bound.
 */
export const MAX_REMEMBERED_SECRETS = 256;

/** Creates an empty secret store. */
export function createSecretStore(): SecretStore {
  const secrets = new Set<string>();
  let derived: { readonly build: unknown; readonly value: unknown } | undefined;
  return {
    add(secret) {
      if (secrets.has(secret)) return;
      if (secrets.size >= MAX_REMEMBERED_SECRETS) secrets.delete(secrets.values().next().value as string);
      secrets.add(secret);
      derived = undefined;
    },
    has: (secret) => secrets.has(secret),
    get size() {
      return secrets.size;
    },
    clear() {
      secrets.clear();
      derived = undefined;
    },
    derive<T>(build: (kept: ReadonlySet<string>) => T): T {
      if (derived?.build !== build) derived = { build, value: build(secrets) };
      return derived.value as T;
    },
    [Symbol.iterator]: () => secrets.values(),
  };
}

/**
 * Where the page's store is kept: one per page, even when an app loads both the ES module and the CommonJS
 * build of this package (each would otherwise hold its own, and hide only the secrets it was told).
 */
const PAGE_SECRETS = Symbol.for('svc-embed-react.secrets.v1');

/**
 * The page's secret store. Secrets are page-wide on purpose, unlike the rest of an embed runtime's state:
 * redaction errs on the side of hiding, so a secret one runtime loaded is hidden from every runtime's reports
 * and developer tools too.
 */
export function pageSecrets(): SecretStore {
  const page = globalThis as { [PAGE_SECRETS]?: SecretStore };
  page[PAGE_SECRETS] ??= createSecretStore();
  return page[PAGE_SECRETS];
}
