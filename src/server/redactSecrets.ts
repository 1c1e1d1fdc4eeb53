/** What replaces a credential in any text the client keeps or shows. */
export const REDACTED = '[redacted]';

/** Returns a function that replaces every occurrence of the given secrets (and `Bearer`/`Api-Key` values) in text. */
export function createRedactor(secrets: readonly (string | undefined)[]): (text: string) => string {
  const known = secrets.filter((s): s is string => typeof s === 'string' && s.length >= 4);
  return (text) => {
    let out = text;
    for (const secret of known) out = out.split(secret).join(REDACTED);
    return out.replace(/\b(Bearer|Api-Key)\s+[^\s",]+/gi, `$1 ${REDACTED}`);
  };
}
